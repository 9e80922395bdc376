import {
  BILLABLE_STATUSES,
  type Cents,
  centsOf,
  FEE_BY_STATUS,
  formatAmount,
  INVOICE_UNBILLED,
  type InvoiceFilter,
  type InvoiceLine,
  type InvoiceTotals,
  lineTotal,
  QUOTED,
  type RequestStatus,
} from '@dd/shared';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { sameFirm } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import {
  billings,
  feeApprovals,
  invoices,
  invoiceTallies,
  patients,
  priceSettings,
  providers,
  requests,
  users,
} from '../../db/schema';

/**
 * A company's invoice lines: one row per line, and one row (id null) for a request that has no line
 * yet. Amounts are whole cents (bigint columns), summed exactly in SQL. The fee of an unbilled line follows
 * the request's status from the fee settings (lineFee in packages/shared/billing.ts, built here from the
 * same FEE_BY_STATUS table); a billed line keeps the fee it was billed with, and a line added after the
 * request was billed carries costs only.
 */

const FEE_COLUMNS = {
  completed_documents_unavailable: priceSettings.completedDocumentsUnavailable,
  closed_documents_unavailable: priceSettings.closedDocumentsUnavailable,
  closed_originally_no_document: priceSettings.closedOriginallyNoDocument,
  cancelled: priceSettings.cancelled,
} as const;

/**
 * outcomeFee (packages/shared/billing.ts) in SQL: the quote for an outcome that bills it, else the fee
 * setting of the status plus rush; null for an open status. `count` multiplies the setting's fee (the
 * dashboard's tallies add up many requests of one status at once, their quotes already summed).
 */
export const statusFee = (
  status: SQL = sql`${requests.status}`,
  rush: SQL = sql`${requests.rush}`,
  quoted: SQL = sql`${requests.price}`,
  count: SQL = sql`1`,
): SQL => {
  const cases = Object.entries(FEE_BY_STATUS).map(([name, field]) =>
    field === QUOTED
      ? sql`when ${name} then ${quoted}`
      : sql`when ${name} then (${FEE_COLUMNS[field]}
          + case when ${rush} then ${priceSettings.rush} else 0 end) * ${count}`,
  );
  return sql`(case ${status} ${sql.join(cases, sql` `)} end)`;
};

/**
 * Whether a line of the request is on a billing: its billed price is the sum of those lines' prices, kept by
 * the trigger invoices_billed_price, and null while it has none. Read from the request's own row, so the
 * totals of a firm's hundred thousand lines need no look-up per line.
 */
const billedBefore = sql`${requests.billedPrice} is not null`;

/** The fee the line bills (see above); unbilled lines of open requests show the quoted price. */
export const feeSql: SQL<string> = sql<string>`case
  when ${invoices.billId} is not null then ${invoices.price}
  when ${billedBefore} then coalesce(${invoices.price}, 0)
  else coalesce(${statusFee()}, ${requests.price}) end`;

const providerCostSql = sql<string>`coalesce(${invoices.providerCost}, ${requests.providerCost})`;
const pageFeeSql = sql<string>`coalesce(${invoices.pageFee}, ${requests.pageFee})`;
const surchargeSql = sql<string>`coalesce(${invoices.autoAddedSurcharge}, 0)`;

/** The lines a company's invoice covers: active requests, and billed lines whatever became of them. */
function lineScope(companyId: number): SQL {
  return and(
    eq(requests.companyId, companyId),
    or(sql`${requests.active}`, sql`${invoices.billId} is not null`),
  )!;
}

export interface LineQuery extends InvoiceFilter {
  companyId: number;
  statuses?: readonly RequestStatus[];
  /** IANA zone the start and end dates are read in. */
  timezone: string;
  /** One line only (the answer to a line's save). */
  lineId?: number;
}

function filterSql(q: LineQuery): SQL {
  const zone = q.timezone;
  return and(
    lineScope(q.companyId),
    q.statuses ? inArray(requests.status, [...q.statuses]) : undefined,
    q.billing === INVOICE_UNBILLED ? isNull(invoices.billId) : undefined,
    typeof q.billing === 'number' ? eq(invoices.billId, q.billing) : undefined,
    q.lineId ? eq(invoices.id, q.lineId) : undefined,
    q.provider ? eq(requests.providerId, q.provider) : undefined,
    q.client ? eq(requests.patientId, q.client) : undefined,
    q.start_date
      ? sql`${requests.createdAt} >= (${q.start_date}::date::timestamp at time zone ${zone})`
      : undefined,
    q.end_date
      ? sql`${requests.createdAt} < ((${q.end_date}::date + 1)::timestamp at time zone ${zone})`
      : undefined,
  )!;
}

/** The firm's latest approval of the request's provider charge: who and when (fee_approvals_request_idx). */
const approvedFeeSql = sql<{ by: string | null; at: string } | null>`(
  select json_build_object('by', ${users.fullName}, 'at', ${feeApprovals.decidedAt})
  from ${feeApprovals} left join ${users} on ${users.id} = ${feeApprovals.decidedById} and ${users.companyId} = ${feeApprovals.companyId}
  where ${feeApprovals.requestId} = ${requests.id} and ${feeApprovals.companyId} = ${requests.companyId}
    and ${feeApprovals.state} = 'approved'
  order by ${feeApprovals.askedAt} desc limit 1)`;

/** A request's invoice lines, joined within its firm. */
const lineOf = and(eq(invoices.requestId, requests.id), sameFirm(invoices.companyId, requests.companyId));

const lineFrom = (db: DbOrTx) =>
  db
    .select({
      id: invoices.id,
      requestId: requests.id,
      internalNumber: requests.internalNumber,
      status: requests.status,
      rush: requests.rush,
      createdAt: requests.createdAt,
      client: patients.fullName,
      provider: providers.name,
      price: feeSql,
      providerCost: providerCostSql,
      pageFee: pageFeeSql,
      surcharge: surchargeSql,
      billId: invoices.billId,
      billTitle: billings.title,
      isPaid: sql<boolean>`coalesce(${billings.isPaid}, ${invoices.isPaid}, false)`,
      feeApproval: approvedFeeSql,
    })
    .from(requests)
    .innerJoin(priceSettings, eq(priceSettings.id, 1))
    .innerJoin(
      patients,
      and(eq(patients.id, requests.patientId), sameFirm(patients.companyId, requests.companyId)),
    )
    .leftJoin(providers, eq(providers.id, requests.providerId))
    .leftJoin(invoices, lineOf)
    .leftJoin(
      billings,
      and(eq(billings.id, invoices.billId), sameFirm(billings.companyId, invoices.companyId)),
    );

/** The sums of the filtered lines, each amount over every line (the invoice screen's totals row). */
function sumsOf(amounts: { lines: SQL; fee: SQL; providerCost: SQL; pageFee: SQL; surcharge: SQL }) {
  const { fee, providerCost, pageFee, surcharge } = amounts;
  return {
    lines: sql<number>`coalesce(${amounts.lines}, 0)::int`,
    price: sql<string>`coalesce(sum(${fee}), 0)`,
    providerCost: sql<string>`coalesce(sum(${providerCost}), 0)`,
    pageFee: sql<string>`coalesce(sum(${pageFee}), 0)`,
    surcharge: sql<string>`coalesce(sum(${surcharge}), 0)`,
    total: sql<string>`coalesce(sum(${fee} + ${providerCost} + ${pageFee} + ${surcharge}), 0)`,
  };
}

/** The totals from every filtered line, read line by line. */
export function directTotals(db: DbOrTx, q: LineQuery) {
  return db
    .select(
      sumsOf({
        lines: sql`count(*)`,
        fee: feeSql,
        providerCost: providerCostSql,
        pageFee: pageFeeSql,
        surcharge: surchargeSql,
      }),
    )
    .from(requests)
    .innerJoin(priceSettings, eq(priceSettings.id, 1))
    .leftJoin(invoices, lineOf)
    .where(filterSql(q));
}

/** Filters the running tallies can answer: the firm, statuses and billing; the others need the lines. */
const tallied = (q: LineQuery) => !(q.lineId || q.provider || q.client || q.start_date || q.end_date);

/**
 * The same totals from the firm's running tallies (schema/tallies.ts), a few hundred rows instead of every line:
 * a line on a billing, or of a request billed before, bills its own price; any other bills its status's fee
 * from the settings, or its quote (feeSql, applied to a group of lines at once).
 */
export function talliedTotals(db: DbOrTx, q: LineQuery) {
  const t = invoiceTallies;
  const ownPrice = sql`${t.billId} is not null or ${t.billedBefore}`;
  const quoted = sql`${t.quoted}`;
  const settingsFee = statusFee(sql`${t.status}`, sql`${t.rush}`, quoted, sql`${t.n}`);
  return db
    .select(
      sumsOf({
        lines: sql`sum(${t.n})`,
        fee: sql`case when ${ownPrice} then ${t.linePrice} else coalesce(${settingsFee}, ${quoted}) end`,
        providerCost: sql`${t.providerCost}`,
        pageFee: sql`${t.pageFee}`,
        surcharge: sql`${t.surcharge}`,
      }),
    )
    .from(t)
    .innerJoin(priceSettings, eq(priceSettings.id, 1))
    .where(
      and(
        eq(t.companyId, q.companyId),
        q.statuses ? inArray(t.status, [...q.statuses]) : undefined,
        q.billing === INVOICE_UNBILLED ? isNull(t.billId) : undefined,
        typeof q.billing === 'number' ? eq(t.billId, q.billing) : undefined,
      ),
    );
}

export async function pageInvoiceLines(
  db: DbOrTx,
  q: LineQuery,
  paging: { limit: number; offset: number },
): Promise<{ rows: InvoiceLine[]; totals: InvoiceTotals }> {
  const [rows, [sums]] = await Promise.all([
    lineFrom(db)
      .where(filterSql(q))
      .orderBy(desc(requests.createdAt), desc(requests.id), asc(invoices.id))
      .limit(paging.limit)
      .offset(paging.offset),
    tallied(q) ? talliedTotals(db, q) : directTotals(db, q),
  ]);
  return {
    rows: rows.map(toLine),
    totals: {
      lines: sums.lines,
      price: formatAmount(centsOf(sums.price)),
      provider_cost: formatAmount(centsOf(sums.providerCost)),
      page_fee: formatAmount(centsOf(sums.pageFee)),
      auto_added_surcharge: formatAmount(centsOf(sums.surcharge)),
      total: formatAmount(centsOf(sums.total)),
    },
  };
}

/** Every filtered line, in the screen's order, for the CSV export (one query, at most `cap` rows). */
export async function allInvoiceLines(db: DbOrTx, q: LineQuery, cap: number): Promise<InvoiceLine[]> {
  const rows = await lineFrom(db)
    .where(filterSql(q))
    .orderBy(desc(requests.createdAt), desc(requests.id), asc(invoices.id))
    .limit(cap);
  return rows.map(toLine);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lineFrom>['execute']>>[number];

function toLine(r: LineRow): InvoiceLine {
  const amounts = {
    price: centsOf(r.price),
    provider_cost: centsOf(r.providerCost),
    page_fee: centsOf(r.pageFee),
    auto_added_surcharge: centsOf(r.surcharge),
  };
  return {
    id: r.id,
    request: {
      id: r.requestId,
      internal_number: r.internalNumber,
      status: r.status,
      rush: r.rush,
      created_at: r.createdAt.toISOString(),
      client: r.client,
      provider: r.provider,
    },
    price: formatAmount(amounts.price),
    provider_cost: formatAmount(amounts.provider_cost),
    page_fee: formatAmount(amounts.page_fee),
    auto_added_surcharge: formatAmount(amounts.auto_added_surcharge),
    total: formatAmount(lineTotal(amounts)),
    bill_id: r.billId,
    bill_title: r.billTitle,
    is_paid: r.isPaid,
    fee_approval: r.feeApproval && {
      by: r.feeApproval.by,
      at: new Date(r.feeApproval.at).toISOString(),
    },
  };
}

/**
 * The company's lines a new billing takes: active requests in a completed or closed status whose
 * current line is unbilled or missing. The caller holds the company's billing lock and has locked
 * these requests first (lockCompanyRequests), so this read sees every change committed before it.
 */
export async function billableLines(
  tx: DbOrTx,
  companyId: number,
): Promise<{ requestId: number; lineId: number | null; fee: Cents }[]> {
  const rows = await tx
    .select({ requestId: requests.id, lineId: invoices.id, fee: feeSql })
    .from(requests)
    .innerJoin(priceSettings, eq(priceSettings.id, 1))
    .leftJoin(invoices, and(lineOf, isNull(invoices.billId)))
    .where(
      and(
        eq(requests.companyId, companyId),
        sql`${requests.active}`,
        inArray(requests.status, BILLABLE_STATUSES),
        or(sql`${invoices.id} is not null`, sql`not ${billedBefore}`),
      ),
    )
    .orderBy(asc(requests.id));
  return rows.map((r) => ({ ...r, fee: centsOf(r.fee) }));
}

/** Locks the company's billable requests so line edits (requisition, amounts) wait for the billing. */
export async function lockCompanyRequests(tx: DbOrTx, companyId: number): Promise<void> {
  await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.companyId, companyId), inArray(requests.status, BILLABLE_STATUSES)))
    .for('update');
}
