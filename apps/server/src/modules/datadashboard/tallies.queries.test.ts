import { STATUS, toCents } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createPatient, createRequest, createUser } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { billings, invoices, requests } from '../../db/schema';
import { type AggregateRow, aggregateInOnePass, aggregateRequests } from './datadashboard.queries';
import { compactTallies } from './tallies.queries';

/**
 * The running tallies behind the data dashboard's all-time figures must always equal a pass over every
 * request: after orders, claims, status changes, documents received, billing and un-billing, deletion
 * and compaction. Both are read in one snapshot, so other tests writing meanwhile cannot differ them.
 */
const scope = { openOnly: false, timezone: 'America/Denver' };

async function bothWays() {
  const { deps } = await getContext();
  return deps.db.transaction(
    async (tx) => {
      const byKey = (rows: AggregateRow[]) =>
        Object.fromEntries(
          rows.map((r) => [
            r.by_worker ? `w${r.working_on_id}` : r.by_company ? `c${r.company_id}` : 'all',
            r,
          ]),
        );
      return {
        tallied: byKey(await aggregateRequests(tx, scope)),
        reference: byKey(await aggregateInOnePass(tx, scope)),
      };
    },
    { isolationLevel: 'repeatable read' },
  );
}

async function expectSame() {
  const { tallied, reference } = await bothWays();
  expect(Object.keys(tallied).sort()).toEqual(Object.keys(reference).sort());
  for (const [key, row] of Object.entries(reference)) {
    for (const [figure, value] of Object.entries(row)) {
      const got = tallied[key][figure];
      // A group with no open or recent request has no card figures in its row: the service reads them as 0.
      if (typeof value === 'number') {
        expect([key, figure, Number(got ?? 0)]).toEqual([key, figure, expect.closeTo(value, 2)]);
      } else expect([key, figure, got]).toEqual([key, figure, value]);
    }
  }
}

describe('the data dashboard tallies', () => {
  it('equal a pass over every request through every kind of change', async () => {
    const { deps } = await getContext();
    const db = deps.db;
    const worker = await createUser(db, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const other = await createUser(db, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const firm = await createCompany(db);
    const patient = await createPatient(db, firm.id);
    const make = (values: Partial<Parameters<typeof createRequest>[1]>) =>
      createRequest(db, { patientId: patient.id, companyId: firm.id, ...values });
    const now = Date.now();
    const r1 = await make({
      status: STATUS.inContact,
      workingOnId: worker.id,
      createdAt: new Date(now - 40 * 86_400_000),
    });
    const r2 = await make({ status: STATUS.requestedByLawyer, rush: true });
    const r3 = await make({
      status: STATUS.completedArrived,
      workingOnId: other.id,
      completedDate: new Date(),
    });
    // Completed with documents: the quote is the fee, whatever it is and however it changes.
    const quoted = await make({ status: STATUS.completedArrived, price: 38, completedDate: new Date() });
    await expectSame();
    await db
      .update(requests)
      .set({ price: toCents(9.95) })
      .where(eq(requests.id, quoted.id));
    await expectSame();

    // Claimed, reassigned, released; documents received; closed.
    await db.update(requests).set({ workingOnId: other.id }).where(eq(requests.id, r2.id));
    await db.update(requests).set({ workingOnId: null }).where(eq(requests.id, r1.id));
    await db
      .update(requests)
      .set({
        status: STATUS.closedArrived,
        receivedDocumentAt: new Date(now - 5 * 86_400_000),
        closedDate: new Date(),
      })
      .where(eq(requests.id, r1.id));
    await expectSame();

    // Billed (the billed price replaces the status fee), a line re-priced, then un-billed.
    const [bill] = await db.insert(billings).values({ title: 'Tally test', companyId: firm.id }).returning();
    const [line] = await db
      .insert(invoices)
      .values({ requestId: r3.id, companyId: firm.id, price: toCents(48.5), billId: bill.id })
      .returning();
    await db
      .insert(invoices)
      .values({ requestId: r1.id, companyId: firm.id, price: toCents(35), billId: bill.id });
    await expectSame();
    await db
      .update(invoices)
      .set({ price: toCents(52) })
      .where(eq(invoices.id, line.id));
    await db.update(invoices).set({ billId: null }).where(eq(invoices.requestId, r1.id));
    await expectSame();

    // Rush changed, a request deleted while worked on (inactive), another removed for good.
    await db.update(requests).set({ rush: false }).where(eq(requests.id, r2.id));
    await db.update(requests).set({ active: false }).where(eq(requests.id, r3.id));
    await db.delete(invoices).where(eq(invoices.requestId, r1.id));
    await db.delete(requests).where(eq(requests.id, r1.id));
    await expectSame();

    await compactTallies(db);
    await expectSame();
  });
});
