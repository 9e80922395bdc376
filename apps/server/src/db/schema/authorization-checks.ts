import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { requests } from './requests';
import { firmKey, tenantColumn } from './tenant';
import { userDirectory } from './users';

/**
 * Staff's checklist of an uploaded HIPAA authorization against 45 CFR 164.508 (first-send view): one row
 * per request, about the form at `document_url`. A newer form on the request makes the answers stale.
 * `signed_on` is the signing date a provider's max_authorization_age_days is measured from.
 */
export const authorizationChecks = pgTable(
  'authorization_checks',
  {
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    companyId: tenantColumn(),
    documentUrl: text('document_url').notNull(),
    description: boolean('description').notNull().default(false),
    discloser: boolean('discloser').notNull().default(false),
    recipient: boolean('recipient').notNull().default(false),
    purpose: boolean('purpose').notNull().default(false),
    /** A date (YYYY-MM-DD) or an event such as 'the end of the litigation'. */
    expiration: text('expiration'),
    signature: boolean('signature').notNull().default(false),
    signedOn: date('signed_on', { mode: 'string' }),
    signedByRepresentative: boolean('signed_by_representative').notNull().default(false),
    representativeAuthority: boolean('representative_authority').notNull().default(false),
    revocation: boolean('revocation').notNull().default(false),
    conditioning: boolean('conditioning').notNull().default(false),
    redisclosure: boolean('redisclosure').notNull().default(false),
    /** Sensitive categories (SENSITIVE_CATEGORIES) whose own consent is on file. */
    separateConsents: text('separate_consents').array().notNull().default(sql`'{}'::text[]`),
    checkedById: integer('checked_by_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'authorization_checks_pkey', columns: [t.requestId, t.companyId] }),
    firmKey('authorization_checks_request_fk', [t.requestId, t.companyId], requests).onDelete('cascade'),
    check('authorization_checks_expiration_len_ck', sql`length(${t.expiration}) <= 500`),
  ],
);
