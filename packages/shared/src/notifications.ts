import { z } from 'zod';

/**
 * The notification bell: what others just did on the requests a user can see (the notes written on them,
 * status changes included), newest first, and how many arrived since the user last opened it.
 */
export const NOTIFICATION_WINDOW_DAYS = 30;
export const NOTIFICATION_LIMIT = 20;
/** The unread count stops here ('99+'). */
export const NOTIFICATION_UNREAD_CAP = 99;

export const NotificationSchema = z.object({
  id: z.number(),
  request: z.object({ id: z.number(), internal_number: z.string() }),
  client: z.string(),
  text: z.string(),
  status_change: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
  unread: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsSchema = z.object({
  /** How many arrived since the bell was last opened (at most NOTIFICATION_UNREAD_CAP). */
  unread: z.number(),
  results: z.array(NotificationSchema),
});
export type Notifications = z.infer<typeof NotificationsSchema>;

export const NOTIFICATIONS_MSG = {
  empty: 'Nothing new on your requests in the last 30 days.',
  seen: 'Marked as read.',
} as const;
