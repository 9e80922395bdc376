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
  unique,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { patients } from './patients';
import { firmKey, tenantColumn } from './tenant';

/**
 * Bates numbering of a client's records (decision 056). One counter row per client holds the next number;
 * a delivery takes its range from it in the send's transaction, so numbers run on across deliveries with
 * no hole and none given twice. A range belongs to one file for good: re-delivering keeps it, archiving
 * the file leaves it used.
 */
export const batesCounters = pgTable(
  'bates_counters',
  {
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    companyId: tenantColumn(),
    nextNumber: integer('next_number').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'bates_counters_pkey', columns: [t.patientId, t.companyId] }),
    firmKey('bates_counters_patient_fk', [t.patientId, t.companyId], patients).onDelete('restrict'),
    check('bates_counters_next_ck', sql`${t.nextNumber} >= 1`),
  ],
);

export const batesRanges = pgTable(
  'bates_ranges',
  {
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    companyId: tenantColumn(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    /** The prefix stamped (the client's at numbering time). */
    prefix: text('prefix').notNull(),
    firstNumber: integer('first_number').notNull(),
    lastNumber: integer('last_number').notNull(),
    /** The stamped copy's storage key; null until the stamping job has stored it. The original is untouched. */
    stampedUrl: text('stamped_url'),
    stampedSha256: text('stamped_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bates_ranges_pkey', columns: [t.fileId, t.companyId] }),
    firmKey('bates_ranges_file_fk', [t.fileId, t.companyId], files).onDelete('restrict'),
    firmKey('bates_ranges_patient_fk', [t.patientId, t.companyId], patients).onDelete('restrict'),
    unique('bates_ranges_patient_first_uq').on(t.patientId, t.companyId, t.firstNumber),
    unique('bates_ranges_patient_last_uq').on(t.patientId, t.companyId, t.lastNumber),
    index('bates_ranges_unstamped_idx').on(t.fileId).where(sql`${t.stampedUrl} is null`),
    check('bates_ranges_order_ck', sql`${t.firstNumber} >= 1 and ${t.lastNumber} >= ${t.firstNumber}`),
  ],
);
