import { NOTIFICATION_EMAIL_CHOICES, NOTIFICATION_EMAIL_KINDS } from '@dd/shared';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { firmKey, tenantColumn } from './tenant';
import { users } from './users';

/**
 * Notification e-mails (decision 065): each user's choice per kind of bell event (no row: never), the
 * notes waiting to be handed out to the users who chose an e-mail (filled by a trigger on notes, so every
 * way a note is written counts), and each user's notes kept for their next daily digest.
 */
export const notificationEmailPrefs = pgTable(
  'notification_email_prefs',
  {
    userId: integer('user_id').notNull(),
    companyId: tenantColumn(),
    kind: text('kind', { enum: NOTIFICATION_EMAIL_KINDS }).notNull(),
    choice: text('choice', { enum: NOTIFICATION_EMAIL_CHOICES }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_email_prefs_pkey', columns: [t.userId, t.companyId, t.kind] }),
    firmKey('notification_email_prefs_user_fk', [t.userId, t.companyId], users).onDelete('cascade'),
    check('notification_email_prefs_kind_ck', oneOf(t.kind, NOTIFICATION_EMAIL_KINDS)),
    check('notification_email_prefs_choice_ck', oneOf(t.choice, NOTIFICATION_EMAIL_CHOICES)),
  ],
);

/**
 * Local to the instance's database, not a firm's rows (docs/scale.md), so no foreign key into notes: a queued
 * note deleted meanwhile is taken off the queue and finds nothing to send.
 */
export const notificationEmailQueue = pgTable('notification_email_queue', {
  noteId: bigint('note_id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    userId: integer('user_id').notNull(),
    companyId: tenantColumn(),
    /**
     * No key into notes: the row belongs to the user's firm, and an internal staff member's digest holds
     * notes of every firm, which a key naming the firm could not point at (docs/scale.md, rule 2). A note
     * deleted before the digest is sent is left out of it.
     */
    noteId: bigint('note_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_digest_items_pkey', columns: [t.userId, t.companyId, t.noteId] }),
    firmKey('notification_digest_items_user_fk', [t.userId, t.companyId], users).onDelete('cascade'),
  ],
);
