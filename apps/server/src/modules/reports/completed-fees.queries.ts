import {
  BILLABLE_STATUSES,
  type CompletedWithFees,
  centsOf,
  formatAmount,
  lineTotal,
  type RequestStatus,
} from '@dd/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  invoices,
  patients,
  priceSettings,
  providers,
  requests,
  requestTallies,
  users,
} from '../../db/schema';
import { statusFee } from '../billing/invoices.queries';

/**
 * Completed and closed requests with what they bill (GET /api/completed-requests-with-fees/): the fee is
 * what the request was billed, or before billing the fee of its status (decision 026); the costs are
 * those of its lines. One page of rows, each with its names joined.
 */
const paralegal = alias(users, 'paralegal');
const requester = alias(users, 'requester');
const claimant = alias(users, 'claimant');

const finishedAt = sql<Date>`coalesce(${requests.closedDate}, ${requests.completedDate})`;
const billedFee = sql`(select sum(i.price) from ${invoices} i where i.request_id = ${requests}.id and i.bill_id is not null)`;
const feeSql = sql<string>`coalesce(${billedFee}, ${statusFee()}, 0)`;
const costSql = (column: string) =>
  sql<string>`coalesce((select sum(i.${sql.raw(column)}) from ${invoices} i where i.request_id = ${requests}.id), 0)`;

export const COMPLETED_FEES_ORDERINGS = {
  // As the index requests_finished_idx orders them, so a page is an index walk (backward for oldest).
  '-closed_date': [sql`${finishedAt} desc nulls last`, sql`${requests.id} desc nulls last`],
  closed_date: [sql`${finishedAt} asc nulls first`, sql`${requests.id} asc nulls first`],
  '-internal_number': [desc(requests.internalNumber)],
  internal_number: [asc(requests.internalNumber)],
  patient__full_name: [asc(patients.fullName), desc(requests.id)],
  '-patient__full_name': [desc(patients.fullName), desc(requests.id)],
} satisfies Record<string, SQL[]>;
export type CompletedFeesOrdering = keyof typeof COMPLETED_FEES_ORDERINGS;

/**
 * A count the running tallies answer (request_tallies: active requests per law firm and per claimant, each
 * by status): the firm or the claimant, not both (they are kept apart), and the statuses counted.
 */
export interface TalliedScope {
  companyId?: number;
  /** A claimant's id, or null for unclaimed requests. */
  workingOn?: number | null;
  statuses: readonly RequestStatus[];
}

/**
 * How many requests the report lists, summed from the tallies: a few rows per firm or claimant and status,
 * where counting the requests themselves reads every finished one (over half a million at a million).
 */
async function talliedCount(db: DbOrTx, scope: TalliedScope): Promise<number> {
  if (!scope.statuses.length) return 0;
  const t = requestTallies;
  const byWorker = scope.workingOn !== undefined;
  const group = byWorker ? (scope.workingOn ?? 0) : scope.companyId;
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${t.n}), 0)::int` })
    .from(t)
    .where(
      and(
        eq(t.byWorker, byWorker),
        group === undefined ? undefined : eq(t.groupId, group),
        inArray(t.status, [...scope.statuses]),
      ),
    );
  return total;
}

/** `tallied`: the filters' count as the tallies keep it (talliedCount), else the requests are counted. */
export async function pageCompletedWithFees(
  db: DbOrTx,
  conditions: (SQL | undefined)[],
  ordering: CompletedFeesOrdering,
  paging: { limit: number; offset: number },
  tallied?: TalliedScope,
): Promise<{ rows: CompletedWithFees[]; total: number }> {
  const where = and(sql`${requests.active}`, inArray(requests.status, BILLABLE_STATUSES), ...conditions);
  const counted = async () => {
    if (tallied) return talliedCount(db, tallied);
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(requests).where(where);
    return total;
  };
  const [rows, total] = await Promise.all([
    db
      .select({
        id: requests.id,
        internalNumber: requests.internalNumber,
        status: requests.status,
        rush: requests.rush,
        finishedAt,
        lawFirm: companies.name,
        client: patients.fullName,
        provider: providers.name,
        paralegal: paralegal.fullName,
        requester: requester.fullName,
        claimedBy: claimant.fullName,
        fee: feeSql,
        providerCost: costSql('provider_cost'),
        pageFee: costSql('page_fee'),
        surcharge: costSql('auto_added_surcharge'),
      })
      .from(requests)
      .innerJoin(priceSettings, eq(priceSettings.id, 1))
      .innerJoin(patients, eq(patients.id, requests.patientId))
      .innerJoin(companies, eq(companies.id, requests.companyId))
      .leftJoin(providers, eq(providers.id, requests.providerId))
      .leftJoin(paralegal, eq(paralegal.id, requests.userId))
      .leftJoin(requester, eq(requester.id, requests.requesterId))
      .leftJoin(claimant, eq(claimant.id, requests.workingOnId))
      .where(where)
      .orderBy(...COMPLETED_FEES_ORDERINGS[ordering])
      .limit(paging.limit)
      .offset(paging.offset),
    counted(),
  ]);
  return {
    total,
    rows: rows.map((r) => {
      const amounts = {
        price: centsOf(r.fee),
        provider_cost: centsOf(r.providerCost),
        page_fee: centsOf(r.pageFee),
        auto_added_surcharge: centsOf(r.surcharge),
      };
      return {
        id: r.id,
        internal_number: r.internalNumber,
        status: r.status,
        rush: r.rush,
        closed_date: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
        law_firm: r.lawFirm,
        client: r.client,
        provider: r.provider,
        paralegal: r.paralegal,
        requester: r.requester,
        claimed_by: r.claimedBy,
        fee: formatAmount(amounts.price),
        provider_cost: formatAmount(amounts.provider_cost),
        page_fee: formatAmount(amounts.page_fee),
        auto_added_surcharge: formatAmount(amounts.auto_added_surcharge),
        total: formatAmount(lineTotal(amounts)),
      };
    }),
  };
}
