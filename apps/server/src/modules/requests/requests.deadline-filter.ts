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
import { and, gt, gte, isNotNull, lt, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../authz';
import { requests } from '../../db/schema';
import { oneOf } from '../../db/schema/checks';

export const deadlineStatusParam = z.enum(DEADLINE_STATUSES);

/**
 * `?deadline_status=`: open requests whose due date stands there. A list reads "today" in the caller's
 * time zone (one date for the whole query, so an index range serves it); each row's own badge reads its
 * provider's, so the two can differ for the few hours the zones disagree.
 */
export function deadlineStatusWhere(status: DeadlineStatus, auth: Auth): SQL | undefined {
  const today = todayIn(auth.timezone);
  const soon = addBusinessDays(today, DUE_SOON_BUSINESS_DAYS);
  const veryOverdue = addCalendarDays(today, -VERY_OVERDUE_DAYS);
  const due = requests.dueDate;
  const range: Record<DeadlineStatus, SQL | undefined> = {
    on_track: gt(due, soon),
    due_soon: and(gte(due, today), lte(due, soon)),
    overdue: and(lt(due, today), gt(due, veryOverdue)),
    very_overdue: lte(due, veryOverdue),
  };
  // Written like the partial index's predicate, so the planner can use it.
  return and(isNotNull(due), oneOf(requests.status, OPEN_STATUSES), range[status]);
}
