import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
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
import { userDirectory, users } from './users';

const readyFile = (t: { archived: AnyPgColumn; supportingFile: AnyPgColumn; verifiedById: AnyPgColumn }) =>
  sql`not ${t.archived} and not ${t.supportingFile} and ${t.verifiedById} is not null`;

/**
 * Documents attached to a request (url is a storage key) and the audit trail of every upload and download.
 * An access row names the stored key always and the files row when the object has one (forms linked
 * from clients, requests or companies have none), so every read of a PHI document is on the trail.
 */
export const files = pgTable(
  'files',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    archived: boolean('archived').notNull().default(false),
    verifiedById: integer('verified_by_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    supportingFile: boolean('supporting_file').notNull().default(false),
    /** The provider's signed certification that it holds no records (decision 058), delivered like records. */
    certifiesNoRecords: boolean('certifies_no_records').notNull().default(false),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    contentType: text('content_type'),
    /** Hex SHA-256 of the stored bytes, taken when the file is attached; null until the backfill reaches it. */
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'files_pkey', columns: [t.id, t.companyId] }),
    // RESTRICT: a request with documents is archived, never erased with its download trail.
    firmKey('files_request_fk', [t.requestId, t.companyId], requests).onDelete('restrict'),
    index('files_request_idx').on(t.requestId),
    index('files_verified_by_idx').on(t.verifiedById),
    // POST /getFileUrl/ finds a request's file by its storage key.
    index('files_url_idx').on(t.url),
    // Records files a firm may download (modules/dashboard): per request, and newest first.
    index('files_ready_request_idx').on(t.requestId, t.createdAt).where(readyFile(t)),
    index('files_ready_created_idx').on(t.createdAt, t.id).where(readyFile(t)),
    // The duplicate check (same bytes twice on one request) and the hash backfill's queue.
    index('files_request_sha256_idx').on(t.requestId, t.sha256),
    index('files_sha256_missing_idx').on(t.id).where(sql`${t.sha256} is null`),
    check('files_sha256_ck', sql`${t.sha256} is null or ${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Every object received by POST /api/photoUpload/, with the SHA-256 taken while its bytes streamed in: a
 * file attached from it records that hash (chain of custody from receipt, decision 056).
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').notNull(),
    companyId: tenantColumn(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'uploads_pkey', columns: [t.key, t.companyId] }),
    check('uploads_sha256_ck', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    // The uploader, of the upload's own firm. Deleted, they leave the upload: the migration sets only
    // user_id to null (ON DELETE SET NULL (user_id)), since the upload keeps its firm.
    firmKey('uploads_user_fk', [t.userId, t.companyId], users).onDelete('set null'),
  ],
);

export const FILE_ACCESS_ACTIONS = ['DOWNLOAD', 'UPLOAD'] as const;

export const fileAccesses = pgTable(
  'file_accesses',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    action: text('action', { enum: FILE_ACCESS_ACTIONS }).notNull(),
    ip: text('ip'),
    fileId: bigint('file_id', { mode: 'number' }),
    /** The storage key read or written (migration 0004 backfilled it from files.url). */
    fileKey: text('file_key'),
    userId: integer('user_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The firm is part of the key (docs/scale.md, rule 1); the id first, so a lookup by id still uses it.
    primaryKey({ name: 'file_accesses_pkey', columns: [t.id, t.companyId] }),
    firmKey('file_accesses_file_fk', [t.fileId, t.companyId], files).onDelete('restrict'),
    check('file_accesses_action_ck', oneOf(t.action, FILE_ACCESS_ACTIONS)),
    check('file_accesses_target_ck', sql`${t.fileId} is not null or ${t.fileKey} is not null`),
    index('file_accesses_file_idx').on(t.fileId),
    index('file_accesses_key_idx').on(t.fileKey),
    index('file_accesses_user_idx').on(t.userId),
  ],
);
