import { eq } from 'drizzle-orm';
import { requestTypeChoices } from '../src/db/schema';
import { id, type MatrixRow } from './access-matrix-kit';
import { getContext } from './helpers';

/**
 * Access matrix rows: what arrived of each record category a request asks for (read, mark, re-request), and
 * the live-updates stream and the notification bell every signed-in user may open (what each tells whom is
 * in events.test.ts and notifications.test.ts).
 */
async function firstCategory(requestId: number): Promise<number> {
  const { deps } = await getContext();
  const [choice] = await deps.db
    .select({ id: requestTypeChoices.requestTypeId })
    .from(requestTypeChoices)
    .where(eq(requestTypeChoices.requestId, requestId));
  return choice.id;
}

export const COMPLETENESS_ROWS: Record<string, MatrixRow> = {
  'GET /api/events/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200', stream: true },
  // The bell: each caller's own notes feed (what it lists to each is in notifications.test.ts).
  'GET /api/notifications/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'POST /api/notifications/seen/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    input: () => ({ body: {} }),
  },
  // Each caller's own notification e-mail choices (what they send is in notification-emails.test.ts).
  'GET /api/notifications/emails/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'PUT /api/notifications/emails/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    input: () => ({ body: { status_change: 'never', records_arrived: 'daily', note: 'never' } }),
  },
  'GET /api/home/request/:id/completeness/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    note: 'internal users who are not staff see only the requests claimed by them',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
  'PUT /api/home/request/:id/completeness/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({
      params: id(fx.request.id),
      body: { categories: [{ request_type: await firstCategory(fx.request.id), receipt: 'partial' }] },
    }),
  },
  'POST /api/home/request/:id/completeness/re-request/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: (fx) => ({ params: id(fx.request.id), body: {} }),
  },
};
