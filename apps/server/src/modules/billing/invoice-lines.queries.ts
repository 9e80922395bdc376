import type { Cents } from '@dd/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, invoices, priceSettings, requests } from '../../db/schema';
import type { RequestKey } from '../requests/requests.ref';
import { feeSql } from './invoices.queries';

/**
 * The statements of writing a request's invoice line (invoice-lines.ts), which name the request's firm, and
 * of staff's line screens (invoices.service.ts), which find the request or the line by its id alone: their
 * caller is an internal administrator.
 */

/** The request's newest invoice line, if it has one. */
export async function lastLine(tx: DbOrTx, request: RequestKey) {
  const [last] = await tx
    .select({ id: invoices.id, billId: invoices.billId })
    .from(invoices)
    .where(and(eq(invoices.requestId, request.id), eq(invoices.companyId, request.companyId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(1);
  return last;
}

/** What a new line of the request starts from: its quote, page fee, firm and whether the firm is surcharged. */
export async function requestForLine(tx: DbOrTx, request: RequestKey) {
  const [row] = await tx
    .select({
      price: requests.price,
      pageFee: requests.pageFee,
      flagged: companies.autoSurcharge,
      companyId: requests.companyId,
    })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(and(eq(requests.id, request.id), eq(requests.companyId, request.companyId)));
  return row;
}

interface LineCosts {
  providerCost: Cents;
  pageFee: Cents;
  autoAddedSurcharge: Cents;
}

export async function setLineCosts(tx: DbOrTx, line: { id: number; companyId: number }, values: LineCosts) {
  await tx
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.id, line.id), eq(invoices.companyId, line.companyId)));
}

/** Inserts a line of the request; its id. */
export async function insertLine(
  tx: DbOrTx,
  values: LineCosts & { requestId: number; companyId: number; price: Cents },
): Promise<number> {
  const [line] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
  return line.id;
}

/** Locks an active request for a line change; its id and firm, if there is one. */
export async function unsafeLockActiveRequest(tx: DbOrTx, requestId: number) {
  const [row] = await tx
    .select({ id: requests.id, companyId: requests.companyId })
    .from(requests)
    .where(and(eq(requests.id, requestId), sql`${requests.active}`))
    .for('update');
  return row;
}

/** The request the line belongs to, if the line exists. */
export async function unsafeRequestOfLine(tx: DbOrTx, lineId: number) {
  const [line] = await tx
    .select({ requestId: invoices.requestId })
    .from(invoices)
    .where(eq(invoices.id, lineId));
  return line;
}

/** Sets an unbilled line's provider cost and surcharge; false when the line is on a billing (or absent). */
export async function unsafeSetUnbilledLineAmounts(
  tx: DbOrTx,
  lineId: number,
  amounts: { providerCost: Cents; autoAddedSurcharge: Cents },
): Promise<boolean> {
  const [changed] = await tx
    .update(invoices)
    .set(amounts)
    .where(and(eq(invoices.id, lineId), sql`${invoices.billId} is null`))
    .returning({ id: invoices.id });
  return Boolean(changed);
}

/** The request's firm. */
export async function unsafeFirmOfRequest(db: DbOrTx, requestId: number) {
  const [r] = await db
    .select({ companyId: requests.companyId })
    .from(requests)
    .where(eq(requests.id, requestId));
  return r;
}

/** The request's lines by creation, each with the fee the invoice shows for it (feeSql). */
export async function unsafeLinesOfRequest(db: DbOrTx, requestId: number, newestFirst: boolean) {
  const order = newestFirst
    ? [desc(invoices.createdAt), desc(invoices.id)]
    : [asc(invoices.createdAt), asc(invoices.id)];
  const rows = await db
    .select({
      id: invoices.id,
      price: feeSql,
      isPaid: invoices.isPaid,
      providerCost: invoices.providerCost,
      pageFee: invoices.pageFee,
      surcharge: invoices.autoAddedSurcharge,
      billId: invoices.billId,
    })
    .from(invoices)
    .innerJoin(requests, eq(requests.id, invoices.requestId))
    .innerJoin(priceSettings, eq(priceSettings.id, 1))
    .where(eq(invoices.requestId, requestId))
    .orderBy(...order);
  return rows;
}
