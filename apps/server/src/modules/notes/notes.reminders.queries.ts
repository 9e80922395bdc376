import { OPEN_STATUSES } from '@dd/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { notes, requests, users } from '../../db/schema';
import type { RequestKey } from '../requests/requests.ref';
import { byRequest } from '../requests/requests.ref.queries';

/** The statements of the To Do dates: reminders, follow-up and next_todo_date (notes.reminders.ts). */

/** The distinct time zones of the active staff members. */
export async function activeStaffZones(db: DbOrTx) {
  return db
    .selectDistinct({ timezone: users.timezone })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.isActive, true)));
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

export async function setFollowUpDate(tx: Tx, request: RequestKey, date: string | null): Promise<void> {
  await tx
    .update(requests)
    .set({ followUpDate: date })
    .where(byRequest(requests.id, requests.companyId, request));
}

/** The request's status and next_todo_date. */
export async function statusAndNextTodo(tx: Tx, request: RequestKey) {
  const [row] = await tx
    .select({ status: requests.status, next: requests.nextTodoDate })
    .from(requests)
    .where(byRequest(requests.id, requests.companyId, request));
  return row;
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
