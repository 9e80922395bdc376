import { z } from 'zod';
import { STATUS } from './statuses';

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

/**
 * Notification e-mails (decision 065): each user chooses, per kind of bell event, whether it also reaches
 * them by e-mail at once, in one daily digest, or never. The kind comes from the note: a move to a status
 * where records arrived, any other status change, or a note without one.
 */
export const NOTIFICATION_EMAIL_KINDS = ['status_change', 'records_arrived', 'note'] as const;
export type NotificationEmailKind = (typeof NOTIFICATION_EMAIL_KINDS)[number];
export const NOTIFICATION_EMAIL_CHOICES = ['immediately', 'daily', 'never'] as const;
export type NotificationEmailChoice = (typeof NOTIFICATION_EMAIL_CHOICES)[number];
/** Without a choice of their own nobody gets these e-mails: the e-mails the product sent before are unchanged. */
export const NOTIFICATION_EMAIL_DEFAULT: NotificationEmailChoice = 'never';
/** The daily digest leaves on the first run from this hour on, in the user's time zone. */
export const NOTIFICATION_DIGEST_HOUR = 7;

export const NOTIFICATION_EMAIL_KIND_LABELS = {
  status_change: 'Status changes',
  records_arrived: 'Records arrived',
  note: 'Notes',
} as const satisfies Record<NotificationEmailKind, string>;

export const NOTIFICATION_EMAIL_CHOICE_LABELS = {
  immediately: 'Immediately',
  daily: 'Daily digest',
  never: 'Never',
} as const satisfies Record<NotificationEmailChoice, string>;

/** Statuses that say the provider's records arrived. */
const RECORDS_ARRIVED_STATUSES: readonly string[] = [
  STATUS.completedArrived,
  STATUS.closedArrived,
  STATUS.closedOriginallyNone,
];

/** The kind of a bell event, from its note's status change (null: a plain note). */
export function notificationEmailKind(statusChange: string | null): NotificationEmailKind {
  if (!statusChange) return 'note';
  return RECORDS_ARRIVED_STATUSES.includes(statusChange) ? 'records_arrived' : 'status_change';
}

const NotificationEmailChoiceSchema = z.enum(NOTIFICATION_EMAIL_CHOICES);
/** The signed-in user's choice for every kind (GET answers it, PUT replaces it). */
export const NotificationEmailPrefsSchema = z
  .object({
    status_change: NotificationEmailChoiceSchema,
    records_arrived: NotificationEmailChoiceSchema,
    note: NotificationEmailChoiceSchema,
  } satisfies Record<NotificationEmailKind, typeof NotificationEmailChoiceSchema>)
  .strict();
export type NotificationEmailPrefs = z.infer<typeof NotificationEmailPrefsSchema>;

export const NOTIFICATION_EMAIL_MSG = {
  title: 'Notification e-mails',
  intro:
    'What others do on your requests also reaches you by e-mail: at once, in one digest each morning, or never. The e-mails Direct Docs always sends to a firm’s contacts (status news, fee approvals, records ready) are not affected.',
  saved: 'Your notification e-mails are saved.',
  save: 'Save notification e-mails',
  loading: 'Loading your notification e-mails',
  personsOnly: 'Notification e-mails are a person’s own choice: an API key cannot read or change them.',
} as const;
