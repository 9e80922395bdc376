import { id, type MatrixRow } from './access-matrix-kit';

/** Access matrix rows: a request's follow-ups to its provider (the schedule, and the staff actions on it). */
const action = (pausedByStaff = false): MatrixRow => ({
  access: 'internalStaff',
  expect: '401 403 403 403 403 403 200 200',
  input: async (fx) => ({ params: id((await fx.freshSentRequest(pausedByStaff)).id) }),
});

export const FOLLOW_UP_ROWS: Record<string, MatrixRow> = {
  'GET /api/home/request/:id/follow_ups/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    note: 'internal users who are not staff see only the requests claimed by them',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
  'POST /api/home/request/:id/follow_ups/send/': action(),
  'POST /api/home/request/:id/follow_ups/skip/': action(),
  'POST /api/home/request/:id/follow_ups/pause/': action(),
  'POST /api/home/request/:id/follow_ups/resume/': action(true),
};
