import {
  addBusinessDays,
  addCalendarDays,
  DEADLINE_STATUSES,
  type DeadlineStatus,
  DUE_SOON_BUSINESS_DAYS,
  OPEN_STATUSES,
  todayIn,
  VERY_OVERDUE_DAYS,
} from '@dd/shared';
import { and, gte, isNotNull, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../authz';
import { requests } from '../../db/schema';
import { oneOf } from '../../db/schema/checks';

export const deadlineStatusParam = z.enum(DEADLINE_STATUSES);

/** The due dates (both ends included, YYYY-MM-DD) of open requests whose deadline stands at `status` today. */
export function deadlineDueRange(status: DeadlineStatus, today: string): { from: string; to: string } {
  const soon = addBusinessDays(today, DUE_SOON_BUSINESS_DAYS);
  const veryOverdue = addCalendarDays(today, -VERY_OVERDUE_DAYS);
  const ranges: Record<DeadlineStatus, { from: string; to: string }> = {
    on_track: { from: addCalendarDays(soon, 1), to: LAST_DAY },
    due_soon: { from: today, to: soon },
    overdue: { from: addCalendarDays(veryOverdue, 1), to: addCalendarDays(today, -1) },
    very_overdue: { from: FIRST_DAY, to: veryOverdue },
  };
  return ranges[status];
}
const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';

/**
 * Open requests with a due date between two days (or placeholders for them, in a prepared statement).
 * Written like the partial index's predicate, so the planner can use it.
 */
export function openDueBetween(from: string, to: string): SQL {
  const due = requests.dueDate;
  return and(isNotNull(due), oneOf(requests.status, OPEN_STATUSES), gte(due, from), lte(due, to))!;
}

/**
 * `?deadline_status=`: open requests whose due date stands there. A list reads "today" in the caller's
 * time zone (one date for the whole query, so an index range serves it); each row's own badge reads its
 * provider's, so the two can differ for the few hours the zones disagree.
 */
export function deadlineStatusWhere(status: DeadlineStatus, auth: Auth): SQL | undefined {
  const { from, to } = deadlineDueRange(status, todayIn(auth.timezone));
  return openDueBetween(from, to);
}
