import type { RequestNote } from '@dd/shared';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { ownFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { notes, requests, users } from '../../db/schema';

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
