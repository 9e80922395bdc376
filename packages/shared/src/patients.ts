import { z } from 'zod';
import { isUnknownValue } from './client-values';
import { OptionalPlainEmailSchema } from './email-address';
import { IdSchema } from './ids';
import { MSG, requiredClientFieldMessage } from './messages';
import { BatesPrefixSchema } from './records-package';

/**
 * Clients (patients): the fields of the client form, their required rule and messages (spec
 * section 5), the SSN format, and the payloads and responses of the patient calls. The SSN never
 * appears in a client object; only the related-info call carries it.
 */

/** Every field the client form requires, with the name the user reads. */
export const CLIENT_FIELD_LABELS = {
  first_name: 'First Name',
  last_name: 'Last Name',
  maiden_name: 'Maiden Name',
  date_of_birth: 'Date of Birth',
  custom_code: 'Custom Code',
  ssn: 'SSN',
  address_1: 'Address 1',
  address_2: 'Address 2',
  city: 'City',
  state: 'State',
  zip_code: 'Zip Code',
  hipaa_consent_url: 'HIPAA Consent Form',
} as const;
export type ClientRequiredField = keyof typeof CLIENT_FIELD_LABELS;
export const CLIENT_REQUIRED_FIELDS = Object.keys(CLIENT_FIELD_LABELS) as ClientRequiredField[];

export const CLIENT_HIPAA_HINT = 'The HIPAA form must be signed and dated.';
/** Above the client form (spec section 5): every required client field takes NA when unknown. */
export const CLIENT_NA_HINT = "Fill out with NA if you don't know.";
/** Shown to the firm and to staff while a client has no HIPAA form on file. */
export const HIPAA_MISSING = 'HIPAA authorization missing';
/** How a client field entered as NA (unknown) reads. */

export const SSN_PATTERN = /^\d{3}-\d{2}-\d{4}$/;

/** 'None' (or NA) in any case means the firm has no SSN for the client. */
export function isNoSsn(ssn: string): boolean {
  return ssn.trim().toLowerCase() === 'none' || isUnknownValue(ssn);
}

/** The SSN as stored: trimmed, and 'None' spelled one way. */
export function normalizeSsn(ssn: string): string {
  return isNoSsn(ssn) ? 'None' : ssn.trim();
}

/** The format message for a filled-in SSN that is neither ddd-dd-dddd nor 'None'. */
export function ssnFormatError(ssn: string): string | undefined {
  const value = ssn.trim();
  if (value === '' || isNoSsn(value) || SSN_PATTERN.test(value)) return undefined;
  return MSG.ssnFormat;
}

/** An SSN worth looking up for duplicates: well formed and not 'None'. */
export function isMatchableSsn(ssn: string): boolean {
  return SSN_PATTERN.test(ssn.trim());
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Every problem with a client's values, keyed by field: each missing required field (NA counts as an
 * answer), a malformed SSN and a date of birth that is neither a date nor NA. `requireSsn` is false where
 * the SSN is saved separately.
 */
export function clientFieldErrors(
  values: Partial<Record<string, unknown>>,
  options: { requireSsn: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of CLIENT_REQUIRED_FIELDS) {
    if (field === 'ssn' && !options.requireSsn) continue;
    if (blank(values[field])) errors[field] = requiredClientFieldMessage(CLIENT_FIELD_LABELS[field]);
  }
  const ssn = values.ssn;
  if (!errors.ssn && typeof ssn === 'string') {
    const message = ssnFormatError(ssn);
    if (message) errors.ssn = message;
  }
  const dob = values.date_of_birth;
  if (!errors.date_of_birth && typeof dob === 'string' && !isUnknownValue(dob) && !isIsoDate(dob.trim())) {
    errors.date_of_birth = MSG.dateFormat;
  }
  return errors;
}

const text = (max: number) => z.string().max(max).nullish();

/** The client form's fields as posted (create and update). Required-ness is checked by clientFieldErrors. */
export const ClientBodySchema = z.object({
  first_name: text(100),
  last_name: text(100),
  maiden_name: text(100),
  date_of_birth: text(20),
  custom_code: text(100),
  address_1: text(200),
  address_2: text(200),
  city: text(100),
  state: text(50),
  zip_code: text(20),
  email: OptionalPlainEmailSchema,
  phone_number: text(50),
  fax_number: text(50),
  hipaa_consent_url: text(1000),
  /** The matter's Bates prefix (records package); blank clears it. */
  bates_prefix: BatesPrefixSchema,
  company: IdSchema.nullish(),
  ssn: text(20),
});
export type ClientBody = z.infer<typeof ClientBodySchema>;

/**
 * The client form as the browser holds it, checked with clientFieldErrors (the rules the server applies):
 * the body plus 'I don't have the signed form yet', which answers the HIPAA field with NA.
 */
export const ClientFormSchema = z.looseObject({}).superRefine((form, ctx) => {
  const { hipaa_later, ...values } = form;
  const answered = hipaa_later && !values.hipaa_consent_url ? { ...values, hipaa_consent_url: 'NA' } : values;
  // Every rule at once, as the fields show them: the required fields first, then the values' shapes.
  for (const [field, message] of Object.entries(clientFieldErrors(answered, { requireSsn: true })))
    ctx.addIssue({ code: 'custom', path: [field], message });
  const shaped = ClientBodySchema.safeParse(values);
  if (!shaped.success) for (const issue of shaped.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
});

/** A client as every list and detail call returns it: never the SSN, only whether one was recorded. */
export const ClientSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  maiden_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  custom_code: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  fax_number: z.string().nullable(),
  hipaa_consent_url: z.string().nullable(),
  bates_prefix: z.string().nullable(),
  company: z.number(),
  has_ssn: z.boolean(),
  created_at: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

/** What the duplicate-SSN look-up returns for each matching client of the company. */
export const ClientMatchSchema = z.object({ id: z.number(), full_name: z.string() });
export type ClientMatch = z.infer<typeof ClientMatchSchema>;

/** What pickers hand back: at least the id and name, the whole client when it was loaded. */
export type ClientSummary = ClientMatch & Partial<Client>;

/** order_by values the client list accepts, in the spec's Django style. */
export const CLIENT_ORDERINGS = [
  'last_name,first_name',
  '-last_name,-first_name',
  'first_name',
  '-first_name',
  'last_name',
  '-last_name',
  'full_name',
  '-full_name',
  'created_at',
  '-created_at',
  'date_of_birth',
  '-date_of_birth',
] as const;
export type ClientOrdering = (typeof CLIENT_ORDERINGS)[number];

export const CLIENT_LIST_DEFAULT_LIMIT = 100;
export const CLIENT_LIST_MAX_LIMIT = 500;

export const RelatedInfoRequestSchema = z.object({
  patient_id: IdSchema,
});
export const SaveRelatedInfoSchema = RelatedInfoRequestSchema.extend({ ssn: z.string().max(20).nullish() });
export const RelatedInfoSchema = z.object({ related_info: z.object({ ssn: z.string().nullable() }) });
export type RelatedInfo = z.infer<typeof RelatedInfoSchema>;
