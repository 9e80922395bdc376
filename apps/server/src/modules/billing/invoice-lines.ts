import { automaticSurcharge, type Cents, cents } from '@dd/shared';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, invoices, requests } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** The one rule for writing a request's invoice line, used by the requisition form and the invoice screen. */
export interface LineAmounts {
  providerCost: Cents;
  /** Set by an administrator; otherwise the automatic surcharge of a flagged company. */
  surcharge?: Cents;
  pageFee?: Cents;
}

/** The request's newest invoice line, if it has one. */
export async function lastLine(tx: DbOrTx, requestId: number) {
  const [last] = await tx
    .select({ id: invoices.id, billId: invoices.billId })
    .from(invoices)
    .where(eq(invoices.requestId, requestId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(1);
  return last;
}

/**
 * Writes the request's current line: the last line while it is not billed, else a new one (which
 * carries costs only: the fee was billed with the earlier line). The caller holds the request's row
 * lock, so a billing of the same company waits or has already frozen the line.
 */
export async function writeCurrentLine(tx: DbOrTx, requestId: number, amounts: LineAmounts): Promise<number> {
  const [request] = await tx
    .select({
      price: requests.price,
      pageFee: requests.pageFee,
      flagged: companies.autoSurcharge,
      companyId: requests.companyId,
    })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(eq(requests.id, requestId));
  if (!request) throw notFound();
  const values = {
    providerCost: amounts.providerCost,
    pageFee: amounts.pageFee ?? request.pageFee,
    autoAddedSurcharge:
      amounts.surcharge ?? (request.flagged ? automaticSurcharge(amounts.providerCost) : cents(0)),
  };
  const last = await lastLine(tx, requestId);
  if (last && last.billId === null) {
    await tx.update(invoices).set(values).where(eq(invoices.id, last.id));
    return last.id;
  }
  const [line] = await tx
    .insert(invoices)
    .values({ ...values, requestId, companyId: request.companyId, price: last ? cents(0) : request.price })
    .returning({ id: invoices.id });
  return line.id;
}
