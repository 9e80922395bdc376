import { isOpenStatus, REQUEST_STATUSES, STATUS } from '@dd/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authOf, createCompany, createPatient, createRequest, createUser } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { requests } from '../../db/schema';
import { compactTallies } from './tallies.queries';
import { countedTrends, dashboardTrends } from './trends.queries';

/**
 * The charts staff see are sums of the hourly tallies; they must equal the same charts counted from the
 * requests after every kind of change, in zones east and west of UTC, with the age buckets' edges falling
 * inside an hour. Both are read in one snapshot, so other tests writing meanwhile cannot differ them.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;

async function expectSame(staff: Parameters<typeof authOf>[0], now: Date) {
  const { deps } = await getContext();
  for (const timezone of ['America/Denver', 'Europe/Paris', 'UTC']) {
    const auth = authOf(staff, { isInternal: true, isStaff: true, timezone });
    const { tallied, counted } = await deps.db.transaction(
      async (tx) => ({
        tallied: await dashboardTrends(tx, auth, now),
        counted: await countedTrends(tx, auth, now),
      }),
      { isolationLevel: 'repeatable read' },
    );
    expect({ timezone, ...tallied }).toEqual({ timezone, ...counted });
  }
}

describe('the data dashboard charts from the hourly tallies', () => {
  it('equal the charts counted from the requests through every kind of change', async () => {
    const { deps } = await getContext();
    const db = deps.db;
    const staff = await createUser(db, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const firm = await createCompany(db);
    const patient = await createPatient(db, firm.id);
    const now = new Date();
    const at = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY + minutes * 60_000);
    const make = (values: Partial<Parameters<typeof createRequest>[1]>) =>
      createRequest(db, { patientId: patient.id, companyId: firm.id, ...values });
    // Ordered just either side of the age buckets' edges (8 and 16 days), a minute apart.
    const young = await make({ status: STATUS.inContact, createdAt: at(8, 1) });
    const old = await make({ status: STATUS.inContact, createdAt: at(8, -1) });
    await make({ status: STATUS.requestedByLawyer, createdAt: at(16, -1) });
    const received = await make({
      status: STATUS.documentsEnRoute,
      createdAt: at(30),
      receivedDocumentAt: at(20),
    });
    const finished = await make({ status: STATUS.completedArrived, createdAt: at(40), completedDate: at(3) });
    // Old enough for compaction to fold its hour into the one row of older open requests.
    await make({ status: STATUS.needAssistance, createdAt: at(100) });
    await expectSame(staff, now);

    // Closed, reopened by a status change, documents received, archived, deleted, moved in time.
    await db
      .update(requests)
      .set({ status: STATUS.closedArrived, closedDate: at(1) })
      .where(eq(requests.id, young.id));
    await db
      .update(requests)
      .set({ status: STATUS.inContact, completedDate: null })
      .where(eq(requests.id, finished.id));
    await db
      .update(requests)
      .set({ receivedDocumentAt: at(2), status: STATUS.completedArrived, completedDate: at(2) })
      .where(eq(requests.id, old.id));
    await db.update(requests).set({ active: false }).where(eq(requests.id, received.id));
    await db
      .update(requests)
      .set({ createdAt: at(50) })
      .where(eq(requests.id, finished.id));
    await expectSame(staff, now);
    // Pinned an hour and a half later: every edge now falls elsewhere in its hour.
    await expectSame(staff, new Date(now.getTime() + 1.5 * HOUR));

    await db.delete(requests).where(eq(requests.id, young.id));
    await compactTallies(db);
    await expectSame(staff, now);
  });

  it('count as open exactly the statuses the shared rule calls open', async () => {
    const { deps } = await getContext();
    const statuses = sql.join(
      REQUEST_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    const rows = await queryRows<{ status: string; open: boolean }>(
      deps.db,
      sql`select s as status, exists (
          select 1 from request_hour_rows(json_populate_record(null::requests,
            json_build_object('status', s, 'active', true, 'created_at', now())), 1) x
          where x.kind = 'open') as open
        from unnest(array[${statuses}]::text[]) s`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.status, r.open]))).toEqual(
      Object.fromEntries(REQUEST_STATUSES.map((status) => [status, isOpenStatus(status)])),
    );
  });
});
