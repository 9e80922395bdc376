import type { AuthorizationElements } from '../authorizations';
import { sensitiveCategoriesOf } from '../authorizations/categories';
import { SENSITIVE_CATEGORY_LABELS, type SensitiveCategory } from '../authorizations/elements';
import { formatDate } from '../format';
import { SIGNING_DEFAULT_VALID_MONTHS } from './states';

/**
 * The HIPAA authorization a client signs online, as sections of text: the signing page shows them and the
 * server prints the same words in the PDF, so what was read is what was signed. Each section names the
 * element of 45 CFR 164.508(c) it satisfies, which is how the validator checks the generated document.
 */
export interface AuthorizationFacts {
  clientName: string;
  dateOfBirth: string;
  firmName: string;
  providers: readonly string[];
  recordTypes: readonly string[];
  datesFrom: string | null;
  datesTo: string | null;
  purpose: string;
  /** YYYY-MM-DD. */
  expiresOn: string;
}

export interface AuthorizationSection {
  heading: string;
  text: string;
}

export const AUTHORIZATION_TITLE = 'Authorization to Disclose Protected Health Information';

/** `today` plus the default validity, as YYYY-MM-DD (the 31st of a short month becomes its last day). */
export function defaultExpiration(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + SIGNING_DEFAULT_VALID_MONTHS, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

function datesOfService(from: string | null, to: string | null): string {
  if (from && to) return `for dates of service from ${formatDate(from)} to ${formatDate(to)}`;
  if (from) return `for dates of service from ${formatDate(from)} to the present`;
  if (to) return `for dates of service up to ${formatDate(to)}`;
  return 'for all dates of service';
}

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** The sensitive categories the record types ask for, each given its own consent paragraph. */
export const consentedCategories = (recordTypes: readonly string[]): SensitiveCategory[] =>
  sensitiveCategoriesOf(recordTypes);

export function authorizationSections(f: AuthorizationFacts): AuthorizationSection[] {
  const sensitive = consentedCategories(f.recordTypes).map((category) => ({
    heading: `Specific consent: ${SENSITIVE_CATEGORY_LABELS[category]}`,
    text: `I specifically consent to the disclosure of my ${SENSITIVE_CATEGORY_LABELS[category].toLowerCase()} to the recipient named above, for the purpose stated below. This consent is given separately from the rest of this authorization${category === 'substance_use' ? ', as 42 CFR Part 2 requires' : ''}.`,
  }));
  return [
    {
      heading: 'Patient',
      text: `${f.clientName}, date of birth ${formatDate(f.dateOfBirth)}.`,
    },
    {
      heading: 'Who may disclose the information',
      text: `I authorize ${list(f.providers)} to disclose my health information as described below.`,
    },
    {
      heading: 'Who may receive the information',
      text: `${f.firmName}, my attorneys, and Direct Docs, the records retrieval service acting for them.`,
    },
    {
      heading: 'Information to be disclosed',
      text: `${list(f.recordTypes)}, ${datesOfService(f.datesFrom, f.datesTo)}.`,
    },
    ...sensitive,
    { heading: 'Purpose', text: f.purpose },
    {
      heading: 'Expiration',
      text: `This authorization expires on ${formatDate(f.expiresOn)}.`,
    },
    {
      heading: 'My right to revoke',
      text: 'I may revoke this authorization at any time by writing to the provider named above, except to the extent that action has already been taken in reliance on it.',
    },
    {
      heading: 'Treatment and payment are not conditioned on signing',
      text: 'The provider may not condition my treatment, payment, enrollment in a health plan or eligibility for benefits on whether I sign this authorization.',
    },
    {
      heading: 'Redisclosure',
      text: 'Information disclosed under this authorization may be redisclosed by the recipient and may no longer be protected by federal privacy rules.',
    },
    {
      heading: 'Copies',
      text: 'I am entitled to a copy of this authorization. A copy or an electronic version of it is as valid as the original.',
    },
  ];
}

/** What the validator reads from a signed generated authorization: every element is in its text. */
export function generatedAuthorizationElements(
  f: AuthorizationFacts,
  signature: { signerName: string; signedOn: string; representativeAuthority?: string | null },
): AuthorizationElements {
  return {
    ...(signature.representativeAuthority
      ? { signed_by_representative: true, representative_authority: signature.representativeAuthority }
      : {}),
    description: `${list(f.recordTypes)}, ${datesOfService(f.datesFrom, f.datesTo)}`,
    discloser: list(f.providers),
    recipient: f.firmName,
    purpose: f.purpose,
    expiration: f.expiresOn,
    signature: signature.signerName,
    signed_at: signature.signedOn,
    statements: { revocation: true, conditioning: true, redisclosure: true },
    categories: consentedCategories(f.recordTypes).map((category) => ({ category, separate_consent: true })),
  };
}
