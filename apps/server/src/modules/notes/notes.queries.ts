import type { RequestNote } from '@dd/shared';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { ownFirm, sameFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import { notes, requests, userDirectory, users } from '../../db/schema';

/** Notes in the shape every screen reads, newest first. selectNotes does not scope: its callers do (or use listVisibleNotes). */
const noteColumns = {
  id: notes.id,
  text: notes.text,
  updateStatus: notes.updateStatus,
  previousStatus: notes.previousStatus,
  reminderDate: notes.reminderDate,
  createdAt: notes.createdAt,
  requestId: notes.requestId,
  userId: notes.userId,
  userName: userDirectory.fullName,
};

function selectNotes(db: DbOrTx) {
  return db
    .select(noteColumns)
    .from(notes)
    .leftJoin(userDirectory, eq(userDirectory.userId, notes.userId))
    .$dynamic();
}

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

function noteJson(row: NoteRow): RequestNote {
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
export async function listRequestNotes(
  db: DbOrTx,
  request: { id: number; companyId: number },
): Promise<RequestNote[]> {
  const rows = await selectNotes(db)
    .where(and(eq(notes.requestId, request.id), eq(notes.companyId, request.companyId)))
    .orderBy(...NEWEST_FIRST);
  return rows.map(noteJson);
}

export interface NoteFilter {
  requestId?: number;
  limit: number;
  offset: number;
}

/** GET /api/home/notes/: one page of the notes on requests the caller may see, and how many there are. */
export async function listVisibleNotes(
  db: DbOrTx,
  auth: Auth,
  filter: NoteFilter,
): Promise<{ rows: RequestNote[]; total: number }> {
  const visible = db.select({ id: requests.id }).from(requests).where(visibleRequests(auth));
  const where = and(
    ownFirm(auth, notes.companyId),
    inArray(notes.requestId, visible),
    filter.requestId ? eq(notes.requestId, filter.requestId) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectNotes(db)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(notes).where(where),
  ]);
  return { rows: rows.map(noteJson), total };
}

export async function noteById(db: DbOrTx, note: { id: number; companyId: number }): Promise<RequestNote> {
  const [row] = await selectNotes(db).where(and(eq(notes.id, note.id), eq(notes.companyId, note.companyId)));
  return noteJson(row);
}

/** Writes a note; its id. */
export async function insertNote(tx: Tx, note: typeof notes.$inferInsert): Promise<number> {
  const [row] = await tx.insert(notes).values(note).returning({ id: notes.id });
  return row.id;
}

/** Writes a note (without reading its id back). */
export async function writeNote(tx: Tx, note: typeof notes.$inferInsert): Promise<void> {
  await tx.insert(notes).values(note);
}

/** The caller's full name, if their user row is found in their firm. */
export async function callerName(tx: Tx, auth: Auth): Promise<string | undefined> {
  const [author] = await tx
    .select({ name: users.fullName })
    .from(users)
    .where(and(eq(users.id, auth.userId), eq(users.companyId, auth.companyId)));
  return author?.name;
}

/** The status and firm of the request `id` if the caller may see it. */
export async function visibleRequestStatus(db: DbOrTx, auth: Auth, id: number) {
  const [target] = await db
    .select({ status: requests.status, companyId: requests.companyId })
    .from(requests)
    .where(and(eq(requests.id, id), visibleRequests(auth)));
  return target;
}

/** The request and firm of the note `noteId` if the caller may see its request. */
export async function visibleNoteRequest(tx: Tx, auth: Auth, noteId: number) {
  const [found] = await tx
    .select({ requestId: notes.requestId, companyId: notes.companyId })
    .from(notes)
    .innerJoin(requests, and(eq(requests.id, notes.requestId), sameFirm(requests.companyId, notes.companyId)))
    .where(and(eq(notes.id, noteId), visibleRequests(auth)));
  return found;
}

/** Locks the request's row (FOR UPDATE). */
export async function lockRequestRow(tx: Tx, request: { id: number; companyId: number }): Promise<void> {
  await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.id, request.id), eq(requests.companyId, request.companyId)))
    .for('update');
}

export async function setReminderDate(
  tx: Tx,
  note: { id: number; companyId: number },
  date: string | null,
): Promise<void> {
  await tx
    .update(notes)
    .set({ reminderDate: date })
    .where(and(eq(notes.id, note.id), eq(notes.companyId, note.companyId)));
}
