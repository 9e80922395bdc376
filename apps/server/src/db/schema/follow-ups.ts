import {
  FOLLOW_UP_CHANNELS,
  FOLLOW_UP_PAUSE_REASONS,
  FOLLOW_UP_SKIP_REASONS,
  FOLLOW_UP_STATUSES,
} from '@dd/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { notes } from './notes';
import { requests } from './requests';
import { firmKey, tenantColumn } from './tenant';
import { userDirectory } from './users';

/**
 * A request's follow-ups to its provider (docs/deadlines.md, "Follow-ups"): one row per planned
 * follow-up, numbered from 1 across the request's life. `sent_on` is the first send the schedule counts
 * from, so a resubmitted request's new schedule is told apart from the old one.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    number: integer('number').notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    plannedOn: date('planned_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: FOLLOW_UP_STATUSES }).notNull().default('planned'),
    channel: text('channel', { enum: FOLLOW_UP_CHANNELS }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    noteId: bigint('note_id', { mode: 'number' }),
    skipReason: text('skip_reason', { enum: FOLLOW_UP_SKIP_REASONS }),
    skippedById: integer('skipped_by_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    pauseReason: text('pause_reason', { enum: FOLLOW_UP_PAUSE_REASONS }),
    /** The first day the pause held (not counted); the follow-up moves when the pause ends. */
    pausedOn: date('paused_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'follow_ups_pkey', columns: [t.id, t.companyId] }),
    firmKey('follow_ups_request_fk', [t.requestId, t.companyId], requests).onDelete('cascade'),
    // The note that recorded the send. Deleted, it leaves the follow-up: the migration sets only note_id to
    // null (ON DELETE SET NULL (note_id)), since the follow-up keeps its firm.
    firmKey('follow_ups_note_fk', [t.noteId, t.companyId], notes).onDelete('set null'),
    check('follow_ups_status_ck', oneOf(t.status, FOLLOW_UP_STATUSES)),
    check('follow_ups_channel_ck', oneOf(t.channel, FOLLOW_UP_CHANNELS)),
    check('follow_ups_skip_reason_ck', oneOf(t.skipReason, FOLLOW_UP_SKIP_REASONS)),
    check('follow_ups_pause_reason_ck', oneOf(t.pauseReason, FOLLOW_UP_PAUSE_REASONS)),
    uniqueIndex('follow_ups_request_number_uq').on(t.requestId, t.companyId, t.number),
    // The chore's look-up of what is due: only planned rows.
    index('follow_ups_due_idx').on(t.plannedOn).where(sql`${t.status} = 'planned'`),
  ],
);
