import { type SQL, sql } from 'drizzle-orm';
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
} from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Law-firm clients (shown as "Client"). The SSN is stored only encrypted, with a keyed hash for
 * duplicate matching inside a company; 'None' (no SSN given) is stored encrypted with a NULL hash.
 */
export const patients = pgTable(
  'patients',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    maidenName: text('maiden_name'),
    fullName: text('full_name')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`trim(${patients.firstName} || ' ' || ${patients.lastName})`),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    customCode: text('custom_code'),
    ssnEncrypted: text('ssn_encrypted'),
    ssnHash: text('ssn_hash'),
    address1: text('address_1'),
    address2: text('address_2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    faxNumber: text('fax_number'),
    hipaaConsentUrl: text('hipaa_consent_url'),
    /** The matter's Bates prefix, set by the firm (records package, decision 056). */
    batesPrefix: text('bates_prefix'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The firm is part of the key (docs/scale.md, rule 1), so a request's firm is always its client's.
    primaryKey({ name: 'patients_pkey', columns: [t.id, t.companyId] }),
    index('patients_company_name_idx').on(t.companyId, t.lastName, t.firstName),
    index('patients_full_name_idx').on(t.fullName),
    index('patients_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    // Form links (POST /getFileUrl/).
    index('patients_hipaa_consent_url_idx')
      .on(t.hipaaConsentUrl)
      .where(sql`${t.hipaaConsentUrl} is not null`),
    index('patients_company_ssn_hash_idx').on(t.companyId, t.ssnHash),
    check('patients_bates_prefix_ck', sql`${t.batesPrefix} is null or ${t.batesPrefix} ~ '^[A-Z]{2,8}$'`),
  ],
);
