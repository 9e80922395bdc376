import {
  NOTIFICATION_LIMIT,
  NOTIFICATION_UNREAD_CAP,
  NOTIFICATION_WINDOW_DAYS,
  NOTIFICATIONS_MSG,
  type Notifications,
} from '@dd/shared';
import { and, desc, eq, gt, gte, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { ownFirm, sameFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { notes, patients, requests, users } from '../../db/schema';

/**
 * The bell (decision 063): notes others wrote in the last 30 days on requests the caller may see, newest
 * first. A person's own notes are not news to them. Unread: written after the bell was last opened.
 */
const TEXT_LENGTH = 200;

/**
 * The bell's one visibility rule, also for its e-mails (decision 065): notes others wrote on requests the
 * caller may see. A person's own notes are not news to them.
 */
export function othersNotesOnVisibleRequests(db: DbOrTx, auth: Auth) {
  const visible = db.select({ id: requests.id }).from(requests).where(visibleRequests(auth));
  return and(
    ownFirm(auth, notes.companyId),
    inArray(notes.requestId, visible),
    or(isNull(notes.userId), ne(notes.userId, auth.userId)),
  );
}

/** Bell events matching `where`, each with its request, client, status change, author and time. */
export function selectBellEvents(db: DbOrTx, where: SQL | undefined) {
  const author = sql<string | null>`(select full_name from ${users} u where u.id = ${notes.userId})`;
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

export async function listNotifications(db: DbOrTx, auth: Auth, now = new Date()): Promise<Notifications> {
  const since = new Date(now.getTime() - NOTIFICATION_WINDOW_DAYS * 86_400_000);
  const [me] = await db
    .select({ seenAt: users.notificationsSeenAt })
    .from(users)
    .where(and(eq(users.id, auth.userId), eq(users.companyId, auth.companyId)));
  const seenAt = me?.seenAt && me.seenAt > since ? me.seenAt : since;
  const where = and(othersNotesOnVisibleRequests(db, auth), gte(notes.createdAt, since));
  const [rows, [{ unread }]] = await Promise.all([
    selectBellEvents(db, where).orderBy(desc(notes.createdAt), desc(notes.id)).limit(NOTIFICATION_LIMIT),
    db.select({ unread: sql<number>`count(*)::int` }).from(
      db
        .select({ id: notes.id })
        .from(notes)
        .where(and(where, gt(notes.createdAt, seenAt)))
        .limit(NOTIFICATION_UNREAD_CAP)
        .as('recent'),
    ),
  ]);
  return {
    unread,
    results: rows.map((r) => ({
      id: r.id,
      request: { id: r.requestId, internal_number: r.internalNumber },
      client: r.client,
      text: r.text,
      status_change: r.statusChange,
      by: r.by,
      at: r.at.toISOString(),
      unread: r.at > seenAt,
    })),
  };
}

export async function markNotificationsSeen(db: DbOrTx, auth: Auth): Promise<{ success: string }> {
  await db
    .update(users)
    .set({ notificationsSeenAt: sql`clock_timestamp()` })
    .where(and(eq(users.id, auth.userId), eq(users.companyId, auth.companyId)));
  return { success: NOTIFICATIONS_MSG.seen };
}
