import { BILLABLE_STATUSES, CARDS, DATA_DASHBOARD_CARDS, OPEN_STATUSES } from '@dd/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies, invoices, notes, priceSettings, requests, users } from '../../db/schema';
import { statusFee } from '../billing/invoices.queries';
import { type CardColumns, cardPredicate, list, windowsRelation } from '../reports/card-rules.sql';

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
  isOpen: sql`is_open`,
};

/** Per row of the grouping: which group it is and every figure the cards and tables show. */
export interface AggregateRow {
  by_worker: boolean;
  by_company: boolean;
  company_id: number | null;
  working_on_id: number | null;
  [figure: string]: number | string | boolean | null;
}

export async function aggregateRequests(db: DbOrTx, scope: AggregateScope): Promise<AggregateRow[]> {
  const billed = scope.openOnly
    ? sql``
    : sql`left join (select request_id, sum(price) as billed from ${invoices}
        where bill_id is not null group by request_id) inv on inv.request_id = ${requests}.id`;
  const fee = scope.openOnly
    ? sql`0`
    : sql`case when ${requests.status} in (${list(BILLABLE_STATUSES)})
        then coalesce(inv.billed, ${statusFee()}, 0) else 0 end`;
  const where = sql.join(
    [
      sql`${requests.active}`,
      scope.openOnly ? sql`${requests.status} in (${list(OPEN_STATUSES)})` : undefined,
      scope.workingOnId === undefined ? undefined : sql`${requests.workingOnId} = ${scope.workingOnId}`,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  const closedIn = PERIODS.map((p) => `closed_requests_in_last_${p}`);
  const cards = [...DATA_DASHBOARD_CARDS, 'open_requests', 'closed_requests', ...closedIn].map(
    (key) => sql`count(*) filter (where ${cardPredicate(CARDS[key].rule, BASE)})::int as ${sql.raw(key)}`,
  );
  const periods = PERIODS.flatMap((p) => {
    const start = sql.raw(`w.${p}_start`);
    return [
      sql`coalesce(sum(fee) filter (where ${cardPredicate({ kind: 'closedIn', period: p }, BASE)}), 0)::float8
        as fees_in_last_${sql.raw(p)}`,
      sql`count(*) filter (where received_document_at >= ${start})::int as received_in_last_${sql.raw(p)}`,
    ];
  });
  return queryRows<AggregateRow>(
    db,
    sql`with w as (${windowsRelation(scope.timezone, scope.now)}),
    base as (
      select ${requests.companyId} as company_id, ${requests.workingOnId} as working_on_id,
        ${requests.createdAt} as created_at, ${requests.nextTodoDate} as next_todo_date,
        ${requests.receivedDocumentAt} as received_document_at, ${requests.rush} as rush,
        ${requests.status} as status, ${requests.status} in (${list(OPEN_STATUSES)}) as is_open,
        coalesce(${requests.closedDate}, ${requests.completedDate}) as finished_at,
        ${fee} as fee,
        ${requests.lastNoteAt} as last_note_at,
        floor(extract(epoch from (${requests.receivedDocumentAt} - ${requests.createdAt})) / 86400) as turnaround
      from ${requests}
      join ${priceSettings} on ${priceSettings.id} = 1
      ${billed}
      where ${where}
    )
    select grouping(b.working_on_id) = 0 and grouping(b.company_id) = 1 as by_worker,
      grouping(b.company_id) = 0 as by_company,
      b.company_id, b.working_on_id,
      count(*)::int as total,
      ${sql.join(cards, sql`, `)},
      ${sql.join(periods, sql`, `)},
      coalesce(sum(fee), 0)::float8 as total_price,
      count(*) filter (where received_document_at is not null)::int as total_received,
      coalesce(sum(turnaround) filter (where received_document_at is not null), 0)::int as total_turnaround
    from base b cross join w
    group by grouping sets ((), (b.working_on_id), (b.company_id))`,
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
