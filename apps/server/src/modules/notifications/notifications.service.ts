import { NOTIFICATION_WINDOW_DAYS, NOTIFICATIONS_MSG, type Notifications } from '@dd/shared';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { bellSeenAt, markBellSeen, recentBellEvents, unreadBellCount } from './notifications.queries';

/**
 * The bell (decision 063): notes others wrote in the last 30 days on requests the caller may see, newest
 * first. A person's own notes are not news to them. Unread: written after the bell was last opened.
 */
export async function listNotifications(db: DbOrTx, auth: Auth, now = new Date()): Promise<Notifications> {
  const since = new Date(now.getTime() - NOTIFICATION_WINDOW_DAYS * 86_400_000);
  const lastSeen = await bellSeenAt(db, auth);
  const seenAt = lastSeen && lastSeen > since ? lastSeen : since;
  const [rows, unread] = await Promise.all([
    recentBellEvents(db, auth, since),
    unreadBellCount(db, auth, since, seenAt),
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
  await markBellSeen(db, auth);
  return { success: NOTIFICATIONS_MSG.seen };
}
