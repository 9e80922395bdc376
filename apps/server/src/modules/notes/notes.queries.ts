import type { RequestNote } from '@dd/shared';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notes, users } from '../../db/schema';

/** Notes in the shape every screen reads, newest first. Callers scope by visible requests first. */
const noteColumns = {
  id: notes.id,
  text: notes.text,
  updateStatus: notes.updateStatus,
  previousStatus: notes.previousStatus,
  reminderDate: notes.reminderDate,
  createdAt: notes.createdAt,
  requestId: notes.requestId,
  userId: notes.userId,
  userName: users.fullName,
};

export function selectNotes(db: DbOrTx) {
  return db.select(noteColumns).from(notes).leftJoin(users, eq(users.id, notes.userId)).$dynamic();
}

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

export function noteJson(row: NoteRow): RequestNote {
  return {
    id: row.id,
    text: row.text,
    update_status: row.updateStatus,
    previous_status: row.previousStatus,
    reminder_date: row.reminderDate,
    created_at: new Date(row.createdAt).toISOString(),
    request: row.requestId,
    user: row.userId === null ? null : { id: row.userId, full_name: row.userName ?? '' },
  };
}

export const NEWEST_FIRST: SQL[] = [desc(notes.createdAt), desc(notes.id)];

/** Every note of one (already authorised) request, newest first. */
export async function listRequestNotes(db: DbOrTx, requestId: number): Promise<RequestNote[]> {
  const rows = await selectNotes(db)
    .where(eq(notes.requestId, requestId))
    .orderBy(...NEWEST_FIRST);
  return rows.map(noteJson);
}
