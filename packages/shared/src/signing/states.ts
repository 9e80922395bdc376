import { z } from 'zod';
import { IdSchema } from '../ids';
import { EmailSchema } from '../schemas/auth';

/**
 * Online signing of a HIPAA authorization (docs/decisions/061): what a firm sends, what the client's
 * link answers, and the words both sides read. The authorization's text is built in text.ts.
 */

/** What is stored; 'expired' and 'locked' are read from the link's dates and failures. */
export const SIGNING_STATES = ['sent', 'opened', 'signed', 'declined', 'revoked'] as const;
export type SigningState = (typeof SIGNING_STATES)[number];

export const SIGNING_STATUSES = [...SIGNING_STATES, 'expired', 'locked'] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

export const SIGNING_STATUS_LABELS = {
  sent: 'Sent',
  opened: 'Opened',
  signed: 'Signed',
  declined: 'Declined',
  revoked: 'Revoked',
  expired: 'Expired',
  locked: 'Locked',
} as const satisfies Record<SigningStatus, string>;

export const SIGNING_EVENTS = [
  'sent',
  'resent',
  'opened',
  'identity_confirmed',
  'identity_failed',
  'locked',
  'signed',
  'declined',
  'expiry_notice',
  'revoked',
] as const;
export type SigningEvent = (typeof SIGNING_EVENTS)[number];

export const SIGNING_EVENT_LABELS = {
  sent: 'Link sent',
  resent: 'Link sent again',
  opened: 'Link opened',
  identity_confirmed: 'Identity confirmed',
  identity_failed: 'Wrong date of birth',
  locked: 'Link locked',
  signed: 'Signed',
  declined: 'Declined',
  expiry_notice: 'Expiry notice sent',
  revoked: 'Revoked by the client',
} as const satisfies Record<SigningEvent, string>;

export const SIGNATURE_KINDS = ['drawn', 'typed'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

/**
 * Who may sign for a client as a personal representative (45 CFR 164.502(g)); the authorization then
 * describes the representative's authority (164.508(c)(1)(vi)).
 */
export const REPRESENTATIVE_RELATIONSHIPS = ['parent', 'guardian', 'healthcare_poa', 'estate'] as const;
export type RepresentativeRelationship = (typeof REPRESENTATIVE_RELATIONSHIPS)[number];
export const REPRESENTATIVE_LABELS = {
  parent: 'Parent of a minor patient',
  guardian: 'Court-appointed guardian',
  healthcare_poa: 'Agent under a health care power of attorney',
  estate: 'Executor or administrator of the patient’s estate',
} as const satisfies Record<RepresentativeRelationship, string>;

/** The authority a representative's signature carries, as the authorization and its checklist state it. */
export const representativeAuthorityText = (r: {
  relationship: RepresentativeRelationship;
  authority: string;
}) => `${REPRESENTATIVE_LABELS[r.relationship]}: ${r.authority}`;

/** How long a signing link works. */
export const SIGNING_LINK_DAYS = 7;
/** Wrong dates of birth before the link locks for good. */
export const SIGNING_MAX_DOB_FAILURES = 5;
/** An authorization the firm gives no expiration date expires this many months after it is signed. */
export const SIGNING_DEFAULT_VALID_MONTHS = 12;
/** The daily chore warns this many days before a signed authorization expires. */
export const AUTHORIZATION_EXPIRY_WARNING_DAYS = 30;
/** Links a firm may send for one client per hour, and for all its clients per day. */
export const SIGNING_PER_CLIENT_PER_HOUR = 5;
export const SIGNING_PER_FIRM_PER_DAY = 100;
/** A drawn signature is a PNG data URL of at most this many characters (about 150 KB). */
export const SIGNATURE_IMAGE_MAX_LENGTH = 200_000;

export const SIGNING_MSG = {
  noAuthorizationTitle: 'No HIPAA authorization yet',
  representativeRelationship: 'Choose how you are related to the patient.',
  representativeAuthority:
    'Describe your authority to sign for the patient, for example the court order or the power of attorney and its date.',
  noAuthorizationOnOrder:
    'Direct Docs cannot send these requests to the providers until the client’s signed authorization is on file. Upload it as the HIPAA Consent Form, or send the client a link to sign it on their phone.',
  linkUnusable: 'This signing link no longer works. Ask the person who sent it to send you a new one.',
  wrongDob: (left: number) =>
    `That date of birth does not match our records. ${left} attempt${left === 1 ? '' : 's'} left.`,
  locked: 'This link is locked after too many attempts. Ask the person who sent it to send you a new one.',
  noRequestsOrProviders: 'Choose at least one provider or request the authorization is for.',
  foreignRequest: 'One of the chosen requests is not this client’s.',
  unknownProvider: 'One of the chosen providers does not exist.',
  noDob: 'Add the client’s date of birth before sending a signing link: the client confirms it to sign.',
  psychotherapyAlone:
    'Psychotherapy notes need an authorization of their own: send a separate signing link for them alone.',
  tooManyForClient: 'Too many signing links for this client in the last hour. Try again later.',
  tooManyForFirm: 'Your firm has sent too many signing links today. Try again tomorrow.',
  alreadyFinished: 'This signing request is finished; send a new one instead.',
  datesOrder: 'The end date must be on or after the start date.',
  expirationPast: 'The expiration date must be in the future.',
  signatureNeeded: 'Draw your signature or type your full name.',
  agreeNeeded: 'Tick the box to confirm you have read the authorization.',
  sentNotice: 'Signing link sent.',
  emailSubject: 'Please review and sign your medical records authorization',
  renewalSubject: 'A client’s HIPAA authorization expires soon',
  notSigned: 'Only a signed authorization can be renewed.',
  notRevocable: 'Only a signed authorization can be revoked.',
  revokeReasonNeeded: 'Say how the client revoked it (for example: letter of 11/20/2026).',
  revoked: (cancelled: number) =>
    `Authorization revoked. ${cancelled === 1 ? '1 open request that relied on it was' : `${cancelled} open requests that relied on it were`} cancelled.`,
  /** The note on each open request cancelled because the client revoked its authorization. */
  revokedNote: (signedOn: string, reason: string) =>
    `The client revoked the HIPAA authorization signed online on ${signedOn} (${reason}). The request is cancelled: no provider may be sent it. Send a new signing link if the client agrees to sign again.`,
  /** The note on each open request whose online authorization has expired (the expiry chore). */
  expiredNote: (signedOn: string, expiredOn: string) =>
    `The client’s HIPAA authorization signed online on ${signedOn} expired on ${expiredOn}. The provider will not accept it: send the client a new signing link (Online Authorization on the request).`,
} as const;

const realDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine(realDate, 'Enter a real date.');

export const SendSigningBodySchema = z
  .object({
    request_ids: z.array(IdSchema).max(50).default([]),
    provider_ids: z.array(IdSchema).max(50).default([]),
    record_types: z
      .array(z.string().trim().min(1).max(200))
      .min(1, 'Choose at least one record type.')
      .max(30),
    dates_from: IsoDateSchema.nullish(),
    dates_to: IsoDateSchema.nullish(),
    purpose: z.string().trim().min(1, 'Purpose is required.').max(500),
    email: EmailSchema,
    /** The authorization's expiration date; none means SIGNING_DEFAULT_VALID_MONTHS after signing. */
    expiration: IsoDateSchema.nullish(),
  })
  .strict();
export type SendSigningBody = z.infer<typeof SendSigningBodySchema>;

export const SigningSentSchema = z.object({
  id: z.number().int(),
  status: z.literal('sent'),
  expires_at: z.string(),
});
export type SigningSent = z.infer<typeof SigningSentSchema>;

export const SigningAuditEntrySchema = z.object({
  event: z.enum(SIGNING_EVENTS),
  at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type SigningAuditEntry = z.infer<typeof SigningAuditEntrySchema>;

/** One signing request as the firm sees it on the client's page. */
export const SigningRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(SIGNING_STATUSES),
  email: z.string(),
  providers: z.array(z.string()),
  request_ids: z.array(z.number().int()),
  record_types: z.array(z.string()),
  dates_from: z.string().nullable(),
  dates_to: z.string().nullable(),
  purpose: z.string(),
  expiration: z.string().nullable(),
  sent_at: z.string(),
  expires_at: z.string(),
  signed_at: z.string().nullable(),
  /** Who signed, and for a personal representative, their authority. */
  signer_name: z.string().nullable(),
  signed_as_representative: z.string().nullable(),
  declined_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** The signed PDF (read through POST /getFileUrl/), once signed. */
  document_url: z.string().nullable(),
  document_sha256: z.string().nullable(),
  authorization_expires_on: z.string().nullable(),
  sent_by: z.string().nullable(),
  /** Signed, expiring within AUTHORIZATION_EXPIRY_WARNING_DAYS (or expired), and not renewed yet. */
  renewal_due: z.boolean(),
  events: z.array(SigningAuditEntrySchema),
});
export type SigningRequest = z.infer<typeof SigningRequestSchema>;

/** The public link's first answer: nothing about whom it is for until the date of birth matches. */
export const SigningLinkStateSchema = z.object({
  status: z.enum(['ready', 'finished', 'locked', 'expired']),
});
export type SigningLinkState = z.infer<typeof SigningLinkStateSchema>;

export const SigningIdentitySchema = z.object({ date_of_birth: IsoDateSchema }).strict();
export type SigningIdentity = z.infer<typeof SigningIdentitySchema>;

export const SignBodySchema = z
  .object({
    date_of_birth: IsoDateSchema,
    signer_name: z.string().trim().min(1, 'Type your full name.').max(200),
    signature: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('typed') }).strict(),
      z
        .object({
          kind: z.literal('drawn'),
          image: z
            .string()
            .max(SIGNATURE_IMAGE_MAX_LENGTH)
            .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, SIGNING_MSG.signatureNeeded),
        })
        .strict(),
    ]),
    agree: z.literal(true, { error: SIGNING_MSG.agreeNeeded }),
    /** Set when a personal representative signs for the client. */
    representative: z
      .object({
        relationship: z.enum(REPRESENTATIVE_RELATIONSHIPS, { error: SIGNING_MSG.representativeRelationship }),
        authority: z
          .string()
          .trim()
          .min(1, SIGNING_MSG.representativeAuthority)
          .max(500, SIGNING_MSG.representativeAuthority),
      })
      .strict()
      .nullish(),
  })
  .strict();
export type SignBody = z.infer<typeof SignBodySchema>;

export const DeclineBodySchema = z
  .object({ date_of_birth: IsoDateSchema, reason: z.string().trim().max(1000).nullish() })
  .strict();
export type DeclineBody = z.infer<typeof DeclineBodySchema>;

/** The firm records that the client revoked a signed authorization: how (a letter, a call), in its words. */
export const RevokeSigningBodySchema = z
  .object({
    reason: z
      .string({ error: SIGNING_MSG.revokeReasonNeeded })
      .trim()
      .min(1, SIGNING_MSG.revokeReasonNeeded)
      .max(500),
  })
  .strict();
export type RevokeSigningBody = z.infer<typeof RevokeSigningBodySchema>;

export const RevokeSigningResultSchema = z.object({ success: z.string(), cancelled: z.array(z.number()) });

export const SigningDoneSchema = z.object({ status: z.enum(['signed', 'declined']) });

/** What the client reads once the date of birth matches: the authorization, section by section. */
export const SigningDocumentSchema = z.object({
  title: z.string(),
  client_name: z.string(),
  firm_name: z.string(),
  sections: z.array(z.object({ heading: z.string(), text: z.string() })),
});
export type SigningDocument = z.infer<typeof SigningDocumentSchema>;

/** GET /api/home/request/{id}/authorization_expiry/ (staff): whether the request's form, signed online, runs out soon. */
export const AuthorizationExpirySchema = z.object({
  signed_online: z.boolean(),
  expires_on: z.string().nullable(),
  days_left: z.number().int().nullable(),
  expiring: z.boolean(),
  expired: z.boolean(),
  /** The firm has already sent the client a new link for it. */
  renewal_sent: z.boolean(),
});
export type AuthorizationExpiry = z.infer<typeof AuthorizationExpirySchema>;
