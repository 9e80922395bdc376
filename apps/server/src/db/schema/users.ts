import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { companies } from './companies';
import { firmKey, tenantColumn } from './tenant';

/** Users, their roles with named permissions, and the tokens that authenticate them. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    fullName: text('full_name')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`trim(${users.firstName} || ' ' || ${users.lastName})`),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roleId: integer('role_id').references(() => roles.id),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isAdminUser: boolean('is_admin_user').notNull().default(false),
    passwordHash: text('password_hash'),
    type: text('type').notNull().default('User'),
    timezone: text('timezone'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the user's last changing call (POST, PUT, PATCH, DELETE) was answered, stamped only when a read
     * replica is configured: for a few seconds after it their reads stay on the primary (decision 068).
     */
    lastWriteAt: timestamp('last_write_at', { withTimezone: true }),
    /** When the user last opened the notification bell: notes after it are unread. */
    notificationsSeenAt: timestamp('notifications_seen_at', { withTimezone: true }),
    /** Set when the address is proven (sign-up confirmation link, or an accepted invitation). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A firm user's choice: a weekly e-mail of the firm's overdue and due-soon requests. */
    weeklyDeadlineDigest: boolean('weekly_deadline_digest').notNull().default(false),
    /** The ISO week ('2026-W48') of the last digest sent, so two instances never send it twice. */
    deadlineDigestWeek: text('deadline_digest_week'),
    /** The day ('2026-11-28', the user's own) of the last notification digest, so it leaves once a day. */
    notificationDigestDay: text('notification_digest_day'),
  },
  (t) => [
    index('users_company_idx').on(t.companyId),
    // The firm is part of the key (docs/scale.md, rule 1): a user's own rows (sessions, tokens, keys, uploads,
    // choices) point at it with their firm. Rows that may name the retrieval company's staff point at
    // user_directory instead, which keeps every user id unique across firms.
    primaryKey({ name: 'users_pkey', columns: [t.id, t.companyId] }),
    index('users_full_name_idx').on(t.fullName),
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    // The weekly deadline digest reads the few users who asked for it.
    index('users_deadline_digest_idx').on(t.id).where(sql`${t.weeklyDeadlineDigest}`),
  ],
);

/**
 * Every user's id, address, name and firm, copied from users by the trigger
 * `users_sync_directory` (migrations 0070 and 0074), in the transaction that writes the user, so no path that
 * adds, renames, moves or deletes a user can miss it. Under a distributed database it is a reference table,
 * copied to every node (docs/scale.md), and it serves two things no table sharded by firm can:
 * - signing in, a password reset and an invitation find a user by address before any firm is known, and an
 *   address belongs to one user across every firm: the unique index on the lower-cased address says so;
 * - a firm's rows may name the retrieval company's staff (a note's author, a file's verifier, whoever works a
 *   request), who belong to another firm. Those rows point here by user id, unique across firms, and read the
 *   person's name here, so neither the key nor the join leaves the firm's shard. Deleting a user deletes
 *   their row, and the keys into it clear what named them.
 */
export const userDirectory = pgTable(
  'user_directory',
  {
    userId: integer('user_id').primaryKey(),
    email: text('email').notNull(),
    companyId: integer('company_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    fullName: text('full_name').notNull(),
    isActive: boolean('is_active').notNull(),
  },
  (t) => [uniqueIndex('user_directory_email_uq').on(sql`lower(${t.email})`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    userId: integer('user_id').notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'refresh_tokens_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('refresh_tokens_token_hash_uq').on(t.tokenHash, t.companyId),
    index('refresh_tokens_family_idx').on(t.familyId),
    // The daily chore deletes spent tokens, oldest first (auth/token-retention.ts).
    index('refresh_tokens_expires_idx').on(t.expiresAt),
    index('refresh_tokens_user_idx').on(t.userId),
    firmKey('refresh_tokens_user_fk', [t.userId, t.companyId], users).onDelete('cascade'),
  ],
);

/**
 * A signed-in session (one per login). Access tokens name it (`sid`) and refresh tokens belong to it
 * (family id = session id), so revoking it ends the session at once; the server also ends it after
 * inactivity and after an absolute lifetime.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').notNull(),
    companyId: tenantColumn(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'sessions_pkey', columns: [t.id, t.companyId] }),
    index('sessions_user_idx').on(t.userId),
    index('sessions_created_idx').on(t.createdAt),
    firmKey('sessions_user_fk', [t.userId, t.companyId], users).onDelete('cascade'),
  ],
);

export const TOKEN_PURPOSES = ['reset', 'invite', 'confirm'] as const;

/** Single-use, expiring links: password reset, invitations and sign-up e-mail confirmation. Only the hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'one_time_tokens_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('one_time_tokens_token_hash_uq').on(t.tokenHash, t.companyId),
    check('one_time_tokens_purpose_ck', oneOf(t.purpose, TOKEN_PURPOSES)),
    index('one_time_tokens_user_idx').on(t.userId),
    index('one_time_tokens_expires_idx').on(t.expiresAt),
    firmKey('one_time_tokens_user_fk', [t.userId, t.companyId], users).onDelete('cascade'),
  ],
);
