import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { firmKey } from './tenant';
import { users } from './users';

/**
 * A law firm's API keys. Only the SHA-256 of the key's random secret is stored (decision 054); `hint` is
 * the key's first characters, to tell keys apart on the list. A key acts as its creator within its scopes.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    keyHash: text('key_hash').notNull(),
    hint: text('hint').notNull(),
    createdById: integer('created_by_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: integer('revoked_by_id'),
  },
  (t) => [
    primaryKey({ name: 'api_keys_pkey', columns: [t.id, t.companyId] }),
    // A key's 256 random bits make its hash unique in practice; the index names the firm (docs/scale.md).
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash, t.companyId),
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
    // A key lives no longer than its creator's account, a user of the key's own firm.
    firmKey('api_keys_created_by_fk', [t.createdById, t.companyId], users).onDelete('cascade'),
    // A firm administrator of the key's own firm revoked it. Deleted, they leave the key revoked: the
    // migration sets only revoked_by_id to null (ON DELETE SET NULL (revoked_by_id)).
    firmKey('api_keys_revoked_by_fk', [t.revokedById, t.companyId], users).onDelete('set null'),
  ],
);
