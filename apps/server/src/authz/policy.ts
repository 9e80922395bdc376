import {
  type CallerAbilities,
  COMPANY_MSG,
  type CompanyAbilities,
  FILE_MSG,
  type FileAbilities,
  MSG,
  type Permission,
  type RequestAbilities,
  type RequestStatus,
  STATUS,
  USER_MSG,
} from '@dd/shared';
import { forbidden, notFound } from '../lib/errors';
import { type Auth, isInternalAdmin, isInternalStaff } from './index';
import { type UserChange, userChangeRefusal } from './user-ladder';

export { isInternalStaff };

/**
 * Named abilities: every record-level decision a service makes about a caller, in one table. Route-level
 * rules (who may call a route at all) are ACCESS_RULES in index.ts; which rows a caller sees are the SQL
 * scopes in scopes.ts. Services ask `authorize(auth, 'request.edit', request)` instead of testing flags,
 * so a rule changes in one place and policy.test.ts shows every caller it affects.
 */

/** Why the caller is refused: 404 hides another firm's record, 403 says the caller may not. */
type Refusal = { status: 403 | 404; message?: string };
type Verdict = Refusal | undefined;

const refuse = (message?: string): Refusal => ({ status: 403, message });
const hidden: Refusal = { status: 404 };
const staffOnly = (auth: Auth, message?: string): Verdict =>
  isInternalStaff(auth) ? undefined : refuse(message);
const internalOnly = (auth: Auth): Verdict => (auth.isInternal ? undefined : refuse());

/** Each ability with the record it is decided on (`undefined`: decided on the caller alone). */
interface AbilityRecords {
  /** Law-firm users (and internal users who are not staff) change a request only while it is still
   *  'Requested By Lawyer'; internal staff always. */
  'request.edit': { status: RequestStatus };
  'request.delete': { status: RequestStatus };
  /** Staff (firm or internal) and internal users may name another main contact; others are the main contact. */
  'request.chooseMainContact': undefined;
  /** Claiming, splitting and the staff-only request fields. */
  'request.staffWork': undefined;
  /** The requisition and the invoice line it writes. */
  'invoice.edit': undefined;
  /** Invoice lines of a visible request: internal users see every amount (provider cost, fees)... */
  'invoice.seeCosts': undefined;
  /** ...law-firm staff the price and paid state; other firm users nothing. */
  'invoice.seePrice': undefined;
  /** A company's invoice and billings: internal staff for every firm, a firm's staff for their own. */
  'invoice.view': { companyId: number };
  /** Change invoice amounts, set fees, create billings and mark them paid: internal administrators. */
  'billing.manage': undefined;
  /** Pay a billing by card: the firm's own staff (Direct Docs marks payments by hand instead). */
  'billing.payByCard': { companyId: number };
  /** Internal users reach every company; others only their own. */
  'company.reach': { companyId: number };
  'company.editPricing': undefined;
  /** Edit the company's details and invite its users: internal staff, or the company's own staff. */
  'company.manage': { companyId: number };
  /** The automatic-surcharge flag is an internal billing setting. */
  'company.seeSurcharge': undefined;
  /** A provider added by internal staff counts as verified; anyone else's waits for staff. */
  'provider.vouch': undefined;
  /** Law firms only ever add supporting documents; medical records come from the retrieval staff. */
  'file.addRecords': undefined;
  'file.archive': undefined;
  /** Someone else's verification (usually staff checking records before sending) is not undone by others. */
  'file.verify': { verifiedById: number | null };
  /** A firm user's download is the firm receiving its records; internal downloads are only logged. */
  'file.countAsFirmDownload': undefined;
  /** A file's download history: internal staff, and the users of the firm the request belongs to. */
  'file.seeAccessLog': { companyId: number };
  /** Internal users' notes set staff statuses and reminders; a firm's note always asks staff to respond. */
  'note.staffNote': undefined;
  /** Internal users who are not staff work on claimed requests; they do not open clients. */
  'client.create': undefined;
  /** Fee figures of the reports (totals with fees, average fees): internal holders of view_fees. */
  'report.viewFees': undefined;
  /** The per-company count listing: internal holders of view_company_counts. */
  'report.viewCompanyCounts': undefined;
  /** Roles and the named permissions they carry: internal administrators. */
  'role.manage': undefined;
  /** The SSN is for the client's own firm and internal staff, not other internal users. */
  'client.seeSsn': undefined;
  /** Staff of the company and internal users see its users; everyone sees themselves. */
  'user.see': { id: number; companyId: number };
  'user.list': { companyId: number };
  /** Firms add users to their own company only (a 403 that says so, not a 404). */
  'user.add': { companyId: number };
  /** Internal users are not limited in how often they learn that an address exists at another firm. */
  'user.unlimitedEmailAnswers': undefined;
  /** The privilege ladder (user-ladder.ts); company reach is checked before it. */
  'user.update': UserChange;
  /** Staff see the dashboard as any user of their reach; everyone else as themselves. */
  'dashboard.viewAs': { userId: number };
}

export type Ability = keyof AbilityRecords;
type RecordArg<A extends Ability> = AbilityRecords[A] extends undefined ? [] : [record: AbilityRecords[A]];

/**
 * Internal users reach every company; others only their own. Another firm's record answers 404 so its
 * existence is not revealed.
 */
const canReachCompany = (auth: Auth, companyId: number) => auth.isInternal || auth.companyId === companyId;

/** Named permissions count inside the retrieval company only (a firm's role cannot grant them). */
const internalPermission = (auth: Auth, permission: Permission): Verdict =>
  auth.isInternal && auth.permissions.has(permission) ? undefined : refuse();

const requestChange = (auth: Auth, r: { status: RequestStatus }): Verdict =>
  isInternalStaff(auth) || r.status === STATUS.requestedByLawyer ? undefined : refuse();

const RULES: { [A in Ability]: (auth: Auth, record: AbilityRecords[A]) => Verdict } = {
  'request.edit': requestChange,
  'request.delete': requestChange,
  'request.chooseMainContact': (auth) => (auth.isStaff || auth.isInternal ? undefined : refuse()),
  'request.staffWork': (auth) => staffOnly(auth),
  'invoice.edit': (auth) => staffOnly(auth),
  'invoice.seeCosts': internalOnly,
  'invoice.seePrice': (auth) => (auth.isInternal || auth.isStaff ? undefined : refuse()),
  'invoice.view': (auth, r) => RULES['company.reach'](auth, r) ?? (auth.isStaff ? undefined : refuse()),
  'billing.manage': (auth) => (isInternalAdmin(auth) ? undefined : refuse()),
  'billing.payByCard': (auth, r) =>
    RULES['invoice.view'](auth, r) ?? (auth.isInternal ? refuse() : undefined),
  'company.reach': (auth, r) => (canReachCompany(auth, r.companyId) ? undefined : hidden),
  'company.editPricing': (auth) => staffOnly(auth, COMPANY_MSG.priceStaffOnly),
  'company.manage': (auth, r) => RULES['company.reach'](auth, r) ?? (auth.isStaff ? undefined : refuse()),
  'company.seeSurcharge': internalOnly,
  'provider.vouch': (auth) => staffOnly(auth),
  'file.addRecords': (auth) => staffOnly(auth),
  'file.archive': (auth) => staffOnly(auth),
  'file.verify': (auth, r) =>
    r.verifiedById === null || r.verifiedById === auth.userId
      ? undefined
      : staffOnly(auth, FILE_MSG.verifiedBySomeoneElse),
  'file.countAsFirmDownload': (auth) => (auth.isInternal ? refuse() : undefined),
  'file.seeAccessLog': (auth, r) =>
    isInternalStaff(auth) || (!auth.isInternal && auth.companyId === r.companyId) ? undefined : refuse(),
  'note.staffNote': internalOnly,
  'client.create': (auth) => (auth.isInternal && !auth.isStaff ? refuse() : undefined),
  'report.viewFees': (auth) => internalPermission(auth, 'view_fees'),
  'report.viewCompanyCounts': (auth) => internalPermission(auth, 'view_company_counts'),
  'role.manage': (auth) => (isInternalAdmin(auth) ? undefined : refuse()),
  'client.seeSsn': (auth) => (auth.isInternal && !auth.isStaff ? refuse() : undefined),
  'user.see': (auth, r) =>
    RULES['company.reach'](auth, r) ??
    (auth.isInternal || auth.isStaff || r.id === auth.userId ? undefined : refuse()),
  'user.list': (auth, r) =>
    RULES['company.reach'](auth, r) ?? (auth.isInternal || auth.isStaff ? undefined : refuse()),
  'user.add': (auth, r) =>
    auth.isInternal || auth.companyId === r.companyId ? undefined : refuse(USER_MSG.ownCompanyOnly),
  'user.unlimitedEmailAnswers': internalOnly,
  'user.update': (auth, change) => {
    const message = userChangeRefusal(auth, change);
    return message ? refuse(message) : undefined;
  },
  'dashboard.viewAs': (auth, r) => (r.userId === auth.userId || auth.isStaff ? undefined : refuse()),
};

export const ABILITIES = Object.keys(RULES) as Ability[];

function verdict<A extends Ability>(auth: Auth, ability: A, record: RecordArg<A>): Verdict {
  return RULES[ability](auth, record[0] as AbilityRecords[A]);
}

/** May this caller do `ability` (to `record`)? For shaping answers; use authorize to refuse. */
export function can<A extends Ability>(auth: Auth, ability: A, ...record: RecordArg<A>): boolean {
  return verdict(auth, ability, record) === undefined;
}

/**
 * Why the caller may not do `ability` (to `record`), or undefined when they may: for an answer that lists
 * every refused row at once (the invite grid) instead of stopping at the first.
 */
export function refusalOf<A extends Ability>(
  auth: Auth,
  ability: A,
  ...record: RecordArg<A>
): string | undefined {
  const refusal = verdict(auth, ability, record);
  return refusal && (refusal.message ?? MSG.notAllowed);
}

/** Throws 403 (or 404 for another firm's record) when the caller may not do `ability`. */
export function authorize<A extends Ability>(auth: Auth, ability: A, ...record: RecordArg<A>): void {
  const refusal = verdict(auth, ability, record);
  if (!refusal) return;
  throw refusal.status === 404 ? notFound() : forbidden(refusal.message);
}

/** What the caller may do anywhere, sent with the current user so the UI shows only what works. */
export function callerAbilities(auth: Auth): CallerAbilities {
  return {
    choose_main_contact: can(auth, 'request.chooseMainContact'),
    is_internal_staff: isInternalStaff(auth),
    view_fees: can(auth, 'report.viewFees'),
    view_company_counts: can(auth, 'report.viewCompanyCounts'),
    manage_roles: can(auth, 'role.manage'),
  };
}

/** What the caller may do with a company they can reach, sent with the company. */
export function companyAbilities(auth: Auth, companyId: number): CompanyAbilities {
  return {
    can_manage: can(auth, 'company.manage', { companyId }),
    can_edit_pricing: can(auth, 'company.editPricing'),
    can_delete: isInternalStaff(auth),
  };
}

/** What the caller may do with a file of a request they can see, sent with the file. */
export function fileAbilities(auth: Auth, file: { verifiedById: number | null }): FileAbilities {
  return {
    can_change_verification: can(auth, 'file.verify', file),
    can_archive: can(auth, 'file.archive'),
  };
}

/** What the caller may do with a request they can see, sent with the request so the UI hides the rest. */
export function requestAbilities(auth: Auth, status: RequestStatus): RequestAbilities {
  return {
    can_edit: can(auth, 'request.edit', { status }),
    can_delete: can(auth, 'request.delete', { status }),
    can_add_note: true,
    can_upload_supporting: true,
    is_internal_staff: isInternalStaff(auth),
  };
}
