// SQL of the bell and its e-mails: the notes a caller may see, the seen mark, the e-mail choices, the queue
// of notes to hand out and the digest's kept notes.
import { NOTIFICATION_LIMIT, NOTIFICATION_UNREAD_CAP } from '@dd/shared';
import { and, desc, eq, gt, gte, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { ownFirm, sameFirm, visibleRequests } from '../../authz/scopes';
import { type DbOrTx, queryRows } from '../../db/client';
import {
  notes,
  notificationDigestItems,
  notificationEmailPrefs,
  notificationEmailQueue,
  patients,
  requests,
  userDirectory,
  users,
} from '../../db/schema';

const TEXT_LENGTH = 200;

/**
 * The bell's one visibility rule, also for its e-mails (decision 065): notes others wrote on requests the
 * caller may see. A person's own notes are not news to them.
 */
function othersNotesOnVisibleRequests(db: DbOrTx, auth: Auth) {
  const visible = db.select({ id: requests.id }).from(requests).where(visibleRequests(auth));
  return and(
    ownFirm(auth, notes.companyId),
    inArray(notes.requestId, visible),
    or(isNull(notes.userId), ne(notes.userId, auth.userId)),
  );
}

/** Bell events matching `where`, each with its request, client, status change, author and time. */
function selectBellEvents(db: DbOrTx, where: SQL | undefined) {
  const author = sql<
    string | null
  >`(select full_name from ${userDirectory} u where u.user_id = ${notes.userId})`;
  return db
    .select({
      id: notes.id,
      requestId: requests.id,
      internalNumber: requests.internalNumber,
      client: patients.fullName,
      text: sql<string>`left(${notes.text}, ${TEXT_LENGTH})`,
      statusChange: notes.updateStatus,
      by: author,
      at: notes.createdAt,
    })
    .from(notes)
    .innerJoin(requests, and(eq(requests.id, notes.requestId), sameFirm(requests.companyId, notes.companyId)))
    .innerJoin(
      patients,
      and(eq(patients.id, requests.patientId), sameFirm(patients.companyId, requests.companyId)),
    )
    .where(where);
}
export type BellEvent = Awaited<ReturnType<typeof selectBellEvents>>[number];

/** When the caller last opened the bell (null when never). */
export async function bellSeenAt(db: DbOrTx, auth: Auth): Promise<Date | null | undefined> {
  const [me] = await db
    .select({ seenAt: users.notificationsSeenAt })
    .from(users)
    .where(and(eq(users.id, auth.userId), eq(users.companyId, auth.companyId)));
  return me?.seenAt;
}

/** The bell's events since `since`, newest first, one page. */
export function recentBellEvents(db: DbOrTx, auth: Auth, since: Date): Promise<BellEvent[]> {
  const where = and(othersNotesOnVisibleRequests(db, auth), gte(notes.createdAt, since));
  return selectBellEvents(db, where).orderBy(desc(notes.createdAt), desc(notes.id)).limit(NOTIFICATION_LIMIT);
}

/** How many of the bell's events since `since` came after `seenAt` (counted up to the cap). */
export async function unreadBellCount(db: DbOrTx, auth: Auth, since: Date, seenAt: Date): Promise<number> {
  const where = and(othersNotesOnVisibleRequests(db, auth), gte(notes.createdAt, since));
  const [{ unread }] = await db.select({ unread: sql<number>`count(*)::int` }).from(
    db
      .select({ id: notes.id })
      .from(notes)
      .where(and(where, gt(notes.createdAt, seenAt)))
      .limit(NOTIFICATION_UNREAD_CAP)
      .as('recent'),
  );
  return unread;
}

export async function markBellSeen(db: DbOrTx, auth: Auth): Promise<void> {
  await db
    .update(users)
    .set({ notificationsSeenAt: sql`clock_timestamp()` })
    .where(and(eq(users.id, auth.userId), eq(users.companyId, auth.companyId)));
}

/** The e-mail choices a person made, one row per kind. */
export function emailChoiceRows(db: DbOrTx, person: { userId: number; companyId: number }) {
  return db
    .select({ kind: notificationEmailPrefs.kind, choice: notificationEmailPrefs.choice })
    .from(notificationEmailPrefs)
    .where(
      and(
        eq(notificationEmailPrefs.companyId, person.companyId),
        eq(notificationEmailPrefs.userId, person.userId),
      ),
    );
}

export async function saveEmailChoices(
  db: DbOrTx,
  rows: (typeof notificationEmailPrefs.$inferInsert)[],
): Promise<void> {
  await db
    .insert(notificationEmailPrefs)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationEmailPrefs.userId, notificationEmailPrefs.companyId, notificationEmailPrefs.kind],
      set: { choice: sql`excluded.choice` },
    });
}

/** Takes up to `batch` queued notes off the queue (skipping those another instance holds); their ids. */
export async function takeQueuedNotes(tx: DbOrTx, batch: number): Promise<number[]> {
  const taken = await queryRows<{ note_id: number }>(
    tx,
    sql`delete from ${notificationEmailQueue} where note_id in (
          select note_id from ${notificationEmailQueue} order by note_id limit ${batch} for update skip locked
        ) returning note_id`,
  );
  return taken.map((r) => Number(r.note_id));
}

/** Active users, of every firm, who chose an e-mail for some kind of event. */
export function usersWantingEmails(tx: DbOrTx) {
  return tx
    .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName })
    .from(notificationEmailPrefs)
    .innerJoin(users, eq(users.id, notificationEmailPrefs.userId))
    .where(and(ne(notificationEmailPrefs.choice, 'never'), sql`${users.isActive}`));
}

/** The bell events among these notes that the caller may see, in note order. */
export function bellEventsAmongNotes(tx: DbOrTx, auth: Auth, noteIds: number[]): Promise<BellEvent[]> {
  return selectBellEvents(
    tx,
    and(inArray(notes.id, noteIds), othersNotesOnVisibleRequests(tx, auth)),
  ).orderBy(notes.id);
}

/** The bell events among these notes that the caller may see, oldest first. */
export function bellEventsForDigest(tx: DbOrTx, auth: Auth, noteIds: number[]): Promise<BellEvent[]> {
  return selectBellEvents(
    tx,
    and(inArray(notes.id, noteIds), othersNotesOnVisibleRequests(tx, auth)),
  ).orderBy(notes.createdAt, notes.id);
}

export async function keepForDigest(
  tx: DbOrTx,
  items: { userId: number; companyId: number; noteId: number }[],
): Promise<void> {
  await tx.insert(notificationDigestItems).values(items).onConflictDoNothing();
}

/** Users, of every firm, with notes kept for their digest, with their time zone and last digest day. */
export function usersWithDigestItems(db: DbOrTx) {
  return db
    .selectDistinct({ id: users.id, timezone: users.timezone, day: users.notificationDigestDay })
    .from(notificationDigestItems)
    .innerJoin(users, eq(users.id, notificationDigestItems.userId));
}

/** Claims the digest day on the user's row; the address to send to, or undefined when already claimed. */
export async function claimDigestDay(
  tx: DbOrTx,
  userId: number,
  day: string,
): Promise<{ email: string; firstName: string } | undefined> {
  const [claimed] = await tx
    .update(users)
    .set({ notificationDigestDay: day })
    .where(and(eq(users.id, userId), sql`${users.notificationDigestDay} is distinct from ${day}`))
    .returning({ email: users.email, firstName: users.firstName });
  return claimed;
}

/** Takes the notes kept for the user's digest off their list; their ids. */
export async function takeDigestItems(tx: DbOrTx, userId: number): Promise<{ noteId: number }[]> {
  return tx
    .delete(notificationDigestItems)
    .where(eq(notificationDigestItems.userId, userId))
    .returning({ noteId: notificationDigestItems.noteId });
}
