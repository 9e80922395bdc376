import { z } from 'zod';
import { errorWithDetails } from './api-shapes';
import { PROVIDER_KINDS, type ProviderKind } from './deadlines/rules';
import { OptionalPlainEmailSchema } from './email-address';
import { IdSchema } from './ids';

/**
 * Providers: the shared directory's fields, name rule, alphabet filter and the payloads and
 * responses of the provider calls (spec sections 3, 5 and 7).
 */
export const PROVIDER_NAME_REQUIRED = 'Name is required.';
export const PROVIDER_IN_USE_MESSAGE = (requests: number) =>
  `This provider is used by ${requests} request${requests === 1 ? '' : 's'}. Merge it into another provider instead of deleting it.`;
export const PROVIDER_MERGE_SELF = 'Choose a different provider to merge into.';

/**
 * A provider a law firm adds is unverified until internal staff confirm its contact details; until then
 * staff see this on the first-send view and the Request Details Center.
 */
export const PROVIDER_NEW_NOTICE = 'New provider: verify contact details';
export const PROVIDER_VERIFIED_MESSAGE = 'Provider contact details confirmed.';

/** Alphabet filter of the provider picker: digits, then A to Z. */
export const PROVIDER_LETTERS = ['0-9', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')] as const;
export type ProviderLetter = (typeof PROVIDER_LETTERS)[number];

/** The picker offers 'Add New Provider' when fewer than this many providers match. */
export const PROVIDER_ADD_THRESHOLD = 10;

export const PROVIDER_LIST_DEFAULT_LIMIT = 200;
export const PROVIDER_LIST_MAX_LIMIT = 1000;
export const PROVIDER_PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;

/** Names are compared ignoring case and surrounding spaces; inner runs of spaces count as one. */
export function normalizeProviderName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

const text = (max: number) => z.string().max(max).nullish();

/** How the provider picker and form name a provider's kind; a statute may apply only to one kind. */
export const PROVIDER_KIND_LABELS = {
  hospital: 'Hospital',
  physician: 'Physician or clinic',
  other: 'Other provider',
} as const satisfies Record<ProviderKind, string>;

/** A blank choice from a select arrives as '' and means the kind is not known. */
const ProviderKindFieldSchema = z.preprocess((v) => (v === '' ? null : v), z.enum(PROVIDER_KINDS).nullish());

export const PROVIDER_MAX_AUTHORIZATION_AGE_MESSAGE =
  'Enter a whole number of days from 1 to 3650, or leave it blank for no limit.';

/** Days an authorization may be old when this provider gets it; blank (null) means the provider sets no limit. */
const MaxAuthorizationAgeSchema = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: PROVIDER_MAX_AUTHORIZATION_AGE_MESSAGE })
    .int(PROVIDER_MAX_AUTHORIZATION_AGE_MESSAGE)
    .min(1, PROVIDER_MAX_AUTHORIZATION_AGE_MESSAGE)
    .max(3650, PROVIDER_MAX_AUTHORIZATION_AGE_MESSAGE)
    .nullish(),
);

export const ProviderBodySchema = z.object({
  name: z.string().max(200).nullish(),
  email: OptionalPlainEmailSchema,
  phone: text(50),
  fax: text(50),
  address_1: text(200),
  address_2: text(200),
  city: text(100),
  state: text(50),
  zip_code: text(20),
  notes: text(5000),
  medical_request_url: text(1000),
  kind: ProviderKindFieldSchema,
  /** Internal staff only: a firm's value is ignored. */
  max_authorization_age_days: MaxAuthorizationAgeSchema,
});
export type ProviderBody = z.infer<typeof ProviderBodySchema>;

/** The provider form: the body with the name required, as the server requires it of a new or edited provider. */
export const ProviderFormSchema = ProviderBodySchema.extend({
  name: z.string({ error: PROVIDER_NAME_REQUIRED }).trim().min(1, PROVIDER_NAME_REQUIRED).max(200),
});

export const ProviderSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  notes: z.string().nullable(),
  medical_request_url: z.string().nullable(),
  /** Null while nobody has said whether it is a hospital, a physician or another kind of provider. */
  kind: z.enum(PROVIDER_KINDS).nullable(),
  /** The provider refuses authorizations signed more than this many days ago; null when it sets no limit. */
  max_authorization_age_days: z.number().nullable(),
});
export type Provider = z.infer<typeof ProviderSchema>;

/** A row of /providerList/: the provider plus what it has on file. */
export const ProviderListItemSchema = ProviderSchema.extend({
  has_email: z.boolean(),
  has_phone_number: z.boolean(),
  has_form: z.boolean(),
});
export type ProviderListItem = z.infer<typeof ProviderListItemSchema>;

/** The 409 body when a provider by that name exists: the message and the provider to assign instead. */
export const ProviderExistsSchema = errorWithDetails({
  provider: z.object({ id: z.number(), name: z.string() }),
});
export type ProviderExists = z.infer<typeof ProviderExistsSchema>;

export const ProviderMergeSchema = z.object({
  /** A blank choice from a select arrives as '' and means no provider was chosen. */
  into: z.preprocess((v) => (v === '' ? null : v), IdSchema.nullish()),
});
export const ProviderMergeResultSchema = z.object({ success: z.string(), moved: z.number() });

/** POST /api/home/provider/{id}/verify/: when it was confirmed and how many requests stopped being 'new'. */
export const ProviderVerifiedSchema = z.object({
  success: z.string(),
  id: z.number(),
  verified_at: z.string(),
  requests_updated: z.number(),
});
export type ProviderVerified = z.infer<typeof ProviderVerifiedSchema>;
