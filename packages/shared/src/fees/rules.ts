import type { LegalBasis, ProviderKind } from '../deadlines/rules';

/**
 * What the law lets a provider charge for copies of records, one rule per row, each with its source. A
 * charge is checked against the lowest cap of the rules that apply (check.ts): HIPAA's limits on a patient's
 * own copies stand beside state caps, and the stricter one binds. Adding a rule is adding a row here;
 * docs/fees.md lists the same rows for people. Amounts are whole cents.
 */

/** Films (imaging on film or disc) are recorded like the others; no rule in the table caps them yet. */
export const FEE_MEDIA = ['paper', 'electronic', 'films'] as const;
export type FeeMedium = (typeof FEE_MEDIA)[number];

/**
 * A cap: a flat amount; a first block of pages for one amount and then a price per page in tiers; or, for a
 * subpoena's costs, a price per page plus the clerical time the provider itemizes, billed in blocks of
 * minutes at an hourly rate, plus the actual postage.
 */
export type FeeCap =
  | { kind: 'flat'; cents: number }
  | {
      kind: 'pages';
      /** The first `pages` pages cost `cents` together (0 and 0 when the first tier starts at page 1). */
      first: { pages: number; cents: number };
      /** Each later page costs `centsPerPage` up to page `through` (inclusive); the last tier has no end. */
      tiers: readonly { through?: number; centsPerPage: number }[];
    }
  | {
      kind: 'itemized';
      centsPerPage: number;
      /** Each started block of `blockMinutes` costs its share of `centsPerHour`, rounded up to the cent. */
      clerical: { centsPerHour: number; blockMinutes: number };
      /** The actual postage is allowed on top. */
      postage: true;
    };

export interface FeeRule {
  /** Named in answers and kept in records: never renamed once used. */
  id: string;
  name: string;
  citation: string;
  bases: readonly LegalBasis[];
  /** Postal codes; none means every state. */
  states?: readonly string[];
  /** None means every kind of provider. */
  providerKinds?: readonly ProviderKind[];
  media: readonly FeeMedium[];
  cap: FeeCap;
  /** The first day the amounts apply (YYYY-MM-DD), and the last, once they are replaced. */
  inForceFrom: string;
  inForceUntil?: string;
}

const ALL_BASES: readonly LegalBasis[] = ['patient_access', 'authorization', 'subpoena'];

export const FEE_RULES: readonly FeeRule[] = [
  {
    id: 'hipaa-electronic-flat',
    name: 'HIPAA flat fee for a patient’s electronic copy',
    citation:
      '45 CFR 164.524(c)(4); HHS Office for Civil Rights guidance on access fees (2016): $6.50 flat; Ciox Health v. Azar (D.D.C. 2020) confines it to the patient’s own copies',
    bases: ['patient_access'],
    media: ['electronic'],
    cap: { kind: 'flat', cents: 650 },
    inForceFrom: '2016-02-25',
  },
  {
    id: 'tx-hospital',
    name: 'Texas hospital copies',
    citation: 'Tex. Health & Safety Code 241.154',
    bases: ALL_BASES,
    states: ['TX'],
    providerKinds: ['hospital'],
    media: ['paper'],
    cap: {
      kind: 'pages',
      first: { pages: 10, cents: 3000 },
      tiers: [{ through: 60, centsPerPage: 100 }, { through: 400, centsPerPage: 50 }, { centsPerPage: 25 }],
    },
    inForceFrom: '2003-09-01',
  },
  {
    id: 'tx-physician-paper',
    name: 'Texas physician paper copies',
    citation: '22 Tex. Admin. Code 165.2(e) (Texas Medical Board)',
    bases: ALL_BASES,
    states: ['TX'],
    providerKinds: ['physician'],
    media: ['paper'],
    cap: { kind: 'pages', first: { pages: 20, cents: 2500 }, tiers: [{ centsPerPage: 50 }] },
    inForceFrom: '2012-04-01',
  },
  {
    id: 'co-25-1-801',
    name: 'Colorado copies of medical records',
    citation: 'C.R.S. 25-1-801(1)(b)(II), amounts as adjusted by the Colorado Secretary of State for 2023',
    bases: ALL_BASES,
    states: ['CO'],
    media: ['paper'],
    cap: {
      kind: 'pages',
      first: { pages: 10, cents: 1853 },
      tiers: [{ through: 40, centsPerPage: 85 }, { centsPerPage: 57 }],
    },
    inForceFrom: '2023-01-01',
  },
  {
    id: 'ny-phl-18',
    name: 'New York paper copies',
    citation: 'N.Y. Public Health Law 18(2)(e): at most 75 cents a page',
    bases: ALL_BASES,
    states: ['NY'],
    media: ['paper'],
    cap: { kind: 'pages', first: { pages: 0, cents: 0 }, tiers: [{ centsPerPage: 75 }] },
    inForceFrom: '1987-01-01',
  },
  {
    id: 'ca-evid-1563',
    name: 'California subpoena costs',
    citation:
      'Cal. Evidence Code 1563(b)(1): 10 cents a page, clerical time at most $24 an hour billed as $6 a quarter hour or fraction, actual postage',
    bases: ['subpoena'],
    states: ['CA'],
    media: ['paper'],
    cap: {
      kind: 'itemized',
      centsPerPage: 10,
      clerical: { centsPerHour: 2400, blockMinutes: 15 },
      postage: true,
    },
    inForceFrom: '2000-01-01',
  },
  {
    id: 'az-12-351',
    name: 'Arizona subpoena costs',
    citation:
      'A.R.S. 12-351(F): 25 cents a page of standard reproduction, clerical time for locating and making the records available, actual postage',
    bases: ['subpoena'],
    states: ['AZ'],
    media: ['paper'],
    cap: {
      kind: 'itemized',
      centsPerPage: 25,
      clerical: { centsPerHour: 2500, blockMinutes: 15 },
      postage: true,
    },
    inForceFrom: '2000-01-01',
  },
];
