import { STATUS } from '@dd/shared';
import { id, type MatrixRow } from './access-matrix-kit';

/** Access matrix rows: the provider's outcomes and the stale-request offer (decision 058). */
const STAFF = '401 403 403 403 403 403 200 200';
const FIRM_ANSWER = '401 200 200 404 404 403 403 403';

export const OUTCOME_ROWS: Record<string, MatrixRow> = {
  'POST /api/home/request/:id/no_records/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => ({ params: id((await fx.freshRequest()).id), body: {} }),
  },
  'GET /api/home/request/:id/no_records/certification/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => ({ params: id((await fx.freshRequestIn(STATUS.noRecordsFound)).id) }),
  },
  'POST /api/home/request/:id/no_records/certification/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 400 400',
    note: '400: the upload named is not the caller’s own (the delivery itself: outcomes/outcomes.test.ts)',
    input: async (fx) => ({
      params: id((await fx.freshRequestIn(STATUS.noRecordsFound)).id),
      body: { url: fx.file.url },
    }),
  },
  'POST /api/home/request/:id/reject/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => ({ params: id((await fx.freshRequest()).id), body: { reason: 'wrong_provider' } }),
  },
  'POST /api/home/request/:id/resend/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => ({ params: id((await fx.freshRequestIn(STATUS.requestRejected)).id), body: {} }),
  },
  'GET /api/home/request/:id/outcome/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    note: 'internal users who are not staff see only the requests claimed by them',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
  'GET /api/home/request/stale/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 403 403 403',
    note: 'a firm sees its own stale requests; whether to cancel is the firm’s decision, so internal users get 403',
  },
  'POST /api/home/request/:id/stale/cancel/': {
    access: 'authenticated',
    expect: FIRM_ANSWER,
    note: 'a request sent half a year ago and never answered (a fresh one for each caller)',
    input: async (fx) => ({ params: id((await fx.freshStaleRequest()).id) }),
  },
  'POST /api/home/request/:id/stale/keep_waiting/': {
    access: 'authenticated',
    expect: FIRM_ANSWER,
    note: 'a request sent half a year ago and never answered (a fresh one for each caller)',
    input: async (fx) => ({ params: id((await fx.freshStaleRequest()).id) }),
  },
};
