import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { firmKey, tenantColumn } from './tenant';
import { users } from './users';

/**
 * A law firm's webhook endpoints and the deliveries made to them (decision 059). The signing secret is kept
 * encrypted with the data key (it must be read back to sign); a delivery row is written in the transaction
 * of the change it reports, and is its own outbox: status, attempts and when to try again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** 'manual' (a firm administrator) or 'failures' (deliveries failed for a day). */
    disabledReason: text('disabled_reason'),
    /** Deliveries that failed since the last one that succeeded, and when that run began. */
    failureCount: integer('failure_count').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'webhook_endpoints_pkey', columns: [t.id, t.companyId] }),
    index('webhook_endpoints_company_idx').on(t.companyId, t.createdAt),
    // A firm administrator of the endpoint's own firm. Deleted, they leave the endpoint: the migration sets
    // only created_by_id to null (ON DELETE SET NULL (created_by_id)), since the endpoint keeps its firm.
    firmKey('webhook_endpoints_created_by_fk', [t.createdById, t.companyId], users).onDelete('set null'),
    check('webhook_endpoints_disabled_ck', sql`${t.disabledReason} in ('manual', 'failures')`),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    endpointId: bigint('endpoint_id', { mode: 'number' }).notNull(),
    /** The `webhook-id` header: the same on every attempt, so the receiver can ignore a repeat. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    /** The JSON body exactly as it is signed and sent. */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    responseMs: integer('response_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'webhook_deliveries_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('webhook_deliveries_message_id_uq').on(t.messageId, t.companyId),
    firmKey('webhook_deliveries_endpoint_fk', [t.endpointId, t.companyId], webhookEndpoints).onDelete(
      'cascade',
    ),
    check('webhook_deliveries_status_ck', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // The daily retention chore deletes finished deliveries past 30 days, oldest first.
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
