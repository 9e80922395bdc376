import { REQUEST_STATUSES } from '@dd/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { requests } from './requests';
import { firmKey, tenantColumn } from './tenant';
import { userDirectory } from './users';

/** Notes on a request (status changes, reminders) and the reusable note templates. */
export const notes = pgTable(
  'notes',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    text: text('text').notNull().default(''),
    updateStatus: text('update_status', { enum: REQUEST_STATUSES }),
    previousStatus: text('previous_status', { enum: REQUEST_STATUSES }),
    userId: integer('user_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    reminderDate: date('reminder_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    // When the note was written, not when its transaction began: a change that waited for the request's
    // lock is newer than the one it waited for, and the history must show it so.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    // The firm is part of the key (docs/scale.md, rule 1); the id first, so a lookup by id still uses it.
    primaryKey({ name: 'notes_pkey', columns: [t.id, t.companyId] }),
    firmKey('notes_request_fk', [t.requestId, t.companyId], requests).onDelete('cascade'),
    check('notes_update_status_ck', oneOf(t.updateStatus, REQUEST_STATUSES)),
    check('notes_previous_status_ck', oneOf(t.previousStatus, REQUEST_STATUSES)),
    index('notes_request_created_idx').on(t.requestId, t.createdAt),
    index('notes_user_created_idx').on(t.userId, t.createdAt),
    index('notes_reminder_idx').on(t.reminderDate),
    // The notification bell of internal staff: the newest notes of every firm.
    index('notes_created_idx').on(t.createdAt),
  ],
);

export const noteTemplates = pgTable('note_templates', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description'),
  text: text('text').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
