import { AGE_BUCKETS, BILLABLE_STATUSES, COMPLETED_OUTCOMES, OPEN_STATUSES } from '@dd/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { invoiceTallies, priceSettings, requestHourTallies, requestTallies } from '../../db/schema';
import { oneOf } from '../../db/schema/checks';
import { statusFee } from '../billing/invoices.queries';
import type { AggregateRow } from './datadashboard.queries';

/** The figures the tallies give, over all of history (fees as whole cents). */
export const TALLIED = [
  'total',
  'closed_requests',
  'total_fees_cents',
  'completed_outcome_requests',
  'completed_outcome_fees_cents',
  'closed_outcome_fees_cents',
  'total_received',
  'total_turnaround',
];

/**
 * The all-time figures of the data dashboard from the running tallies (schema requestTallies,
 * migration 0013), per law firm, per claimant and in total. The fee of a billable request is what it
 * was billed or, unbilled, what its status bills at today's settings (its quote, summed in quoted_sum, for
 * an outcome that bills the quote), as everywhere else.
 */
export async function tallyTotals(db: DbOrTx): Promise<AggregateRow[]> {
  const t = requestTallies;
  const fee = sql`case when ${oneOf(t.status, BILLABLE_STATUSES)}
    then ${t.billedSum} + coalesce(${statusFee(sql`${t.status}`, sql`${t.rush}`, sql`${t.quotedSum}`, sql`(${t.n} - ${t.billed})`)}, 0)
    else 0 end`;
  const completed = oneOf(t.status, COMPLETED_OUTCOMES);
  const centsOf = (sum: SQL) => sql`coalesce(${sum}, 0)::bigint`;
  const rows = await queryRows<Record<(typeof TALLIED)[number] | 'by_worker' | 'group_id', unknown>>(
    db,
    sql`select ${t.byWorker} as by_worker, ${t.groupId} as group_id,
      sum(${t.n})::int as total,
      coalesce(sum(${t.n}) filter (where not ${oneOf(t.status, OPEN_STATUSES)}), 0)::int as closed_requests,
      ${centsOf(sql`sum(${fee})`)} as total_fees_cents,
      coalesce(sum(${t.n}) filter (where ${completed}), 0)::int as completed_outcome_requests,
      ${centsOf(sql`sum(${fee}) filter (where ${completed})`)} as completed_outcome_fees_cents,
      ${centsOf(sql`sum(${fee}) filter (where not ${completed})`)} as closed_outcome_fees_cents,
      sum(${t.received})::int as total_received,
      sum(${t.turnaround})::int as total_turnaround
    from ${t} join ${priceSettings} on ${priceSettings.id} = 1
    group by ${t.byWorker}, ${t.groupId}
    having sum(${t.n}) <> 0`,
  );
  const all: AggregateRow = { by_worker: false, by_company: false, company_id: null, working_on_id: null };
  for (const f of TALLIED) all[f] = 0;
  const groups = rows.map((r): AggregateRow => {
    if (!r.by_worker) for (const f of TALLIED) all[f] = Number(all[f]) + Number(r[f]);
    return {
      by_worker: Boolean(r.by_worker),
      by_company: !r.by_worker,
      company_id: r.by_worker ? null : Number(r.group_id),
      working_on_id: r.by_worker && r.group_id !== 0 ? Number(r.group_id) : null,
      ...Object.fromEntries(TALLIED.map((f) => [f, Number(r[f])])),
    };
  });
  return [all, ...groups];
}

/**
 * Folds the tally rows into one per group (the invoice tallies too), and the hourly ones into one per kind and hour (the triggers only
 * ever add rows). Safe beside writers and other compactions: rows added meanwhile are not seen by the delete
 * and stay for the next time.
 */
export async function compactTallies(db: DbOrTx): Promise<void> {
  const t = requestTallies;
  await db.execute(sql`with moved as (delete from ${t} returning *)
    insert into ${t} (by_worker, group_id, status, rush, n, received, turnaround, billed, billed_sum, quoted_sum)
    select by_worker, group_id, status, rush, sum(n), sum(received), sum(turnaround), sum(billed), sum(billed_sum),
      sum(quoted_sum)
    from moved group by by_worker, group_id, status, rush having sum(n) <> 0`);
  // Every billing is a group of its own, so the invoice tallies hold a few hundred rows per firm even folded:
  // only the groups with more than one row are rewritten.
  const i = invoiceTallies;
  // Matched with plain equalities (bill_id 0 for none) so the two sets are hash-joined, not compared row by row.
  await db.execute(sql`with spread as (
      select company_id, status, rush, coalesce(bill_id, 0) as bill, billed_before from ${i}
      group by company_id, status, rush, bill_id, billed_before having count(*) > 1),
    moved as (delete from ${i} t using spread s
      where t.company_id = s.company_id and t.status = s.status and t.rush = s.rush
        and coalesce(t.bill_id, 0) = s.bill and t.billed_before = s.billed_before
      returning t.*)
    insert into ${i} (company_id, status, rush, bill_id, billed_before, n, line_price, quoted, provider_cost, page_fee,
      surcharge)
    select company_id, status, rush, bill_id, billed_before, sum(n), sum(line_price), sum(quoted), sum(provider_cost),
      sum(page_fee), sum(surcharge)
    from moved group by company_id, status, rush, bill_id, billed_before having sum(n) <> 0`);
  // The ages of open requests only tell hours apart up to the oldest bucket's edge, so older `open` hours
  // (with two weeks to spare) are folded into one row at -infinity, and the ages read about a thousand rows
  // instead of one per hour of history.
  const keptDays = Math.max(...AGE_BUCKETS.map(([, from]) => from)) + 14;
  const h = requestHourTallies;
  await db.execute(sql`with moved as (delete from ${h} returning *)
    insert into ${h} (kind, hour, n, days)
    select kind, case when kind = 'open' and hour < now() - make_interval(days => ${keptDays}) then '-infinity' else hour end,
      sum(n), sum(days)
    from moved group by 1, 2 having sum(n) <> 0`);
}
