import { CLOSED_STATUSES, OPEN_STATUSES, REQUEST_STATUSES, type RequestStatus } from '@dd/shared';
import { asc, desc, eq, ilike, inArray, isNull, lt, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { patients, providers, requests, users } from '../../db/schema';
import { boolParam, containsPattern, dateParam, filter, idParam, textParam } from './requests.filter-kit';
import { nameMatches } from './requests.name-filters.queries';

/**
 * The staff list's filters and orderings (staff spec section 7) as allow-list entries of
 * GET /api/home/request/. Names of related rows are matched with EXISTS sub-queries (or, in the list, with
 * their matches looked up first: requests.name-filters.queries.ts), so the list query itself never joins; every
 * value is a bound parameter.
 */
const contains = (column: SQL | AnyPgColumn, text: string) =>
  text ? ilike(column, containsPattern(text)) : undefined;

/** Statuses whose name starts with 'Completed' (documents sent to the firm or none available). */
const COMPLETED_STATUSES = REQUEST_STATUSES.filter((s) => s.startsWith('Completed'));

/** The statuses whose name contains the text, ignoring case (the status filter's choices). */
export function statusesContaining(text: string): RequestStatus[] {
  const wanted = text.toLowerCase();
  return REQUEST_STATUSES.filter((s) => s.toLowerCase().includes(wanted));
}

/** A claimant id, or 'none' (also 'None', 'null') for unclaimed requests. */
const workingOnParam = z.union([z.enum(['none', 'None', 'null']).transform(() => null), idParam]);

/**
 * The same rule as the detail's notice (staffwork isNewProvider): flagged, or its provider unverified.
 * The unverified providers are read once into a hash (IN inside OR), so a list walks its index checking
 * each request's provider id against it, instead of looking every request's provider up. The staff list
 * looks them up first instead (listedNewProvider), so PostgreSQL knows how many requests they hold.
 */
const newProvider = sql`(${requests.newProvider} or ${requests.providerId} in (select ${providers.id} from ${providers} where ${providers.verifiedAt} is null))`;

export const STAFF_FILTERS = {
  /** The law firm: requests carry their client's company. */
  patient__company: filter(idParam, (id) => eq(requests.companyId, id)),
  patient__full_name__icontains: filter(textParam, (text) =>
    nameMatches('patient__full_name__icontains', text),
  ),
  provider__name__icontains: filter(textParam, (text) => nameMatches('provider__name__icontains', text)),
  user__full_name__icontains: filter(textParam, (text) => nameMatches('user__full_name__icontains', text)),
  requester__full_name__icontains: filter(textParam, (text) =>
    nameMatches('requester__full_name__icontains', text),
  ),
  /** Statuses come from a fixed list: the ones containing the text, matched exactly (an index walk). */
  status__icontains: filter(textParam, (text) => {
    if (!text) return undefined;
    const matching = statusesContaining(text);
    return matching.length ? inArray(requests.status, matching) : sql`false`;
  }),
  /** true: rush requests only (the first thing staff triage); false: the others. */
  rush: filter(boolParam, (rush) => (rush ? sql`${requests.rush}` : sql`not ${requests.rush}`)),
  /** Request type names contain the text (types are stored as 'A, B'). */
  type: filter(textParam, (text) => contains(requests.requestType, text)),
  internal_number__contains: filter(textParam, (text) => contains(requests.internalNumber, text)),
  working_on: filter(workingOnParam, (id) =>
    id === null ? isNull(requests.workingOnId) : eq(requests.workingOnId, id),
  ),
  /** The to-do list: reminders due before the given day (the browser sends today in the user's zone). */
  next_todo_date__lt: filter(dateParam, (date) => lt(requests.nextTodoDate, date)),
  /** true: open statuses; false: completed or closed. */
  status_open: filter(boolParam, (open) =>
    open ? inArray(requests.status, OPEN_STATUSES) : inArray(requests.status, CLOSED_STATUSES),
  ),
  /** true: the 'Completed - …' statuses; false: every other status. */
  status_completed: filter(boolParam, (completed) =>
    completed
      ? inArray(requests.status, COMPLETED_STATUSES)
      : notInArray(requests.status, COMPLETED_STATUSES),
  ),
  /**
   * true: leave out requests claimed by administrators (is_admin_user) or by users who are not staff, so
   * reports show the work of the retrieval staff; unclaimed requests stay.
   */
  exclude_admins_and_users: filter(boolParam, (exclude) =>
    exclude
      ? sql`(${requests.workingOnId} is null or exists (select 1 from ${users} where ${users.id} = ${requests.workingOnId} and ${users.isStaff} and not ${users.isAdminUser}))`
      : undefined,
  ),
  /** Requests to a provider that staff have not verified yet (added by a firm), or all the others. */
  new_provider: filter(boolParam, (flagged) => (flagged ? newProvider : not(newProvider))),
  /** true: only archived requests; false: only active ones (the default of internal callers' lists). */
  archived: filter(boolParam, (archived) => (archived ? sql`${requests.archived}` : notArchived)),
  /** Whole days in the database's time zone: gte from midnight, lte up to the end of the day. */
  completed_date__gte: filter(dateParam, (date) => sql`${requests.completedDate} >= ${date}::date`),
  completed_date__lte: filter(dateParam, (date) => finishedBy(requests.completedDate, date)),
  closed_date__gte: filter(dateParam, (date) => sql`${requests.closedDate} >= ${date}::date`),
  closed_date__lte: filter(dateParam, (date) => finishedBy(requests.closedDate, date)),
};

/**
 * Finished (completed or closed) by the end of `date`, and so created by then too: a request cannot finish
 * before it is created (requests_finished_after_created_ck). Saying so lets the newest-first walk start at
 * that day instead of passing every request created since, which at a million requests was most of them.
 */
function finishedBy(finished: AnyPgColumn, date: string): SQL {
  return sql`${finished} < ${date}::date + 1 and ${requests.createdAt} < ${date}::date + 1`;
}

/**
 * Bare columns rather than `= $1`, so the planner matches the staff list's partial indexes
 * (`where active and not archived`, migration 0007).
 */
export const notArchived = sql`not ${requests.archived}`;

/** Orderings by the client's name join `patients` (listVisibleRequests), walking its name index. */
export const STAFF_ORDERINGS = {
  patient__full_name: [asc(patients.fullName), desc(requests.createdAt), desc(requests.id)],
  '-patient__full_name': [desc(patients.fullName), desc(requests.createdAt), desc(requests.id)],
  /** The To Do list's order: rush first, newest first within each. */
  '-rush': [desc(requests.rush), desc(requests.createdAt), desc(requests.id)],
  /** Requests without a reminder come last either way. */
  next_todo_date: [sql`${requests.nextTodoDate} asc nulls last`, desc(requests.createdAt), desc(requests.id)],
  '-next_todo_date': [
    sql`${requests.nextTodoDate} desc nulls last`,
    desc(requests.createdAt),
    desc(requests.id),
  ],
  /** The provider's legal due date: requests not yet sent (no due date) come last either way. */
  due_date: [sql`${requests.dueDate} asc nulls last`, desc(requests.createdAt), desc(requests.id)],
  '-due_date': [sql`${requests.dueDate} desc nulls last`, desc(requests.createdAt), desc(requests.id)],
} satisfies Record<string, SQL[]>;
