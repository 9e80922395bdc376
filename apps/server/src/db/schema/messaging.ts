import { sql } from 'drizzle-orm';
import { oneOf } from './checks';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The e-mail outbox (written in the caller's transaction, delivered by the worker) and contact messages. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    toEmail: text('to_email').notNull(),
    fromEmail: text('from_email').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template').notNull().default('custom'),
    /**
     * A one-time link, encrypted with DATA_KEY, that the worker puts in place of the placeholder at
     * delivery and then erases; `text` and `html` never hold it, so no screen or query can read it.
     */
    secretLink: text('secret_link'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('email_outbox_status_ck', oneOf(t.status, OUTBOX_STATUSES)),
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().default(''),
  number: text('number').notNull().default(''),
  email: text('email').notNull(),
  industry: text('industry').notNull().default(''),
  message: text('message').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
