import { z } from 'zod';
import {
  AUTHORIZATION_ELEMENTS,
  AUTHORIZATION_ERRORS,
  SENSITIVE_CATEGORIES,
  type SensitiveCategory,
} from './elements';
import {
  type AuthorizationElements,
  AuthorizationElementsSchema,
  type AuthorizationError,
  AuthorizationResultSchema,
} from './validate';

/**
 * The checklist staff complete for an uploaded HIPAA authorization in the first-send view
 * (GET/PUT /api/home/request/{id}/authorization_check/): the same elements the validator checks, as boxes
 * to tick, the expiration and the date it was signed. The first send is refused while it is not valid.
 */
export const AuthorizationChecklistSchema = z
  .object({
    description: z.boolean(),
    discloser: z.boolean(),
    recipient: z.boolean(),
    purpose: z.boolean(),
    /** A date (YYYY-MM-DD or MM/DD/YYYY) or an event; blank when the form shows none. */
    expiration: AuthorizationElementsSchema.shape.expiration,
    signature: z.boolean(),
    signed_at: AuthorizationElementsSchema.shape.signed_at,
    signed_by_representative: z.boolean(),
    representative_authority: z.boolean(),
    statements: z
      .object({ revocation: z.boolean(), conditioning: z.boolean(), redisclosure: z.boolean() })
      .strict(),
    /** The sensitive categories whose own consent (a separate authorization, a Part 2 consent) is attached. */
    separate_consents: z.array(z.enum(SENSITIVE_CATEGORIES)).max(SENSITIVE_CATEGORIES.length),
  })
  .strict();
export type AuthorizationChecklist = z.infer<typeof AuthorizationChecklistSchema>;

export const AUTHORIZATION_NO_FORM_MESSAGE = 'This request has no HIPAA authorization on file to check.';
/** The first send of a request made on the client's authorization, while none is on file. */
export const AUTHORIZATION_MISSING_MESSAGE =
  'Sending is blocked: this request has no HIPAA authorization. Upload the client’s signed authorization, or have the law firm send the client a signing link.';

export const EMPTY_AUTHORIZATION_CHECKLIST: AuthorizationChecklist = {
  description: false,
  discloser: false,
  recipient: false,
  purpose: false,
  expiration: null,
  signature: false,
  signed_at: null,
  signed_by_representative: false,
  representative_authority: false,
  statements: { revocation: false, conditioning: false, redisclosure: false },
  separate_consents: [],
};

export const AuthorizationCheckSchema = z.object({
  /** The HIPAA form the checklist is about; null when the request has none (nothing to check). */
  document_url: z.string().nullable(),
  answers: AuthorizationChecklistSchema,
  /** Sensitive categories among the request's record types: each needs its own consent. */
  requested_categories: z.array(z.enum(SENSITIVE_CATEGORIES)),
  provider_name: z.string(),
  max_authorization_age_days: z.number().nullable(),
  /** Who last saved the answers for this form, and when; null while nobody has. */
  checked_by: z.string().nullable(),
  checked_at: z.string().nullable(),
  /**
   * Elements the form's own text showed, ticked in `answers` while nobody has saved the checklist; they
   * count only once staff save them (`result` is of the saved answers).
   */
  pre_answered: z.array(z.enum(AUTHORIZATION_ELEMENTS)),
  result: AuthorizationResultSchema,
});
export type AuthorizationCheck = z.infer<typeof AuthorizationCheckSchema>;

/** The checklist as the validator's elements, with the request's sensitive categories and their consents. */
export function checklistElements(
  answers: AuthorizationChecklist,
  requested: readonly SensitiveCategory[],
): AuthorizationElements {
  const { separate_consents: consents, ...elements } = answers;
  return {
    ...elements,
    categories: requested.map((category) => ({ category, separate_consent: consents.includes(category) })),
  };
}

/** The first send's refusal: the first missing element by name, and how many more there are. */
export function authorizationBlockedMessage(errors: readonly AuthorizationError[]): string {
  const [first, ...rest] = errors;
  const more = rest.length
    ? ` ${rest.length} more item${rest.length === 1 ? '' : 's'} on the authorization checklist need${rest.length === 1 ? 's' : ''} attention.`
    : '';
  return `Sending is blocked: ${first?.message ?? AUTHORIZATION_ERRORS.missing_description.message}${more}`;
}
