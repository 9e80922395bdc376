/**
 * The parts of a valid HIPAA authorization (45 CFR 164.508) and of the separate consents some records need:
 * their names in the API and the checklist, the paragraph that requires each, and the message a person reads
 * when one is missing or wrong. The validator (validate.ts) and the first-send checklist both use these.
 */

/** The core elements of 164.508(c)(1), the required statements of (c)(2), and what a signature needs. */
export const AUTHORIZATION_ELEMENTS = [
  'description',
  'discloser',
  'recipient',
  'purpose',
  'expiration',
  'signature',
  'signed_at',
  'statements.revocation',
  'statements.conditioning',
  'statements.redisclosure',
  'representative_authority',
  'categories',
] as const;
export type AuthorizationElement = (typeof AUTHORIZATION_ELEMENTS)[number];

/** What the checklist asks staff to confirm about each element, in the order of the regulation. */
export const AUTHORIZATION_ELEMENT_LABELS = {
  description: 'Describes the information to be disclosed',
  discloser: 'Names who may disclose it (the provider)',
  recipient: 'Names who may receive it (the law firm or Direct Docs)',
  purpose: 'States the purpose of the disclosure',
  expiration: 'Has an expiration date or event',
  signature: 'Is signed',
  signed_at: 'Date signed',
  'statements.revocation': 'States the right to revoke it in writing',
  'statements.conditioning': 'States that treatment or payment is not conditioned on signing',
  'statements.redisclosure': 'States that disclosed information may be redisclosed',
  representative_authority: "Describes the representative's authority to sign",
  categories: 'Has a separate consent for each sensitive category requested',
} as const satisfies Record<AuthorizationElement, string>;

/** Records that need more than a general authorization. */
export const SENSITIVE_CATEGORIES = ['psychotherapy_notes', 'substance_use', 'hiv', 'mental_health'] as const;
export type SensitiveCategory = (typeof SENSITIVE_CATEGORIES)[number];

export const SENSITIVE_CATEGORY_LABELS = {
  psychotherapy_notes: 'Psychotherapy notes',
  substance_use: 'Substance use disorder treatment records',
  hiv: 'HIV/AIDS records',
  mental_health: 'Mental health records',
} as const satisfies Record<SensitiveCategory, string>;

export const AUTHORIZATION_ERROR_CODES = [
  'missing_description',
  'missing_discloser',
  'missing_recipient',
  'missing_purpose',
  'missing_expiration',
  'expired',
  'missing_signature',
  'missing_signed_at',
  'signed_in_future',
  'missing_representative_authority',
  'missing_revocation_statement',
  'missing_conditioning_statement',
  'missing_redisclosure_statement',
  'psychotherapy_notes_need_separate_authorization',
  'substance_use_needs_part2_consent',
  'hiv_needs_separate_consent',
  'mental_health_needs_separate_consent',
  'too_old_for_provider',
] as const;
export type AuthorizationErrorCode = (typeof AUTHORIZATION_ERROR_CODES)[number];

interface ErrorRule {
  element: AuthorizationElement;
  citation: string;
  message: string;
}

/** One row per refusal: the element it is about, the rule that requires it, and the exact message. */
export const AUTHORIZATION_ERRORS = {
  missing_description: {
    element: 'description',
    citation: '45 CFR 164.508(c)(1)(i)',
    message: 'The authorization does not describe the information to be disclosed.',
  },
  missing_discloser: {
    element: 'discloser',
    citation: '45 CFR 164.508(c)(1)(ii)',
    message: 'The authorization does not name who may disclose the information.',
  },
  missing_recipient: {
    element: 'recipient',
    citation: '45 CFR 164.508(c)(1)(iii)',
    message: 'The authorization does not name who may receive the information.',
  },
  missing_purpose: {
    element: 'purpose',
    citation: '45 CFR 164.508(c)(1)(iv)',
    message: 'The authorization does not state the purpose of the disclosure.',
  },
  missing_expiration: {
    element: 'expiration',
    citation: '45 CFR 164.508(c)(1)(v)',
    message: 'The authorization has no expiration date or expiration event.',
  },
  expired: {
    element: 'expiration',
    citation: '45 CFR 164.508(b)(2)(i)',
    message: 'The authorization has expired.',
  },
  missing_signature: {
    element: 'signature',
    citation: '45 CFR 164.508(c)(1)(vi)',
    message: 'The authorization is not signed.',
  },
  missing_signed_at: {
    element: 'signed_at',
    citation: '45 CFR 164.508(c)(1)(vi)',
    message: 'The authorization does not show the date it was signed.',
  },
  signed_in_future: {
    element: 'signed_at',
    citation: '45 CFR 164.508(c)(1)(vi)',
    message: 'The date the authorization was signed is in the future.',
  },
  missing_representative_authority: {
    element: 'representative_authority',
    citation: '45 CFR 164.508(c)(1)(vi)',
    message:
      "The authorization is signed by a representative but does not describe the representative's authority.",
  },
  missing_revocation_statement: {
    element: 'statements.revocation',
    citation: '45 CFR 164.508(c)(2)(i)',
    message: 'The authorization does not state the right to revoke it in writing.',
  },
  missing_conditioning_statement: {
    element: 'statements.conditioning',
    citation: '45 CFR 164.508(c)(2)(ii)',
    message:
      'The authorization does not state whether treatment or payment may be conditioned on signing it.',
  },
  missing_redisclosure_statement: {
    element: 'statements.redisclosure',
    citation: '45 CFR 164.508(c)(2)(iii)',
    message: 'The authorization does not state that disclosed information may be redisclosed.',
  },
  psychotherapy_notes_need_separate_authorization: {
    element: 'categories',
    citation: '45 CFR 164.508(a)(2)',
    message: 'Psychotherapy notes are requested: they need a separate authorization of their own.',
  },
  substance_use_needs_part2_consent: {
    element: 'categories',
    citation: '42 CFR 2.31',
    message:
      'Substance use disorder treatment records are requested: they need a consent that meets 42 CFR Part 2.',
  },
  hiv_needs_separate_consent: {
    element: 'categories',
    citation: 'State law (HIV/AIDS confidentiality)',
    message: 'HIV/AIDS records are requested: they need a separate consent where state law requires one.',
  },
  mental_health_needs_separate_consent: {
    element: 'categories',
    citation: 'State law (mental health records)',
    message:
      'Mental health records are requested: they need a separate consent where state law requires one.',
  },
  too_old_for_provider: {
    element: 'signed_at',
    citation: "The provider's own policy",
    message: 'The authorization is older than the provider accepts.',
  },
} as const satisfies Record<AuthorizationErrorCode, ErrorRule>;

/** The refusal for each sensitive category requested without its own consent. */
export const CATEGORY_ERROR_CODES = {
  psychotherapy_notes: 'psychotherapy_notes_need_separate_authorization',
  substance_use: 'substance_use_needs_part2_consent',
  hiv: 'hiv_needs_separate_consent',
  mental_health: 'mental_health_needs_separate_consent',
} as const satisfies Record<SensitiveCategory, AuthorizationErrorCode>;

/** The first-send refusal for a provider that takes only recent authorizations, naming its limit. */
export const authorizationTooOldMessage = (
  providerName: string,
  maxDays: number,
  signedOn: string,
  ageDays: number,
) =>
  `${providerName} accepts authorizations signed within the last ${maxDays} days; this one was signed on ${signedOn}, ${ageDays} days ago. Ask the firm for a newly signed authorization.`;
