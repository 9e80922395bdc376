import { BILLABLE_STATUSES, INVOICE_UNBILLED, REQUEST_STATUSES, toCents } from '@dd/shared';
import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCompany, createPatient, createProvider, createRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import type { Db, DbOrTx } from '../../db/client';
import { billings, invoices, priceSettings, requests } from '../../db/schema';
import { compactTallies } from '../datadashboard/tallies.queries';
import { directTotals, type LineQuery, talliedTotals } from './invoices.queries';

/**
 * The invoice screen's totals come from running tallies the triggers keep (migration 0056). After any sequence
 * of the writes the product makes (orders, status and price changes, archiving, lines added, changed, billed,
 * unbilled and deleted, billings deleted), they equal the sums read line by line, for every filter the
 * tallies answer, before and after the compactor folds them, and under other fee settings.
 */

const cents = fc.integer({ min: 0, max: 500_00 });
/** Orders, lines and billings come more often, so requests billed before and lines added after are common. */
const op = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      status: fc.constantFrom(...REQUEST_STATUSES),
      rush: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...REQUEST_STATUSES),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('rush' as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      pick: fc.nat(),
      price: cents,
      cost: cents,
      pages: cents,
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('archive' as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('line' as const),
      pick: fc.nat(),
      price: cents,
      cost: cents,
      surcharge: cents,
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('reprice' as const),
      pick: fc.nat(),
      price: cents,
      pages: cents,
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('bill' as const) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('unbill' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('dropLine' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('dropBilling' as const), pick: fc.nat() }), weight: 1 },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Every run starts from three orders with a line each, billed, and a new line on the first: a request billed before. */
const start = fc
  .tuple(...[0, 1, 2].map(() => fc.constantFrom(...REQUEST_STATUSES)))
  .map((statuses): Op[] => [
    ...statuses.map((status) => ({ kind: 'order' as const, status, rush: false })),
    ...[0, 1, 2].map((pick) => ({ kind: 'line' as const, pick, price: 1_00, cost: 2_00, surcharge: 50 })),
    { kind: 'bill' as const },
    { kind: 'line' as const, pick: 0, price: 4_00, cost: 0, surcharge: 0 },
  ]);

const pickOf = <T>(rows: T[], pick: number): T | undefined => rows[pick % Math.max(rows.length, 1)];

/** One write, as a statement of its own; a write the schema refuses (a second unbilled line) changes nothing. */
async function apply(db: Db, firm: { companyId: number; patientId: number; providerId: number }, o: Op) {
  const { companyId } = firm;
  const mine = await db.select().from(requests).where(eq(requests.companyId, companyId)).orderBy(requests.id);
  const lines = await db
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(invoices.id);
  const request = 'pick' in o ? pickOf(mine, o.pick) : undefined;
  const line = 'pick' in o ? pickOf(lines, o.pick) : undefined;
  const byId = (id: number) => and(eq(requests.companyId, companyId), eq(requests.id, id));
  try {
    switch (o.kind) {
      case 'order':
        await createRequest(db, { ...firm, status: o.status, rush: o.rush });
        return;
      case 'status':
        if (request) await db.update(requests).set({ status: o.status }).where(byId(request.id));
        return;
      case 'rush':
        if (request) await db.update(requests).set({ rush: !request.rush }).where(byId(request.id));
        return;
      case 'quote':
        if (request)
          await db
            .update(requests)
            .set({
              price: toCents(o.price / 100),
              providerCost: toCents(o.cost / 100),
              pageFee: toCents(o.pages / 100),
            })
            .where(byId(request.id));
        return;
      case 'archive':
        if (request) await db.update(requests).set({ active: !request.active }).where(byId(request.id));
        return;
      case 'line':
        if (request)
          await db.insert(invoices).values({
            companyId,
            requestId: request.id,
            price: toCents(o.price / 100),
            providerCost: toCents(o.cost / 100),
            autoAddedSurcharge: toCents(o.surcharge / 100),
          });
        return;
      case 'reprice':
        if (line)
          await db
            .update(invoices)
            .set({ price: toCents(o.price / 100), pageFee: toCents(o.pages / 100) })
            .where(eq(invoices.id, line.id));
        return;
      case 'bill': {
        const open = lines.filter((l) => l.billId === null);
        if (!open.length) return;
        const [bill] = await db.insert(billings).values({ companyId, title: 'Tally test' }).returning();
        await db
          .update(invoices)
          .set({ billId: bill.id })
          .where(and(eq(invoices.companyId, companyId), isNull(invoices.billId)));
        return;
      }
      case 'unbill':
        if (line?.billId) await db.update(invoices).set({ billId: null }).where(eq(invoices.id, line.id));
        return;
      case 'dropLine':
        if (line) await db.delete(invoices).where(eq(invoices.id, line.id));
        return;
      case 'dropBilling': {
        const bills = await db.select().from(billings).where(eq(billings.companyId, companyId));
        const bill = pickOf(bills, o.pick);
        if (bill) await db.delete(billings).where(eq(billings.id, bill.id));
        return;
      }
    }
  } catch (error) {
    // The one unbilled line per request: a second one, or unbilling beside an open one, is refused.
    if (!/invoices_one_unbilled_idx|duplicate key/.test(String((error as Error)?.cause ?? error)))
      throw error;
  }
}

async function bothTotals(db: DbOrTx, companyId: number, billIds: number[]) {
  const base: LineQuery = { companyId, timezone: 'America/New_York' };
  const queries: LineQuery[] = [
    base,
    { ...base, statuses: BILLABLE_STATUSES },
    { ...base, billing: INVOICE_UNBILLED },
    ...billIds.map((billing) => ({ ...base, billing })),
  ];
  return Promise.all(
    queries.map(async (q) => ({
      tallied: (await talliedTotals(db, q))[0],
      direct: (await directTotals(db, q))[0],
    })),
  );
}

const ROLLBACK = new Error('rollback');

describe('the invoice tallies', () => {
  it('equal the sums of the lines after any writes, compacted or not, under any fee settings', async () => {
    const { deps } = await getContext();
    const db = deps.db;
    const provider = await createProvider(db);
    await fc.assert(
      fc.asyncProperty(start, fc.array(op, { maxLength: 16 }), async (first, then) => {
        const ops = [...first, ...then];
        const company = await createCompany(db);
        const patient = await createPatient(db, company.id);
        const firm = { companyId: company.id, patientId: patient.id, providerId: provider.id };
        for (const o of ops) await apply(db, firm, o);
        const billIds = (await db.select().from(billings).where(eq(billings.companyId, company.id))).map(
          (b) => b.id,
        );
        for (const { tallied, direct } of await bothTotals(db, company.id, billIds))
          expect(tallied).toEqual(direct);
        await compactTallies(db);
        for (const { tallied, direct } of await bothTotals(db, company.id, billIds))
          expect(tallied).toEqual(direct);
        await db
          .transaction(async (tx) => {
            await tx
              .update(priceSettings)
              .set({
                rush: toCents(12.34),
                cancelled: toCents(7.5),
                completedDocumentsUnavailable: toCents(3),
              })
              .where(eq(priceSettings.id, 1));
            for (const { tallied, direct } of await bothTotals(tx, company.id, billIds))
              expect(tallied).toEqual(direct);
            throw ROLLBACK;
          })
          .catch((error) => {
            if (error !== ROLLBACK) throw error;
          });
      }),
      { numRuns: 8 },
    );
  });
});
