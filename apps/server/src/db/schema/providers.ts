import { PROVIDER_KINDS } from '@dd/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from './checks';

/** Healthcare providers that records are requested from; names are unique ignoring case and spaces. */
export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    fax: text('fax'),
    address1: text('address_1'),
    address2: text('address_2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    notes: text('notes'),
    medicalRequestUrl: text('medical_request_url'),
    /** Hospital, physician or other: some statutes (a Texas hospital's deadline, its copy fees) depend on it. Null until staff set it. */
    kind: text('kind', { enum: PROVIDER_KINDS }),
    /** Some providers refuse an authorization signed more than this many days ago; null means no limit. */
    maxAuthorizationAgeDays: integer('max_authorization_age_days'),
    /** Null while a provider added by a law firm waits for internal staff to confirm its contact details. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('providers_kind_ck', oneOf(t.kind, PROVIDER_KINDS)),
    check('providers_max_authorization_age_days_ck', sql`${t.maxAuthorizationAgeDays} > 0`),
    uniqueIndex('providers_name_lower_uq').on(sql`lower(trim(${t.name}))`),
    // 'Provider contains …' on the staff list (pg_trgm, migration 0007).
    index('providers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // Form links (POST /getFileUrl/).
    index('providers_medical_request_url_idx')
      .on(t.medicalRequestUrl)
      .where(sql`${t.medicalRequestUrl} is not null`),
  ],
);
