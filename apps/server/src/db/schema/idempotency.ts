import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { firmKey, tenantColumn } from './tenant';
import { users } from './users';

/**
 * The answers to write calls sent with an Idempotency-Key, kept 24 hours: a client whose call timed out
 * sends it again with the same key and gets the first answer instead of a second order. The row is
 * written in the call's own transaction, so it exists exactly when the work was stored; a second call
 * with the same key waits on it and then answers from it. `request_hash` is what was asked (method,
 * path and body): the same key with another request is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    companyId: tenantColumn(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.companyId, t.key] }),
    firmKey('idempotency_keys_user_fk', [t.userId, t.companyId], users).onDelete('cascade'),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
