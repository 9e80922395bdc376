import { COMPANY_MSG, FILE_MSG, STATUS, USER_MSG } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/errors';
import { ACCESS_RULES, type Auth } from './index';
import { ABILITIES, type Ability, authorize, callerAbilities, can, isInternalStaff } from './policy';

/**
 * The ability table: every named ability × every kind of caller. A changed rule changes a cell here,
 * so the change is deliberate and reviewed rather than a side effect of editing a service.
 */
const FIRM = 10;
const OTHER_FIRM = 20;
const INTERNAL = 1;
const ME = 100;
const SOMEONE = 200;

function caller(over: Partial<Auth>): Auth {
  return {
    userId: ME,
    companyId: FIRM,
    isStaff: false,
    isInternal: false,
    isAdminUser: false,
    emailConfirmed: true,
    permissions: new Set(),
    timezone: 'UTC',
    ...over,
  };
}

const CALLERS = {
  firmUser: caller({}),
  firmStaff: caller({ isStaff: true }),
  internalUser: caller({ companyId: INTERNAL, isInternal: true }),
  internalStaff: caller({ companyId: INTERNAL, isInternal: true, isStaff: true }),
  internalAdmin: caller({ companyId: INTERNAL, isInternal: true, isStaff: true, isAdminUser: true }),
} as const;
type Kind = keyof typeof CALLERS;
const KINDS = Object.keys(CALLERS) as Kind[];

type Status = 403 | 404;
type Case = {
  ability: Ability;
  record?: unknown;
  allowed: Kind[];
  /** The refusal's status: one for every refused kind, or per kind (403 when not listed). */
  deniedWith?: Status | Partial<Record<Kind, Status>>;
  message?: string;
};
const deniedStatus = (c: Case, kind: Kind): Status =>
  typeof c.deniedWith === 'object' ? (c.deniedWith[kind] ?? 403) : (c.deniedWith ?? 403);

const firmUserLevel = { isInternal: false, isStaff: false, isAdminUser: false, hasPermissions: false };
const CASES: Record<string, Case> = {
  'edit a request still Requested By Lawyer': {
    ability: 'request.edit',
    record: { status: STATUS.requestedByLawyer },
    allowed: [...KINDS],
  },
  'edit a request being worked on': {
    ability: 'request.edit',
    record: { status: STATUS.waitingForDirectDocs },
    allowed: ['internalStaff', 'internalAdmin'],
  },
  'delete a request still Requested By Lawyer': {
    ability: 'request.delete',
    record: { status: STATUS.requestedByLawyer },
    allowed: [...KINDS],
  },
  'delete a request being worked on': {
    ability: 'request.delete',
    record: { status: STATUS.waitingForDirectDocs },
    allowed: ['internalStaff', 'internalAdmin'],
  },
  'name another main contact': {
    ability: 'request.chooseMainContact',
    allowed: ['firmStaff', 'internalUser', 'internalStaff', 'internalAdmin'],
  },
  'claim, split or use staff-only request fields': {
    ability: 'request.staffWork',
    allowed: ['internalStaff', 'internalAdmin'],
  },
  'save a requisition (invoice line)': {
    ability: 'invoice.edit',
    allowed: ['internalStaff', 'internalAdmin'],
  },
  "see their own firm's invoice and billings": {
    ability: 'invoice.view',
    record: { companyId: FIRM },
    allowed: ['firmStaff', 'internalStaff', 'internalAdmin'],
  },
  "see another firm's invoice and billings": {
    ability: 'invoice.view',
    record: { companyId: OTHER_FIRM },
    allowed: ['internalStaff', 'internalAdmin'],
    deniedWith: { firmUser: 404, firmStaff: 404 },
  },
  'change invoice amounts, fees and billings': { ability: 'billing.manage', allowed: ['internalAdmin'] },
  "pay their own firm's billing by card": {
    ability: 'billing.payByCard',
    record: { companyId: FIRM },
    allowed: ['firmStaff'],
  },
  "pay another firm's billing by card": {
    ability: 'billing.payByCard',
    record: { companyId: OTHER_FIRM },
    allowed: [],
    deniedWith: { firmUser: 404, firmStaff: 404 },
  },
  'reach their own firm': { ability: 'company.reach', record: { companyId: FIRM }, allowed: [...KINDS] },
  "reach another firm's data": {
    ability: 'company.reach',
    record: { companyId: OTHER_FIRM },
    allowed: ['internalUser', 'internalStaff', 'internalAdmin'],
    deniedWith: 404,
  },
  'change the price or surcharge of a firm': {
    ability: 'company.editPricing',
    allowed: ['internalStaff', 'internalAdmin'],
    message: COMPANY_MSG.priceStaffOnly,
  },
  "manage their own firm's details and users": {
    ability: 'company.manage',
    record: { companyId: FIRM },
    allowed: ['firmStaff', 'internalStaff', 'internalAdmin'],
  },
  "manage another firm's details and users": {
    ability: 'company.manage',
    record: { companyId: OTHER_FIRM },
    allowed: ['internalStaff', 'internalAdmin'],
    // Internal users reach every firm, so they are told they may not rather than that it does not exist.
    deniedWith: { firmUser: 404, firmStaff: 404 },
  },
  "see a firm's automatic-surcharge flag": {
    ability: 'company.seeSurcharge',
    allowed: ['internalUser', 'internalStaff', 'internalAdmin'],
  },
  'receive the records by downloading them': {
    ability: 'file.countAsFirmDownload',
    allowed: ['firmUser', 'firmStaff'],
  },
  "see who downloaded their own firm's files": {
    ability: 'file.seeAccessLog',
    record: { companyId: FIRM },
    allowed: ['firmUser', 'firmStaff', 'internalStaff', 'internalAdmin'],
  },
  "see who downloaded another firm's files": {
    ability: 'file.seeAccessLog',
    record: { companyId: OTHER_FIRM },
    allowed: ['internalStaff', 'internalAdmin'],
  },
  'set a staff status or a reminder with a note': {
    ability: 'note.staffNote',
    allowed: ['internalUser', 'internalStaff', 'internalAdmin'],
  },
  'see fee figures without the view_fees permission': { ability: 'report.viewFees', allowed: [] },
  'see per-company counts without the view_company_counts permission': {
    ability: 'report.viewCompanyCounts',
    allowed: [],
  },
  'grant roles and permissions': { ability: 'role.manage', allowed: ['internalAdmin'] },
  'learn about addresses at other firms without an hourly limit': {
    ability: 'user.unlimitedEmailAnswers',
    allowed: ['internalUser', 'internalStaff', 'internalAdmin'],
  },
  'add a provider that counts as verified': {
    ability: 'provider.vouch',
    allowed: ['internalStaff', 'internalAdmin'],
  },
  'file medical records (not a supporting document)': {
    ability: 'file.addRecords',
    allowed: ['internalStaff', 'internalAdmin'],
  },
  'archive a file': { ability: 'file.archive', allowed: ['internalStaff', 'internalAdmin'] },
  'verify an unverified file': {
    ability: 'file.verify',
    record: { verifiedById: null },
    allowed: [...KINDS],
  },
  'change their own verification': {
    ability: 'file.verify',
    record: { verifiedById: ME },
    allowed: [...KINDS],
  },
  "undo someone else's verification": {
    ability: 'file.verify',
    record: { verifiedById: SOMEONE },
    allowed: ['internalStaff', 'internalAdmin'],
    message: FILE_MSG.verifiedBySomeoneElse,
  },
  'see the SSN of a client': {
    ability: 'client.seeSsn',
    allowed: ['firmUser', 'firmStaff', 'internalStaff', 'internalAdmin'],
  },
  'open a client': {
    ability: 'client.create',
    allowed: ['firmUser', 'firmStaff', 'internalStaff', 'internalAdmin'],
  },
  'see the dashboard as themselves': {
    ability: 'dashboard.viewAs',
    record: { userId: ME },
    allowed: [...KINDS],
  },
  'see the dashboard as a colleague': {
    ability: 'dashboard.viewAs',
    record: { userId: SOMEONE },
    allowed: ['firmStaff', 'internalStaff', 'internalAdmin'],
  },
  "see a colleague's account": {
    ability: 'user.see',
    record: { id: SOMEONE, companyId: FIRM },
    allowed: ['firmStaff', 'internalUser', 'internalStaff', 'internalAdmin'],
  },
  'see their own account': { ability: 'user.see', record: { id: ME, companyId: FIRM }, allowed: [...KINDS] },
  "see another firm's user": {
    ability: 'user.see',
    record: { id: SOMEONE, companyId: OTHER_FIRM },
    allowed: ['internalUser', 'internalStaff', 'internalAdmin'],
    deniedWith: 404,
  },
  'list the users of their firm': {
    ability: 'user.list',
    record: { companyId: FIRM },
    allowed: ['firmStaff', 'internalUser', 'internalStaff', 'internalAdmin'],
  },
  'see provider costs and fees on invoice lines': {
    ability: 'invoice.seeCosts',
    allowed: ['internalUser', 'internalStaff', 'internalAdmin'],
  },
  'see the price and paid state of invoice lines': {
    ability: 'invoice.seePrice',
    allowed: ['firmStaff', 'internalUser', 'internalStaff', 'internalAdmin'],
  },
  'add a user to their own firm': { ability: 'user.add', record: { companyId: FIRM }, allowed: [...KINDS] },
  'add a user to another firm': {
    ability: 'user.add',
    record: { companyId: OTHER_FIRM },
    allowed: ['internalUser', 'internalStaff', 'internalAdmin'],
    message: USER_MSG.ownCompanyOnly,
  },
  'turn a firm user into staff': {
    ability: 'user.update',
    record: { before: firmUserLevel, after: { ...firmUserLevel, isStaff: true } },
    allowed: ['firmStaff', 'internalUser', 'internalStaff', 'internalAdmin'],
    message: USER_MSG.cannotGrantMore,
  },
  'change an internal user': {
    ability: 'user.update',
    record: { before: { ...firmUserLevel, isInternal: true }, after: { ...firmUserLevel, isInternal: true } },
    allowed: ['internalAdmin'],
    message: USER_MSG.internalAdminOnly,
  },
};

describe('policy: abilities × kinds of caller', () => {
  for (const [name, c] of Object.entries(CASES)) {
    for (const kind of KINDS) {
      const allowed = c.allowed.includes(kind);
      it(`${kind} ${allowed ? 'may' : 'may not'} ${name}`, () => {
        const auth = CALLERS[kind];
        // biome-ignore lint/suspicious/noExplicitAny: the table holds records of every ability.
        const check = (fn: any) => fn(auth, c.ability, c.record);
        expect(check(can)).toBe(allowed);
        if (allowed) {
          expect(() => check(authorize)).not.toThrow();
          return;
        }
        let thrown: unknown;
        try {
          check(authorize);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(HttpError);
        expect((thrown as HttpError).statusCode).toBe(deniedStatus(c, kind));
        if (c.message) expect((thrown as HttpError).message).toBe(c.message);
      });
    }
  }

  it('has a case for every ability', () => {
    const covered = new Set(Object.values(CASES).map((c) => c.ability));
    expect(ABILITIES.filter((a) => !covered.has(a))).toEqual([]);
  });

  it('lets named permissions count inside the retrieval company only', () => {
    const grant = (kind: Kind) =>
      ({
        ...CALLERS[kind],
        permissions: new Set(['view_fees', 'view_company_counts']),
      }) as (typeof CALLERS)[Kind];
    for (const ability of ['report.viewFees', 'report.viewCompanyCounts'] as const) {
      expect(KINDS.filter((k) => can(grant(k), ability))).toEqual([
        'internalUser',
        'internalStaff',
        'internalAdmin',
      ]);
    }
    expect(callerAbilities(grant('internalStaff'))).toMatchObject({
      view_fees: true,
      view_company_counts: true,
    });
    expect(callerAbilities(grant('firmStaff'))).toMatchObject({
      view_fees: false,
      view_company_counts: false,
    });
  });

  it('uses one definition of internal staff, shared with the route rules', () => {
    for (const kind of KINDS) {
      expect(ACCESS_RULES.internalStaff(CALLERS[kind])).toBe(isInternalStaff(CALLERS[kind]));
    }
    expect(KINDS.filter((k) => isInternalStaff(CALLERS[k]))).toEqual(['internalStaff', 'internalAdmin']);
  });
});
