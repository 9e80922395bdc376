import { z } from 'zod';
import { formatDate, parseUsDate } from '../format';
import { sensitiveCategoryOf } from './categories';
import {
  AUTHORIZATION_ELEMENTS,
  AUTHORIZATION_ERROR_CODES,
  AUTHORIZATION_ERRORS,
  type AuthorizationErrorCode,
  authorizationTooOldMessage,
  CATEGORY_ERROR_CODES,
  SENSITIVE_CATEGORIES,
  type SensitiveCategory,
} from './elements';

/**
 * Checks an authorization's elements against 45 CFR 164.508 before it is sent: the six core elements and
 * three required statements of (c), a representative's authority, dates (expired, signed in the future,
 * older than the provider accepts) and the sensitive categories that need a consent of their own.
 * POST /api/authorizations/validate/ answers its result; the first send refuses while it is not valid.
 */

const isoDate = (value: string): string | undefined => {
  const iso = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(value.trim())?.[1] ?? parseUsDate(value);
  if (!iso) return undefined;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : undefined;
};

/** An element is there when it is ticked (true) or written out (text that is not blank). */
const PresentSchema = z.union([z.boolean(), z.string().max(2000)]).nullish();
const DateMessage = 'Enter a date as YYYY-MM-DD or MM/DD/YYYY.';

export const AuthorizationElementsSchema = z
  .object({
    description: PresentSchema,
    discloser: PresentSchema,
    recipient: PresentSchema,
    purpose: PresentSchema,
    /** A date (YYYY-MM-DD or MM/DD/YYYY) or an event such as 'the end of the litigation'. */
    expiration: z.string().max(500).nullish(),
    signature: PresentSchema,
    signed_at: z
      .string()
      .max(40)
      .nullish()
      .refine((v) => !v || isoDate(v) !== undefined, DateMessage),
    /** True when a personal representative signed; implied by a non-blank representative_authority. */
    signed_by_representative: z.boolean().optional(),
    representative_authority: PresentSchema,
    statements: z
      .object({ revocation: PresentSchema, conditioning: PresentSchema, redisclosure: PresentSchema })
      .strict()
      .nullish(),
    /**
     * Record types or categories requested: a name ('Mental Health Records', 'hiv') means requested without
     * its own consent on file; `{category, separate_consent: true}` means its own consent is on file.
     */
    categories: z
      .array(
        z.union([
          z.string().max(200),
          z.object({ category: z.string().max(200), separate_consent: z.boolean() }).strict(),
        ]),
      )
      .max(50)
      .nullish(),
  })
  .strict();
export type AuthorizationElements = z.infer<typeof AuthorizationElementsSchema>;

export const AuthorizationErrorSchema = z.object({
  code: z.enum(AUTHORIZATION_ERROR_CODES),
  element: z.enum(AUTHORIZATION_ELEMENTS),
  citation: z.string(),
  message: z.string(),
});
export type AuthorizationError = z.infer<typeof AuthorizationErrorSchema>;

export const AuthorizationResultSchema = z.object({
  valid: z.boolean(),
  errors: z.array(AuthorizationErrorSchema),
});
export type AuthorizationResult = z.infer<typeof AuthorizationResultSchema>;

/** A provider that takes only authorizations signed within some days (providers.max_authorization_age_days). */
export interface ProviderAgeLimit {
  providerName: string;
  maxAgeDays: number | null;
}

const present = (value: string | boolean | null | undefined) =>
  typeof value === 'string' ? value.trim() !== '' : value === true;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function errorOf(code: AuthorizationErrorCode, message?: string): AuthorizationError {
  const rule = AUTHORIZATION_ERRORS[code];
  return { code, element: rule.element, citation: rule.citation, message: message ?? rule.message };
}

function categoryErrors(categories: AuthorizationElements['categories']): AuthorizationError[] {
  const requested = new Map<SensitiveCategory, boolean>();
  for (const entry of categories ?? []) {
    const [name, consented] =
      typeof entry === 'string' ? [entry, false] : [entry.category, entry.separate_consent];
    const category = sensitiveCategoryOf(name);
    if (category) requested.set(category, (requested.get(category) ?? true) && consented);
  }
  return SENSITIVE_CATEGORIES.filter((c) => requested.has(c) && !requested.get(c)).map((c) =>
    errorOf(CATEGORY_ERROR_CODES[c]),
  );
}

/** `today` is YYYY-MM-DD where the checker is (todayIn); the errors follow the order of the regulation. */
export function validateAuthorization(
  input: AuthorizationElements,
  today: string,
  provider?: ProviderAgeLimit,
): AuthorizationResult {
  const errors: AuthorizationError[] = [];
  const need = (value: string | boolean | null | undefined, code: AuthorizationErrorCode) => {
    if (!present(value)) errors.push(errorOf(code));
  };
  need(input.description, 'missing_description');
  need(input.discloser, 'missing_discloser');
  need(input.recipient, 'missing_recipient');
  need(input.purpose, 'missing_purpose');

  const expiration = input.expiration?.trim() ?? '';
  const expiresOn = expiration ? isoDate(expiration) : undefined;
  if (!expiration) errors.push(errorOf('missing_expiration'));
  else if (expiresOn && expiresOn < today) errors.push(errorOf('expired'));

  need(input.signature, 'missing_signature');
  const signedOn = input.signed_at ? isoDate(input.signed_at) : undefined;
  if (!signedOn) errors.push(errorOf('missing_signed_at'));
  else if (signedOn > today) errors.push(errorOf('signed_in_future'));
  else if (provider?.maxAgeDays != null && daysBetween(signedOn, today) > provider.maxAgeDays) {
    const age = daysBetween(signedOn, today);
    const message = authorizationTooOldMessage(
      provider.providerName,
      provider.maxAgeDays,
      formatDate(signedOn),
      age,
    );
    errors.push(errorOf('too_old_for_provider', message));
  }
  if (input.signed_by_representative === true)
    need(input.representative_authority, 'missing_representative_authority');

  need(input.statements?.revocation, 'missing_revocation_statement');
  need(input.statements?.conditioning, 'missing_conditioning_statement');
  need(input.statements?.redisclosure, 'missing_redisclosure_statement');
  errors.push(...categoryErrors(input.categories));
  return { valid: errors.length === 0, errors };
}
