import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What a server start checks against: the DATA_KEY check value, and passwords known not to be the demo one. */
export const serverSettings = pgTable('server_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A digest of each password hash already verified not to be the demo password, so a production start
 * runs the slow argon2 check once per password rather than once per account at every start.
 */
export const checkedPasswordHashes = pgTable('checked_password_hashes', {
  digest: text('digest').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
