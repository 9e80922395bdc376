import { z } from 'zod';
import { errorWithDetails } from './api-shapes';
import { INVITE_GRID_ROWS } from './constants';
import { INVALID_EMAIL_MESSAGE, isPlainEmail, OptionalPlainEmailSchema } from './email-address';
import { AutoApproveLimitSchema } from './fees/approval';
import { FollowUpDaysSchema, FollowUpEverySchema } from './follow-ups';
import { IdSchema } from './ids';
import { AmountSchema, parseCents } from './money';
import { nameProblem, PERSON_NAME_LIMITS } from './name-rules';
import { optionalPersonNameSchema } from './names';
import { StaleAfterSchema } from './outcomes';

/**
 * Companies (law firms and the retrieval company) and their users: the company form's fields, the
 * invite grid's rules (spec section 5), and the payloads and responses of the company and user calls.
 */
export const COMPANY_MSG = {
  nameRequired: 'Company name is required.',
  invalidEmail: INVALID_EMAIL_MESSAGE,
  invalidPrice: 'Request price must be a number of at least 0 with at most two decimals.',
  priceStaffOnly: 'Only Direct Docs staff can change the request price or the automatic surcharge.',
  internalCompany: 'The Direct Docs company cannot be deleted.',
  hasRecords: 'This company still has billings or other records, so it cannot be deleted.',
  deleted: 'Deleted',
} as const;

export const companyInUseMessage = (users: number, clients: number) =>
  `This company still has ${users} user${users === 1 ? '' : 's'} and ${clients} client${clients === 1 ? '' : 's'}. ` +
  'Remove them before deleting the company.';

export const USER_MSG = {
  emailRequired: 'Email is required.',
  companyRequired: 'Choose the company the user belongs to.',
  ownCompanyOnly: 'You can only manage users of your own company.',
  cannotMove: 'A user cannot be moved to another company.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotRemoveOwnAccess: 'You cannot remove your own admin access.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  deleted: 'Deleted',
  deactivated:
    'This user has requests, notes or file history, so the account was deactivated instead of deleted.',
  concurrentChange: 'Someone else changed these users at the same time. Reload the page and try again.',
  internalAdminOnly: 'Only a Direct Docs administrator can add, change or remove Direct Docs users.',
  morePrivileged: 'You cannot change a user who has more access than you.',
  cannotGrantMore: 'You cannot give a user more access than you have.',
  privilegedEmailAdminOnly:
    'Only a Direct Docs administrator can change the e-mail address of a user with admin access.',
  tooManyInvites: 'Too many invitations in the last hour. Please wait a while and try again.',
  tooManyExistingEmails:
    'Too many checks of e-mail addresses in the last hour. Please wait a while and try again.',
  tooManyRows: `The invite grid holds at most ${INVITE_GRID_ROWS} rows.`,
} as const;

export const invalidEmailRowMessage = (row: number, email: string) =>
  `Row ${row}: ${email} is not a valid email address.`;
export const duplicateEmailRowMessage = (row: number, email: string) =>
  `Row ${row}: ${email} is already used in another row.`;

/** The invitation link in the e-mail works once and for this many hours. */
export const INVITE_LINK_HOURS = 72;
/** The most rows one save of the invite grid may carry: the grid's own 300 (it also bounds how many addresses one call can test). */
export const INVITE_MAX_ROWS = INVITE_GRID_ROWS;
export const COMPANY_PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;

/** One plain address (the shared rule of every e-mail field, see email-address.ts). */
export const isEmailAddress = (value: string) => isPlainEmail(value.trim());

/** The highest request price a firm can be given: $1,000,000. */
const MAX_PRICE_CENTS = 100_000_000;

/** A request price: a finite number, at least 0, with at most two decimals. */
export function isValidPrice(value: number): boolean {
  const amount = parseCents(value);
  return amount !== null && amount >= 0 && amount <= MAX_PRICE_CENTS;
}

// ---- The invite grid -------------------------------------------------------------------------

export const INVITE_COLUMNS = [
  { key: 'first_name', title: 'First Name' },
  { key: 'last_name', title: 'Last Name' },
  { key: 'email', title: 'Email' },
  { key: 'phone_number', title: 'Phone Number' },
  { key: 'admin_access', title: 'Admin Access' },
  { key: 'active', title: 'Active' },
] as const;
export type InviteColumn = (typeof INVITE_COLUMNS)[number]['key'];
export type InviteRow = Partial<Record<InviteColumn, string | null>>;

/** 'TRUE' in any case (spaces around ignored) gives admin (staff) access; anything else does not. */
export const isAdminAccessCell = (cell: string | null | undefined) =>
  (cell ?? '').trim().toUpperCase() === 'TRUE';
/** A user is active unless the cell says 'FALSE' (any case). */
export const isActiveCell = (cell: string | null | undefined) =>
  (cell ?? '').trim().toUpperCase() !== 'FALSE';

export interface InviteUser {
  /** 1-based position in the grid, for messages. */
  row: number;
  first_name: string;
  last_name: string;
  /** Trimmed and lower-cased: users are matched by e-mail ignoring case. */
  email: string;
  /** The e-mail as typed (trimmed), for messages. */
  typed_email: string;
  phone_number: string | null;
  is_staff: boolean;
  is_active: boolean;
}

/** Names in the grid are plain text like every user name (the invitation quotes them); blank is fine. */
const rowNameProblem = (row: InviteRow) =>
  nameProblem(row.first_name ?? '', 'First name', PERSON_NAME_LIMITS, true) ??
  nameProblem(row.last_name ?? '', 'Last name', PERSON_NAME_LIMITS, true);

/**
 * The spec's grid rules: rows without an e-mail are skipped; Admin Access 'TRUE' means staff; Active is
 * false only when the cell says 'FALSE'. Invalid and repeated e-mails are reported by row.
 */
export function parseInviteRows(rows: readonly InviteRow[]): { users: InviteUser[]; errors: string[] } {
  const users: InviteUser[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const typed = (row.email ?? '').trim();
    if (!typed) return;
    const email = typed.toLowerCase();
    if (!isEmailAddress(typed)) {
      errors.push(invalidEmailRowMessage(index + 1, typed));
      return;
    }
    if (seen.has(email)) {
      errors.push(duplicateEmailRowMessage(index + 1, typed));
      return;
    }
    seen.add(email);
    const nameError = rowNameProblem(row);
    if (nameError) {
      errors.push(`Row ${index + 1}: ${nameError}`);
      return;
    }
    users.push({
      row: index + 1,
      first_name: (row.first_name ?? '').trim(),
      last_name: (row.last_name ?? '').trim(),
      email,
      typed_email: typed,
      phone_number: (row.phone_number ?? '').trim() || null,
      is_staff: isAdminAccessCell(row.admin_access),
      is_active: isActiveCell(row.active),
    });
  });
  return { users, errors };
}

// ---- Schemas ---------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max).nullish();

/** POST /api/home/company/ and /{id}/: fields left out keep their value on update. */
export const CompanyBodySchema = z.object({
  name: text(200),
  admin_name: text(200),
  admin_email: OptionalPlainEmailSchema,
  admin_phone: text(50),
  admin_fax: text(50),
  address_1: text(200),
  address_2: text(200),
  city: text(100),
  state: text(50),
  zip_code: text(20),
  phone_number: text(50),
  fax_number: text(50),
  request_price: z.union([z.number(), z.string().trim().max(20)]).nullish(),
  release_form_url: text(1000),
  auto_surcharge: z.boolean().nullish(),
  /** Follow-ups to providers: business days after the first send ("7, 14, 21" or [7, 14, 21]), then every N. */
  follow_up_days: FollowUpDaysSchema.nullish(),
  follow_up_every: FollowUpEverySchema.nullish(),
  /** A provider charge above this waits for the firm's approval; '' or null: no charge does. */
  auto_approve_limit: AutoApproveLimitSchema,
  /** An open request unanswered by its provider this many business days is offered for cancellation. */
  stale_after_business_days: StaleAfterSchema.nullish(),
});
export type CompanyBody = z.infer<typeof CompanyBodySchema>;

/** What the caller may do with the company (decided by the server's policy module). */
export const CompanyAbilitiesSchema = z.object({
  /** Edit its details and invite or view as its users. */
  can_manage: z.boolean(),
  can_edit_pricing: z.boolean(),
  can_delete: z.boolean(),
});
export type CompanyAbilities = z.infer<typeof CompanyAbilitiesSchema>;

export const CompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  admin_name: z.string().nullable(),
  admin_email: z.string().nullable(),
  admin_phone: z.string().nullable(),
  admin_fax: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  fax_number: z.string().nullable(),
  request_price: AmountSchema,
  release_form_url: z.string().nullable(),
  /** Only internal-company callers receive it. */
  auto_surcharge: z.boolean().optional(),
  follow_up_days: z.array(z.number()),
  follow_up_every: z.number(),
  auto_approve_limit: AmountSchema.nullable(),
  stale_after_business_days: z.number(),
  /** The retrieval company itself, whose form has fewer fields. */
  is_internal: z.boolean(),
  abilities: CompanyAbilitiesSchema,
});
export type Company = z.infer<typeof CompanySchema>;

/** GET /api/home/company/{id}/: 'a list whose first item has company'. */
export const CompanyDetailSchema = z.array(z.object({ company: CompanySchema }));
export const CompanySavedSchema = z.object({ success: z.string(), id: z.number(), company: CompanySchema });
export type CompanySaved = z.infer<typeof CompanySavedSchema>;

/** A row of /companyList/ (GET /api/companies/), counts computed by the database. */
export const CompanyListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  users_count: z.number(),
  requests_count: z.number(),
  open_requests_count: z.number(),
});
export type CompanyListItem = z.infer<typeof CompanyListItemSchema>;

/** A user as the user calls return it: never a password hash or token. */
export const ManagedUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  company_id: z.number(),
  role_id: z.number().nullable(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  is_admin_user: z.boolean(),
  /** Invited but has not chosen a password yet. */
  invite_pending: z.boolean(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;
export const ManagedUserListSchema = z.array(z.object({ User: ManagedUserSchema }));

/** POST /api/user/user/ (create; an existing user of the same company is updated) and /{id}/. */
export const UserBodySchema = z.object({
  first_name: optionalPersonNameSchema('First name'),
  last_name: optionalPersonNameSchema('Last name'),
  email: OptionalPlainEmailSchema,
  phone_number: text(50),
  company_id: IdSchema.nullish(),
  is_staff: z.boolean().nullish(),
  is_active: z.boolean().nullish(),
});
export type UserBody = z.infer<typeof UserBodySchema>;
export const UserSavedSchema = ManagedUserSchema.extend({ created: z.boolean() });

const cell = z.string().max(254).nullish();
export const InviteBodySchema = z.object({
  company_id: IdSchema,
  rows: z
    .array(
      z.object({
        first_name: cell,
        last_name: cell,
        email: cell,
        phone_number: cell,
        admin_access: cell,
        active: cell,
      }),
    )
    .max(INVITE_MAX_ROWS, { error: USER_MSG.tooManyRows }),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

export const InviteResultSchema = z.object({
  success: z.string(),
  created: z.number(),
  updated: z.number(),
  /** Users missing from the grid that were deleted. */
  removed: z.number(),
  /** Users missing from the grid that had history, so were deactivated instead. */
  deactivated: z.number(),
});
export type InviteResult = z.infer<typeof InviteResultSchema>;

/** The 400 of the invite grid: every problem, one message each. */
export const InviteErrorSchema = errorWithDetails({ errors: z.array(z.string()) });
