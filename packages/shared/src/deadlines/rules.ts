/**
 * The time the law gives a provider to produce records, one rule per row, each with its source. A request's
 * due date is set by the strictest rule that applies to it (see due-date.ts): HIPAA sets a floor and does
 * not pre-empt a state law that is more protective of the patient (45 CFR 160.203(b)), so a shorter state
 * period wins. Adding a rule is adding a row here; docs/deadlines.md lists the same rows for people.
 */

export const LEGAL_BASES = ['patient_access', 'authorization', 'subpoena'] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];

export const LEGAL_BASIS_LABELS: Record<LegalBasis, string> = {
  patient_access: 'Patient access (the client’s own right of access)',
  authorization: 'HIPAA authorization',
  subpoena: 'Subpoena or court order',
};

/** What kind of provider a rule is written for. A rule without kinds applies to every provider. */
export const PROVIDER_KINDS = ['hospital', 'physician', 'other'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export interface DeadlineRule {
  /** Stored on the request: never renamed once used. */
  id: string;
  /** What a person reads beside the due date. */
  name: string;
  citation: string;
  bases: readonly LegalBasis[];
  /** Postal codes; none means every state. */
  states?: readonly string[];
  providerKinds?: readonly ProviderKind[];
  days: number;
  unit: 'calendar' | 'business';
  /** The first day of requests the rule governs (YYYY-MM-DD), and the last, once a rule is replaced. */
  inForceFrom: string;
  inForceUntil?: string;
  /** One extension the provider may take by written notice sent before the first period ends. */
  extension?: { days: number };
  /** When the clock starts, where the statute says more than "the request". */
  startsOn?: string;
}

export const DEFAULT_DEADLINE_RULE: DeadlineRule = {
  id: 'default-30',
  name: 'No statute sets a shorter time: 30 days',
  citation: 'Direct Docs default where no listed rule applies',
  bases: LEGAL_BASES,
  days: 30,
  unit: 'calendar',
  inForceFrom: '1996-08-21',
};

export const DEADLINE_RULES: readonly DeadlineRule[] = [
  {
    id: 'hipaa-access',
    name: 'HIPAA right of access: 30 days',
    citation: '45 CFR 164.524(b)(2)',
    bases: ['patient_access'],
    days: 30,
    unit: 'calendar',
    // The Omnibus Rule's compliance date: before it, records kept off site had 60 days.
    inForceFrom: '2013-09-23',
    extension: { days: 30 },
  },
  {
    id: 'tx-hospital',
    name: 'Texas hospitals: 15 business days',
    citation: 'Tex. Health & Safety Code 241.154',
    bases: ['patient_access', 'authorization'],
    states: ['TX'],
    providerKinds: ['hospital'],
    days: 15,
    unit: 'business',
    // The section is older; this table applies it from the day the Texas electronic-records rule began.
    inForceFrom: '2012-09-01',
    startsOn: 'the request and its payment',
  },
  {
    id: 'tx-electronic',
    name: 'Texas electronic health records: 15 business days',
    citation: 'Tex. Health & Safety Code 181.102',
    bases: ['patient_access'],
    states: ['TX'],
    days: 15,
    unit: 'business',
    // Added by H.B. 300 (82nd Legislature), in force 1 September 2012.
    inForceFrom: '2012-09-01',
  },
  {
    id: 'ca-attorney-1158',
    name: 'California pre-litigation attorney requests: 5 days',
    citation: 'Cal. Evidence Code 1158',
    bases: ['authorization'],
    states: ['CA'],
    days: 5,
    unit: 'calendar',
    // The section is older; this table applies its current five-day text from 2020.
    inForceFrom: '2020-01-01',
    startsOn: 'the request and payment of the copying costs',
  },
];

export const ALL_DEADLINE_RULES: readonly DeadlineRule[] = [...DEADLINE_RULES, DEFAULT_DEADLINE_RULE];

/** The rule's name and citation, as the request carries it in `deadline_rule`. */
export const describeRule = (rule: DeadlineRule): string => `${rule.name} (${rule.citation})`;
