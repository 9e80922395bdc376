import { CARDS, type CardRule, OPEN_STATUSES, PERIOD_DAYS, STATUS } from '@dd/shared';
import { type SQL, sql } from 'drizzle-orm';
import { notes, requests } from '../../db/schema';
import { oneOf } from '../../db/schema/checks';

/**
 * The SQL of each card rule (packages/shared staff-reports.ts): the data dashboard counts with it, the
 * staff reports count and list with it. The last day is the last 24 hours; the last 7 and 30 days
 * start at local midnight in the caller's zone; ages are measured from now.
 */

/** The request columns a rule reads: the table's own, or a CTE's aliases of them. */
export interface CardColumns {
  status: SQL;
  rush: SQL;
  createdAt: SQL;
  lastNoteAt: SQL;
  nextTodoDate: SQL;
  finishedAt: SQL;
  workingOnId: SQL;
  /** Whether a person set a reminder on the request (an active note with a reminder date). */
  hasReminder: SQL;
  /** A column already holding whether the request is open (computed once per row). */
  isOpen?: SQL;
}

/** A reminder a person set: the automatic follow-up date (next_todo_date alone) does not count. */
export function personReminder(requestId: SQL): SQL {
  return sql`exists (select 1 from ${notes} n
    where n.request_id = ${requestId} and n.active and n.reminder_date is not null)`;
}

const REQUEST_COLUMNS: CardColumns = {
  status: sql`${requests.status}`,
  rush: sql`${requests.rush}`,
  createdAt: sql`${requests.createdAt}`,
  lastNoteAt: sql`${requests.lastNoteAt}`,
  nextTodoDate: sql`${requests.nextTodoDate}`,
  finishedAt: sql`coalesce(${requests.closedDate}, ${requests.completedDate})`,
  workingOnId: sql`${requests.workingOnId}`,
  hasReminder: personReminder(sql`${requests.id}`),
};

/** The requests table's columns where every row is known to be open (a count over open requests alone). */
export const OPEN_REQUEST_COLUMNS: CardColumns = { ...REQUEST_COLUMNS, isOpen: sql`true` };

const nowSql = (now?: Date): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** Every age a card measures, in days: each gets its moment in `w`, computed once per query. */
const AGE_DAYS = [
  ...new Set(Object.values(CARDS).flatMap(({ rule }) => ('days' in rule ? [rule.days] : []))),
];
const before = (days: number) => {
  if (!AGE_DAYS.includes(days)) throw new Error(`no card measures ${days} days`);
  return sql.raw(`w.before_${days}_days`);
};

const localMidnight = (zone: string, daysBack: number, now?: Date) =>
  sql`(((${nowSql(now)} at time zone ${zone})::date - ${daysBack}::int)::timestamp at time zone ${zone})`;

/**
 * Where the last 30 days start (w.month_start) written out: in a WHERE clause the planner sees its value
 * and estimates how few rows it leaves, which it cannot through the join with `w`.
 */
export const monthStart = (zone: string, now?: Date) => localMidnight(zone, PERIOD_DAYS.month - 1, now);

/**
 * The `w` relation every rule reads its moments from: now, today, the start of each period (the last
 * day is the last 24 hours, as the card 'Requests Made Within Last 24 Hours' says; the week and month
 * start at local midnight in the zone), and the moment each card's age starts (computed here once: per row it would cost a third of
 * the dashboard's time at a million requests). Join it (`cross join w`) after
 * `with w as (${windowsRelation(zone)})`.
 */
export function windowsRelation(zone: string, now?: Date): SQL {
  const start = (daysBack: number) => localMidnight(zone, daysBack, now);
  const ages = AGE_DAYS.map(
    (days) => sql`${nowSql(now)} - make_interval(days => ${days}) as ${sql.raw(`before_${days}_days`)}`,
  );
  return sql`select ${nowSql(now)} as now, (${nowSql(now)} at time zone ${zone})::date as today,
    ${nowSql(now)} - interval '24 hours' as day_start,
    ${start(PERIOD_DAYS.week - 1)} as week_start,
    ${start(PERIOD_DAYS.month - 1)} as month_start,
    ${sql.join(ages, sql`, `)}`;
}

/** Written out, so queries match the partial index on open requests (requests_open_cards_idx). */
export const isOpen = (c: CardColumns = REQUEST_COLUMNS) => c.isOpen ?? oneOf(c.status, OPEN_STATUSES);

const OPEN_KINDS = new Set<CardRule['kind']>([
  'open',
  'new',
  'rush',
  'unassigned',
  'attention',
  'age',
  'noteAge',
  'todayReminder',
  'oldReminder',
  'noReminder',
]);
/** Does the rule count open requests only (so the open-requests index answers it)? */
export const countsOpenOnly = (rule: CardRule) => OPEN_KINDS.has(rule.kind);

export function cardPredicate(rule: CardRule, c: CardColumns = REQUEST_COLUMNS): SQL {
  const open = isOpen(c);
  switch (rule.kind) {
    case 'all':
      return sql`true`;
    case 'open':
      return open;
    case 'closed':
      return sql`not ${open}`;
    case 'new':
      return sql`${c.status} = ${STATUS.requestedByLawyer}`;
    case 'rush':
      return sql`${open} and ${c.rush}`;
    case 'unassigned':
      return sql`${open} and ${c.workingOnId} is null`;
    case 'attention':
      return sql`${c.status} in (${STATUS.needAssistance}, ${STATUS.waitingForDirectDocs})`;
    case 'age':
      return sql`${open} and ${c.createdAt} < ${before(rule.days)}`;
    case 'noteAge': {
      // Neither a note nor the request itself within the age (a note can be dated before its request).
      // The bound on creation also lets a table in creation order start its walk at the age.
      const age = before(rule.days);
      return sql`${open} and ${c.createdAt} < ${age} and coalesce(${c.lastNoteAt}, ${c.createdAt}) < ${age}`;
    }
    case 'todayReminder':
      return sql`${open} and ${c.nextTodoDate} = w.today`;
    case 'oldReminder':
      return sql`${open} and ${c.nextTodoDate} < w.today`;
    case 'noReminder':
      return sql`${open} and not ${c.hasReminder}`;
    case 'createdIn':
      return sql`${c.createdAt} >= ${sql.raw(`w.${rule.period}_start`)}`;
    case 'closedIn':
      return sql`not ${open} and ${c.finishedAt} >= ${sql.raw(`w.${rule.period}_start`)}`;
  }
}
