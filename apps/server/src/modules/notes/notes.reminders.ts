import { STAFF_MSG, todayIn } from '@dd/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notes, requests, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/**
 * Reminders: a note's reminder_date, and the request's next_todo_date (the earliest reminder among its
 * active notes) that the to-do list reads. Recomputed in SQL inside the transaction of every change.
 */
export async function recomputeNextTodo(tx: Tx, requestId: number): Promise<void> {
  await tx
    .update(requests)
    .set({
      nextTodoDate: sql`(select min(${notes.reminderDate}) from ${notes}
        where ${notes.requestId} = ${requests.id} and ${notes.active} and ${notes.reminderDate} is not null)`,
    })
    .where(eq(requests.id, requestId));
}

/** Cancelling or sending the records ends the work, so every reminder of the request ends with it. */
export async function endAllReminders(tx: Tx, requestId: number): Promise<void> {
  await tx
    .update(notes)
    .set({ reminderDate: null })
    .where(and(eq(notes.requestId, requestId), isNotNull(notes.reminderDate)));
  await tx.update(requests).set({ nextTodoDate: null }).where(eq(requests.id, requestId));
}

/** A reminder may be today or later in the caller's own time zone (UTC when none is stored). */
export async function assertReminderNotPast(tx: Tx, userId: number, date: string): Promise<void> {
  const [caller] = await tx.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  if (date < todayIn(caller?.timezone)) {
    throw badRequest(STAFF_MSG.reminderInPast, { reminder_date: STAFF_MSG.reminderInPast });
  }
}
