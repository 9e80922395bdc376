import { addBusinessDays, isOpenStatus, type RequestStatus, STAFF_MSG, todayIn } from '@dd/shared';
import type { Auth } from '../../authz';
import type { DbOrTx, Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { RequestKey } from '../requests/requests.ref';
import {
  activeStaffZones,
  recomputeNextTodo,
  setFollowUpDate,
  statusAndNextTodo,
} from './notes.reminders.queries';

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
  const zones = await activeStaffZones(db);
  const dates = zones.map((z) => todayIn(z.timezone));
  // ISO dates sort as text: the first is the earliest.
  return dates.length ? dates.sort()[0] : todayIn('UTC');
}

/** Sets (or, with null, clears) the follow-up and recomputes next_todo_date. */
export async function setFollowUp(tx: Tx, request: RequestKey, date: string | null): Promise<void> {
  await setFollowUpDate(tx, request, date);
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
  const row = await statusAndNextTodo(tx, request);
  if (row && row.next === null && isOpenStatus(row.status as RequestStatus)) {
    await setFollowUp(tx, request, followUp);
  }
}

/** A reminder may be today or later in the caller's own time zone (UTC when none is stored). */
export function assertReminderNotPast(auth: Auth, date: string): void {
  if (date < todayIn(auth.timezone)) {
    throw badRequest(STAFF_MSG.reminderInPast, { reminder_date: STAFF_MSG.reminderInPast });
  }
}
