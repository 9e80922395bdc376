import { STATUS } from '@dd/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getContext } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { notes } from '../../db/schema';
import { call, requestRow, staffCase } from '../staffwork/staffwork.fixtures';

/**
 * A request's history reads in the order things happened: its newest status note is its status. A note
 * written by a transaction that first waited for the request's lock happened when it was written, not
 * when that transaction began (which is what now() gives), or the history shows it before the change it
 * followed. The crash script's ledger found it: a request 'In Contact' whose newest note said 'Closed'.
 */
describe('the order of a request history', () => {
  it('times a note when it is written, not when its transaction began', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.initialRequestSent });
    const { began, written } = await deps.db.transaction(async (tx) => {
      const [{ t }] = await queryRows<{ t: string }>(tx, sql`select clock_timestamp() as t`);
      // Standing for the wait on a lock another change held.
      await tx.execute(sql`select pg_sleep(0.3)`);
      const [note] = await tx
        .insert(notes)
        .values({ requestId: c.request.id, companyId: c.company.id, text: 'After the wait' })
        .returning({ createdAt: notes.createdAt });
      return { began: new Date(t), written: note.createdAt };
    });
    expect(written.getTime() - began.getTime()).toBeGreaterThanOrEqual(300);
  });

  it('keeps the newest status note equal to the status when status notes race (fails only on PostgreSQL)', async () => {
    const c = await staffCase({ status: STATUS.initialRequestSent });
    const statuses = [STATUS.inContact, STATUS.needAssistance, STATUS.documentsEnRoute];
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        call('POST', '/api/home/notes/', c.staff.headers, {
          text: `Note ${i}`,
          request: c.request.id,
          update_status: statuses[i % statuses.length],
        }),
      ),
    );
    const history = await call('GET', `/api/home/notes/?request=${c.request.id}&limit=50`, c.staff.headers);
    const newestStatusNote = (history.json().results as { update_status: string | null }[]).find(
      (n) => n.update_status,
    );
    expect(newestStatusNote?.update_status).toBe((await requestRow(c.request.id)).status);
  });
});
