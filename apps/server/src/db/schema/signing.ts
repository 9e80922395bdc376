import { REPRESENTATIVE_RELATIONSHIPS, SIGNATURE_KINDS, SIGNING_EVENTS, SIGNING_STATES } from '@dd/shared';
import { sql } from 'drizzle-orm';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { companies } from './companies';
import { patients } from './patients';
import { firmKey, tenantColumn } from './tenant';
import { userDirectory } from './users';

/**
 * A HIPAA authorization sent to a client to sign online (docs/decisions/061). The link's token is kept only
 * as its SHA-256; sending again replaces the token, so the old link stops working. Once signed, the PDF
 * (`document_url`) is the client's HIPAA form and `document_sha256` is the hash printed on its certificate.
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    createdById: integer('created_by_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    email: text('email').notNull(),
    requestIds: bigint('request_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    providerIds: integer('provider_ids').array().notNull().default(sql`'{}'::integer[]`),
    recordTypes: text('record_types').array().notNull(),
    datesFrom: date('dates_from', { mode: 'string' }),
    datesTo: date('dates_to', { mode: 'string' }),
    purpose: text('purpose').notNull(),
    /** The firm's expiration date; none means a year after signing. */
    expiration: date('expiration', { mode: 'string' }),
    tokenHash: text('token_hash').notNull(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: SIGNING_STATES }).notNull().default('sent'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The firm recorded that the client revoked the signed authorization, and how (decision 061). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    signerName: text('signer_name'),
    /** Set when a personal representative signed for the client: who they are to the client, and why. */
    representativeRelationship: text('representative_relationship', { enum: REPRESENTATIVE_RELATIONSHIPS }),
    representativeAuthority: text('representative_authority'),
    signatureKind: text('signature_kind', { enum: SIGNATURE_KINDS }),
    documentUrl: text('document_url'),
    /** SHA-256 of the signed document before its certificate page was added. */
    documentSha256: text('document_sha256'),
    authorizationExpiresOn: date('authorization_expires_on', { mode: 'string' }),
    /** The signed authorization this one renews (the expiry chore's re-sign request). */
    renewsId: bigint('renews_id', { mode: 'number' }),
    expiryNoticeAt: timestamp('expiry_notice_at', { withTimezone: true }),
    expiredHandledAt: timestamp('expired_handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'signing_requests_pkey', columns: [t.id, t.companyId] }),
    // A renewal outlives the authorization it renews: only renews_id is set to null (the migration's
    // ON DELETE SET NULL (renews_id)).
    firmKey('signing_requests_renews_fk', [t.renewsId, t.companyId], t).onDelete('set null'),
    firmKey('signing_requests_patient_fk', [t.patientId, t.companyId], patients).onDelete('cascade'),
    uniqueIndex('signing_requests_token_hash_uq').on(t.tokenHash, t.companyId),
    index('signing_requests_patient_idx').on(t.patientId, t.createdAt),
    index('signing_requests_expiring_idx').on(t.authorizationExpiresOn).where(sql`${t.state} = 'signed'`),
    check('signing_requests_state_ck', oneOf(t.state, SIGNING_STATES)),
    check('signing_requests_signature_kind_ck', oneOf(t.signatureKind, SIGNATURE_KINDS)),
    check('signing_requests_purpose_len_ck', sql`length(${t.purpose}) <= 500`),
    check(
      'signing_requests_representative_ck',
      oneOf(t.representativeRelationship, REPRESENTATIVE_RELATIONSHIPS),
    ),
  ],
);

/** Every event of a signing request, with when, from where and with what browser (the certificate's trail). */
export const signingEvents = pgTable(
  'signing_events',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    signingRequestId: bigint('signing_request_id', { mode: 'number' }).notNull(),
    event: text('event', { enum: SIGNING_EVENTS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ name: 'signing_events_pkey', columns: [t.id, t.companyId] }),
    firmKey('signing_events_signing_request_fk', [t.signingRequestId, t.companyId], signingRequests).onDelete(
      'cascade',
    ),
    index('signing_events_request_idx').on(t.signingRequestId, t.at),
    check('signing_events_event_ck', oneOf(t.event, SIGNING_EVENTS)),
  ],
);
