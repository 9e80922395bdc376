import {
  addBusinessDays,
  isOpenStatus,
  OPEN_STATUSES,
  type RequestStatus,
  STAFF_MSG,
  todayIn,
} from '@dd/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import type { DbOrTx, Tx } from '../../db/client';
import { notes, requests, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { byRequest, type RequestKey } from '../requests/requests.ref';

/**
 * When staff next look at a request: next_todo_date, which the To Do list reads, is the
 * earliest of the request's active reminders and its follow-up date, and nothing once it is closed.
 * - Ordered, resubmitted by the firm, or written to by the firm: due at once (the follow-up is today).
 * - The first send and every staff note: the follow-up moves to some business days later.
 * - A staff note with a reminder: the reminder replaces the follow-up.
 * - Ending the last reminder of an open request with no follow-up schedules one, so nothing open drops off.
 * Recomputed in SQL inside the transaction of every change, under the request's lock.
 */

/** How far the follow-up moves after staff work (config FOLLOW_UP_BUSINESS_DAYS). */
export interface FollowUpSettings {
  followUpDays: number;
}

/** Today where each staff member is: the earliest of their dates, so work due now is due for everyone. */
export async function staffToday(db: DbOrTx): Promise<string> {
  const zones = await db
    .selectDistinct({ timezone: users.timezone })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.isActive, true)));
  const dates = zones.map((z) => todayIn(z.timezone));
  // ISO dates sort as text: the first is the earliest.
  return dates.length ? dates.sort()[0] : todayIn('UTC');
}

const earliestReminder = sql`(select min(${notes.reminderDate}) from ${notes}
  where ${notes.requestId} = ${requests.id} and ${notes.companyId} = ${requests.companyId} and ${notes.active} and ${notes.reminderDate} is not null)`;

/** next_todo_date from the reminders and the follow-up; none for a closed request. */
export async function recomputeNextTodo(tx: Tx, request: RequestKey): Promise<void> {
  await tx
    .update(requests)
    .set({
      nextTodoDate: sql`case when ${inArray(requests.status, OPEN_STATUSES)}
        then least(${earliestReminder}, ${requests.followUpDate}) end`,
    })
    .where(byRequest(requests.id, requests.companyId, request));
}

/** Sets (or, with null, clears) the follow-up and recomputes next_todo_date. */
export async function setFollowUp(tx: Tx, request: RequestKey, date: string | null): Promise<void> {
  await tx
    .update(requests)
    .set({ followUpDate: date })
    .where(byRequest(requests.id, requests.companyId, request));
  await recomputeNextTodo(tx, request);
}

/** The follow-up after a staff note or the first send: `days` business days after the author's today. */
export const followUpAfterStaffWork = (auth: Auth, days: number): string =>
  addBusinessDays(todayIn(auth.timezone), days);

/**
 * After a reminder ended or moved: an open request left with no date at all gets a follow-up, so it
 * cannot fall off the To Do list.
 */
export async function keepOnTheList(tx: Tx, request: RequestKey, followUp: string): Promise<void> {
  await recomputeNextTodo(tx, request);
  const [row] = await tx
    .select({ status: requests.status, next: requests.nextTodoDate })
    .from(requests)
    .where(byRequest(requests.id, requests.companyId, request));
  if (row && row.next === null && isOpenStatus(row.status as RequestStatus)) {
    await setFollowUp(tx, request, followUp);
  }
}

/**
 * Cancelling or sending the records ends the work, so every reminder ends with it (the request's own
 * dates ended with its closed status: changeStatus in notes.status.ts).
 */
export async function endAllReminders(tx: Tx, request: RequestKey): Promise<void> {
  await tx
    .update(notes)
    .set({ reminderDate: null })
    .where(and(byRequest(notes.requestId, notes.companyId, request), isNotNull(notes.reminderDate)));
}

/** A reminder may be today or later in the caller's own time zone (UTC when none is stored). */
export function assertReminderNotPast(auth: Auth, date: string): void {
  if (date < todayIn(auth.timezone)) {
    throw badRequest(STAFF_MSG.reminderInPast, { reminder_date: STAFF_MSG.reminderInPast });
  }
}
