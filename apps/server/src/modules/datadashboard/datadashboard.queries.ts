import { BILLABLE_STATUSES, CARDS, COMPLETED_OUTCOMES, DATA_DASHBOARD_CARDS } from '@dd/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies, notes, priceSettings, requests, users } from '../../db/schema';
import { oneOf } from '../../db/schema/checks';
import { statusFee } from '../billing/invoices.queries';
import {
  type CardColumns,
  cardPredicate,
  isOpen,
  monthStart,
  personReminder,
  windowsRelation,
} from '../reports/card-rules.queries';
import { TALLIED, tallyTotals } from './tallies.queries';

/**
 * The data dashboard's figures in one pass over the requests: GROUPING SETS give the totals, each
 * employee (working_on) and each law firm at once, every count a FILTER aggregate. Periods start at
 * local midnight in the caller's zone (today, the last 7 days, the last 30 days).
 */

export interface AggregateScope {
  /** Count open requests only (the first load of the screen). */
  openOnly: boolean;
  /** Only requests claimed by this user (internal users who are not staff). */
  workingOnId?: number;
  timezone: string;
  /** The moment the periods and ages are measured from (tests pin it); the database's now() by default. */
  now?: Date;
}

const PERIODS = ['day', 'week', 'month'] as const;

/** The columns of the `base` relation below, for the card rules. */
const BASE: CardColumns = {
  status: sql`status`,
  rush: sql`rush`,
  createdAt: sql`created_at`,
  lastNoteAt: sql`last_note_at`,
  nextTodoDate: sql`next_todo_date`,
  finishedAt: sql`finished_at`,
  workingOnId: sql`b.working_on_id`,
  hasReminder: sql`has_reminder`,
  isOpen: sql`is_open`,
};

/** Fees are whole cents (bigint columns): summed exactly and answered as a bigint, never as a float. */
const centsOf = (sum: SQL) => sql`coalesce(${sum}, 0)::bigint`;

/** Per row of the grouping: which group it is and every figure the cards and tables show. */
export interface AggregateRow {
  by_worker: boolean;
  by_company: boolean;
  company_id: number | null;
  working_on_id: number | null;
  [figure: string]: number | string | boolean | null;
}

/**
 * Which requests a pass reads: every one in scope, the open ones (the open-requests index), or those
 * ordered, finished or received within the longest period (their indexes).
 */
type Rows = 'all' | 'open' | 'recent';

/**
 * Every figure per group. The first load (open requests) and an internal non-staff caller's own
 * requests are one pass. With closed requests, three passes at once: the open requests for the cards,
 * the recent ones for the periods, and the running tallies for the all-time totals (tallies.queries.ts), so no
 * pass reads all of history.
 */
export async function aggregateRequests(db: DbOrTx, scope: AggregateScope): Promise<AggregateRow[]> {
  if (scope.openOnly) return livePass(db, scope, 'open');
  if (scope.workingOnId !== undefined) return livePass(db, scope, 'all');
  const [open, recent, totals] = await Promise.all([
    livePass(db, scope, 'open'),
    livePass(db, scope, 'recent'),
    tallyTotals(db),
  ]);
  const groups = new Map<string, AggregateRow>();
  const keyOf = (r: Pick<AggregateRow, 'by_worker' | 'by_company' | 'company_id' | 'working_on_id'>) =>
    r.by_worker ? `w${r.working_on_id}` : r.by_company ? `c${r.company_id}` : 'all';
  const add = (row: AggregateRow, pick: (key: string) => boolean) => {
    const merged = groups.get(keyOf(row)) ?? { ...row };
    for (const [key, value] of Object.entries(row)) if (pick(key)) merged[key] = value;
    groups.set(keyOf(row), merged);
  };
  for (const row of open) add(row, (key) => !isPeriod(key) && !TALLIED.includes(key));
  for (const row of recent) add(row, isPeriod);
  for (const row of totals) add(row, (key) => TALLIED.includes(key));
  return [...groups.values()];
}

/** Every figure in a single pass over every request in scope: the reference the tallies are tested against. */
export const aggregateInOnePass = (db: DbOrTx, scope: AggregateScope) =>
  livePass(db, scope, scope.openOnly ? 'open' : 'all');

/** Figures no open request can have (closed counts, fees, completed outcomes). */
const CLOSED_ONLY = /^(closed_|fees_|total_fees|completed_outcome|closed_outcome)/;
const isPeriod = (key: string) => key.includes('_in_last_');
/**
 * The figures each pass counts; the others it answers as 0 without counting. The open pass leaves out
 * what no open request has (a third of its aggregates), the recent pass counts the periods alone.
 */
const COUNTED: Record<Rows, (key: string) => boolean> = {
  all: () => true,
  open: (key) => !CLOSED_ONLY.test(key),
  recent: isPeriod,
};

async function livePass(db: DbOrTx, scope: AggregateScope, rows: Rows): Promise<AggregateRow[]> {
  const openRows = rows === 'open';
  // Every row of the open pass is open: its rules need not ask again.
  const columns: CardColumns = openRows ? { ...BASE, isOpen: sql`true` } : BASE;
  const figure = (key: string, value: SQL) =>
    COUNTED[rows](key) ? sql`${value} as ${sql.raw(key)}` : sql`0 as ${sql.raw(key)}`;
  const fee = sql`case when ${oneOf(requests.status, BILLABLE_STATUSES)}
    then coalesce(${requests.billedPrice}, ${statusFee()}, 0) else 0 end`;
  const finished = sql`coalesce(${requests.closedDate}, ${requests.completedDate})`;
  const since = monthStart(scope.timezone, scope.now);
  const where = sql.join(
    [
      sql`${requests.active}`,
      rows === 'open' ? isOpen() : undefined,
      rows === 'recent'
        ? sql`(${requests.createdAt} >= ${since} or ${finished} >= ${since}
            or ${requests.receivedDocumentAt} >= ${since})`
        : undefined,
      scope.workingOnId === undefined ? undefined : sql`${requests.workingOnId} = ${scope.workingOnId}`,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  const closedIn = PERIODS.map((p) => `closed_requests_in_last_${p}`);
  const cards = [...DATA_DASHBOARD_CARDS, 'open_requests', 'closed_requests', ...closedIn].map((key) =>
    figure(key, sql`count(*) filter (where ${cardPredicate(CARDS[key].rule, columns)})::int`),
  );
  const periods = PERIODS.flatMap((p) => {
    const start = sql.raw(`w.${p}_start`);
    return [
      figure(
        `fees_in_last_${p}_cents`,
        centsOf(sql`sum(fee) filter (where ${cardPredicate({ kind: 'closedIn', period: p }, columns)})`),
      ),
      figure(`received_in_last_${p}`, sql`count(*) filter (where received_document_at >= ${start})::int`),
    ];
  });
  const figures = await queryRows<AggregateRow>(
    db,
    sql`with w as (${windowsRelation(scope.timezone, scope.now)}),
    base as (
      select ${requests.companyId} as company_id, ${requests.workingOnId} as working_on_id,
        ${requests.createdAt} as created_at, ${requests.nextTodoDate} as next_todo_date,
        ${requests.receivedDocumentAt} as received_document_at, ${requests.rush} as rush,
        ${requests.status} as status, ${isOpen()} as is_open,
        ${isOpen()} and ${personReminder(sql`${requests.id}`)} as has_reminder,
        ${finished} as finished_at,
        ${openRows ? sql`0` : fee} as fee,
        ${requests.lastNoteAt} as last_note_at,
        floor(extract(epoch from (${requests.receivedDocumentAt} - ${requests.createdAt})) / 86400) as turnaround
      from ${requests}
      ${openRows ? sql`` : sql`join ${priceSettings} on ${priceSettings.id} = 1`}
      cross join w
      where ${where}
    )
    select grouping(b.working_on_id) = 0 and grouping(b.company_id) = 1 as by_worker,
      grouping(b.company_id) = 0 as by_company,
      b.company_id, b.working_on_id,
      count(*)::int as total,
      ${sql.join(cards, sql`, `)},
      ${sql.join(periods, sql`, `)},
      ${figure('total_fees_cents', centsOf(sql`sum(fee)`))},
      ${figure('completed_outcome_requests', sql`count(*) filter (where ${oneOf(sql`status`, COMPLETED_OUTCOMES)})::int`)},
      ${figure('completed_outcome_fees_cents', centsOf(sql`sum(fee) filter (where ${oneOf(sql`status`, COMPLETED_OUTCOMES)})`))},
      ${figure('closed_outcome_fees_cents', centsOf(sql`sum(fee) filter (where not ${oneOf(sql`status`, COMPLETED_OUTCOMES)})`))},
      ${figure('total_received', sql`count(*) filter (where received_document_at is not null)::int`)},
      ${figure('total_turnaround', sql`coalesce(sum(turnaround) filter (where received_document_at is not null), 0)::int`)}
    from base b cross join w
    group by grouping sets ((), (b.working_on_id), (b.company_id))`,
  );
  // PostgreSQL's driver reads bigint as text; whole cents stay exact as numbers far beyond any total.
  return figures.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, key.endsWith('_cents') ? Number(value) : value]),
      ) as AggregateRow,
  );
}

/** Notes each staff member wrote today, in the last 7 and the last 30 days. */
export async function notesByAuthor(db: DbOrTx, authorIds: number[], zone: string, now?: Date) {
  if (authorIds.length === 0) return [];
  return queryRows<{ user_id: number; day: number; week: number; month: number }>(
    db,
    sql`with w as (${windowsRelation(zone, now)})
    select n.user_id,
      count(*) filter (where n.created_at >= w.day_start)::int as day,
      count(*) filter (where n.created_at >= w.week_start)::int as week,
      count(*)::int as month
    from ${notes} n cross join w
    where n.created_at >= w.month_start and n.user_id in (${sql.join(
      authorIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by n.user_id`,
  );
}

/** The retrieval company's active staff (the employee cards, with the caller's own) and the law firms. */
export async function staffAndFirms(db: DbOrTx, internalCompanyId: number, callerId: number) {
  const [people, firms] = await Promise.all([
    queryRows<{ id: number; name: string; is_staff: boolean }>(
      db,
      sql`select ${users.id} as id, ${users.fullName} as name, ${users.isStaff} as is_staff from ${users}
        where (${users.companyId} = ${internalCompanyId} and ${users.isStaff} and ${users.isActive})
          or ${users.id} = ${callerId}
        order by ${users.fullName}, ${users.id}`,
    ),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select ${companies.id} as id, ${companies.name} as name from ${companies}
        where ${companies.id} <> ${internalCompanyId} order by ${companies.name}`,
    ),
  ]);
  return { staff: people.filter((p) => p.is_staff), caller: people.find((p) => p.id === callerId), firms };
}
