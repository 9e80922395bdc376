import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { companies } from './companies';
import { files } from './files';
import { requests } from './requests';
import { firmKey, tenantColumn } from './tenant';

/**
 * The text of every received PDF, page by page, for full-text search (decision 060). Derived data: made
 * again from the stored file whenever it is indexed again, so a file's pages go with it.
 */
export const RECORD_PAGE_SOURCES = ['text', 'ocr'] as const;
export const RECORD_INDEXING_STATUSES = ['indexed', 'failed'] as const;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const recordPages = pgTable(
  'record_pages',
  {
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    /** The request's firm, copied so the tenant condition is on the searched table itself. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    /** 'text' (pdftotext found enough) or 'ocr' (the page was read by tesseract). */
    source: text('source', { enum: RECORD_PAGE_SOURCES }).notNull(),
    tsv: tsvector('tsv').notNull().generatedAlwaysAs(sql`to_tsvector('english', text)`),
  },
  (t) => [
    primaryKey({ name: 'record_pages_pk', columns: [t.fileId, t.companyId, t.pageNumber] }),
    firmKey('record_pages_file_fk', [t.fileId, t.companyId], files).onDelete('cascade'),
    firmKey('record_pages_request_fk', [t.requestId, t.companyId], requests).onDelete('cascade'),
    index('record_pages_tsv_idx').using('gin', t.tsv),
    index('record_pages_company_idx').on(t.companyId),
    index('record_pages_request_idx').on(t.requestId),
    check('record_pages_page_ck', sql`${t.pageNumber} >= 1`),
    check('record_pages_source_ck', oneOf(t.source, RECORD_PAGE_SOURCES)),
  ],
);

/**
 * One row per received PDF once indexing has finished with it, for good or not: what the request's
 * 'Indexing 3 of 5 files' counts, and what the backfill looks for.
 */
export const recordIndexing = pgTable(
  'record_indexing',
  {
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    companyId: tenantColumn(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    status: text('status', { enum: RECORD_INDEXING_STATUSES }).notNull(),
    pages: integer('pages').notNull().default(0),
    ocrPages: integer('ocr_pages').notNull().default(0),
    /** Why a file could not be indexed (a PDF that cannot be read), for staff. */
    error: text('error'),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'record_indexing_pkey', columns: [t.fileId, t.companyId] }),
    firmKey('record_indexing_file_fk', [t.fileId, t.companyId], files).onDelete('cascade'),
    firmKey('record_indexing_request_fk', [t.requestId, t.companyId], requests).onDelete('cascade'),
    index('record_indexing_request_idx').on(t.requestId),
    check('record_indexing_status_ck', oneOf(t.status, RECORD_INDEXING_STATUSES)),
  ],
);
