import type { Cents } from '@dd/shared';
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { visibleBillings } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { billings, cardPayments, companies, invoices, requests } from '../../db/schema';
import { containsPattern } from '../requests/requests.filter-kit';

/**
 * The statements of billings (billings.service.ts). A firm's caller reads them through visibleBillings; the
 * `unsafe…` ones, by billing, line or request id alone, serve internal administrators' billing work and a
 * confirmed card charge, whose billing was found for its payer before the charge.
 */

const billingColumns = {
  id: billings.id,
  title: billings.title,
  companyId: billings.companyId,
  companyName: companies.name,
  isPaid: billings.isPaid,
  paidAt: billings.paidAt,
  createdAt: billings.createdAt,
  lines: sql<number>`(select count(*)::int from ${invoices} i
    where i.bill_id = ${billings}.id and i.company_id = ${billings}.company_id)`,
  total: sql<string>`(select coalesce(sum(i.price + i.provider_cost + i.page_fee + i.auto_added_surcharge), 0)
    from ${invoices} i where i.bill_id = ${billings}.id and i.company_id = ${billings}.company_id)`,
};

export type BillingRow = {
  id: number;
  title: string;
  companyId: number;
  companyName: string;
  isPaid: boolean;
  paidAt: Date | null;
  createdAt: Date;
  lines: number;
  total: string;
};

const selectBillings = (db: DbOrTx) =>
  db.select(billingColumns).from(billings).innerJoin(companies, eq(companies.id, billings.companyId));

/** The billing, with its firm's name, line count and total, if the caller can see it. */
export async function billingForCaller(db: DbOrTx, auth: Auth, id: number): Promise<BillingRow | undefined> {
  const [row] = await selectBillings(db).where(and(eq(billings.id, id), visibleBillings(auth)));
  return row;
}

/** The billing of any firm, as billingForCaller reads it. */
export async function unsafeBillingById(db: DbOrTx, id: number): Promise<BillingRow | undefined> {
  const [row] = await selectBillings(db).where(eq(billings.id, id));
  return row;
}

export interface BillingListFilter {
  title?: string;
  companyId?: number;
  isPaid?: boolean;
  limit: number;
  offset: number;
}

/** Newest first; a firm's staff see their own company's billings whatever company they ask for. */
export async function billingsPage(
  db: DbOrTx,
  auth: Auth,
  filter: BillingListFilter,
): Promise<{ rows: BillingRow[]; total: number }> {
  const companyId = auth.isInternal ? filter.companyId : auth.companyId;
  const where: SQL | undefined = and(
    companyId === undefined ? undefined : eq(billings.companyId, companyId),
    filter.title ? ilike(billings.title, containsPattern(filter.title)) : undefined,
    filter.isPaid === undefined ? undefined : eq(billings.isPaid, filter.isPaid),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectBillings(db)
      .where(where)
      .orderBy(desc(billings.createdAt), desc(billings.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(billings).where(where),
  ]);
  return { rows, total };
}

/** The firm's billings' ids and titles, newest first. */
export async function billingTitlesOfFirm(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({ id: billings.id, title: billings.title })
    .from(billings)
    .where(eq(billings.companyId, companyId))
    .orderBy(desc(billings.createdAt), desc(billings.id));
  return rows;
}

/** Locks the company's row (serializing billing work on it); its name and admin e-mail, if it exists. */
export async function lockCompanyForBilling(db: DbOrTx, companyId: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, adminEmail: companies.adminEmail })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return company;
}

/** Inserts a billing of the firm; its id. */
export async function insertBilling(db: DbOrTx, title: string, companyId: number): Promise<number> {
  const [billing] = await db.insert(billings).values({ title, companyId }).returning({ id: billings.id });
  return billing.id;
}

/** Puts an unbilled line on the billing at the fee it is billed with (nothing when it is billed already). */
export async function unsafeFreezeLine(db: DbOrTx, lineId: number, billingId: number, fee: Cents) {
  await db
    .update(invoices)
    .set({ billId: billingId, price: fee })
    .where(and(eq(invoices.id, lineId), sql`${invoices.billId} is null`));
}

/** The provider cost and page fee of each of the requests. */
export async function unsafeRequestCosts(db: DbOrTx, requestIds: number[]) {
  const rows = await db
    .select({ id: requests.id, providerCost: requests.providerCost, pageFee: requests.pageFee })
    .from(requests)
    .where(inArray(requests.id, requestIds));
  return rows;
}

export async function insertInvoiceLines(db: DbOrTx, lines: (typeof invoices.$inferInsert)[]): Promise<void> {
  await db.insert(invoices).values(lines);
}

/** Locks the billing's row; its firm and whether it is paid, if it exists. */
export async function unsafeLockBilling(db: DbOrTx, billingId: number) {
  const [billing] = await db
    .select({ companyId: billings.companyId, isPaid: billings.isPaid })
    .from(billings)
    .where(eq(billings.id, billingId))
    .for('update');
  return billing;
}

/** Locks the billing's row; whether it is paid, if it exists. */
export async function unsafeLockBillingPaid(db: DbOrTx, billingId: number) {
  const [billing] = await db
    .select({ isPaid: billings.isPaid })
    .from(billings)
    .where(eq(billings.id, billingId))
    .for('update');
  return billing;
}

/** Whether a card is being (or was) charged for the billing: a pending or succeeded card payment. */
export async function unsafeHasCardCharge(db: DbOrTx, billingId: number): Promise<boolean> {
  const [charge] = await db
    .select({ id: cardPayments.id })
    .from(cardPayments)
    .where(and(eq(cardPayments.billingId, billingId), inArray(cardPayments.status, ['pending', 'succeeded'])))
    .limit(1);
  return Boolean(charge);
}

/** The ids of the lines on the billing. */
export async function unsafeLineIdsOfBilling(db: DbOrTx, billingId: number): Promise<number[]> {
  const rows = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.billId, billingId));
  return rows.map((l) => l.id);
}

/** Sets the billing and its lines paid (or unpaid) at `paidAt`. */
export async function unsafeSetBillingPaid(
  db: DbOrTx,
  billingId: number,
  isPaid: boolean,
  paidAt: Date | null,
): Promise<void> {
  await db.update(billings).set({ isPaid, paidAt }).where(eq(billings.id, billingId));
  await db.update(invoices).set({ isPaid, paidAt }).where(eq(invoices.billId, billingId));
}

/** What the billing's confirmed card charges add up to, in cents. */
export async function unsafeCardChargedCents(db: DbOrTx, billingId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${cardPayments.amountCents}), 0)::int` })
    .from(cardPayments)
    .where(and(eq(cardPayments.billingId, billingId), eq(cardPayments.status, 'succeeded')));
  return Number(row?.cents ?? 0);
}
