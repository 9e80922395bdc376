import { z } from 'zod';
import { errorWithDetails } from './api-shapes';
import { DEADLINE_STATUSES, LEGAL_BASES } from './deadlines';
import { RequestFileSchema } from './files';
import { isDashDate } from './format';
import { IdSchema, isId } from './ids';
import { dateFieldFormatMessage, MSG, requiredFieldMessage } from './messages';
import { AmountSchema } from './money';
import { ClientSchema } from './patients';
import { ProviderSchema } from './providers';
import { REQUEST_STATUSES } from './statuses';

/**
 * Records requests: the submit/edit payload and its validation (the same messages in the form and on
 * the server), request types, notes, and the response shapes of the request calls.
 */

/** Ids arrive as numbers from the form and as text from query strings; anything else counts as missing. */
const looseId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return isId(n) ? n : null;
  });

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/** 'A, B' or ['A', 'B'] -> ['A', 'B'] (trimmed, no blanks, no repeats). */
export function splitRequestTypes(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
}

export const joinRequestTypes = (types: readonly string[]) => types.join(', ');

export const RequestBodySchema = z.object({
  /** Main contact; only staff may choose someone other than themselves. */
  user: looseId,
  patient: looseId,
  /** One or more provider ids (a single id is accepted too). */
  provider: z
    .union([z.array(z.union([z.number(), z.string()])).max(100), z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => {
      const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      const ids = list.map(Number).filter(isId);
      return [...new Set(ids)];
    }),
  start_date: optionalText(20),
  end_date: optionalText(20),
  rush: z.boolean().default(false),
  request_type: z
    .union([z.string().max(2000), z.array(z.string().max(200)).max(50), z.null()])
    .optional()
    .transform(splitRequestTypes),
  hipaa_consent_url: optionalText(2000),
  intake_form_url: optionalText(2000),
  attorney_name: optionalText(200),
  special_instructions: optionalText(5000),
  /** The right under which the provider must answer (docs/deadlines.md); a new request defaults to authorization. */
  legal_basis: z.enum(LEGAL_BASES).optional(),
  /** Create even when the same client, main contact and dates already have a request with a chosen provider. */
  override_duplicates: z.boolean().optional(),
  /**
   * Internal staff creating the copies of a request they split (the staff spec's split: create the
   * copies, then delete the original) send the original's number (or it plus '-N'): that request does
   * not count as a duplicate of its own copies. The copies are numbered as any new request.
   */
  internal_number: optionalText(50),
});
export type RequestBodyInput = z.input<typeof RequestBodySchema>;
export type RequestBody = z.output<typeof RequestBodySchema>;

/** Year (4 digits), month and day (1-2 digits), dash separated, and a real calendar date. */
export function isRequestDate(value: string): boolean {
  if (!isDashDate(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** '2020-7-3' -> '2020-07-03' (call after isRequestDate). */
export function normalizeRequestDate(value: string): string {
  const [y, m, d] = value.split('-');
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

export interface RequestValidationFailure {
  /** The first problem, in the spec's order. */
  error: string;
  /** Every problem by payload field name. */
  fields: Record<string, string>;
}

/**
 * The request form's rules in order: patient, provider, main contact / start / end required, then the
 * date formats. The server runs the same function, so both show the same messages.
 */
export const endBeforeStartMessage = 'The end date cannot be before the start date.';

const endsBeforeStart = (start: string | null, end: string | null) =>
  !!start &&
  !!end &&
  isRequestDate(start) &&
  isRequestDate(end) &&
  normalizeRequestDate(end) < normalizeRequestDate(start);

export function validateRequestInput(input: {
  patient: number | null;
  provider: readonly number[];
  user: number | null;
  start_date: string | null;
  end_date: string | null;
}): RequestValidationFailure | null {
  const checks: [field: string, failed: boolean, message: string][] = [
    ['patient', !input.patient, MSG.noPatient],
    ['provider', input.provider.length === 0, MSG.noProvider],
    ['user', !input.user, requiredFieldMessage('Main Contact')],
    ['start_date', !input.start_date, requiredFieldMessage('Start Date')],
    ['end_date', !input.end_date, requiredFieldMessage('End Date')],
    [
      'start_date',
      !!input.start_date && !isRequestDate(input.start_date),
      dateFieldFormatMessage('Start Date'),
    ],
    ['end_date', !!input.end_date && !isRequestDate(input.end_date), dateFieldFormatMessage('End Date')],
    ['end_date', endsBeforeStart(input.start_date, input.end_date), endBeforeStartMessage],
  ];
  const fields: Record<string, string> = {};
  for (const [field, failed, message] of checks) if (failed) fields[field] ??= message;
  const first = checks.find(([, failed]) => failed);
  return first ? { error: first[2], fields } : null;
}

export const duplicateRequestMessage = (providerNames: readonly string[]) =>
  `A request already exists for this client, main contact and dates with: ${providerNames.join(', ')}.`;
/** 409 on an order that repeats an open request: the providers it repeats (override_duplicates orders anyway). */
export const DuplicateRequestsSchema = errorWithDetails({ duplicates: z.array(z.string()) });

export const chooseOneProviderMessage = 'Choose one provider when editing a request.';
/** An edit keeps a request with its law firm: its notes, files and invoices belong to that firm. */
export const clientOfSameFirmMessage = 'Choose a client of the same law firm: a request stays with its firm.';
export const mainContactNotInFirmMessage =
  'The main contact must be an active user of the client’s law firm.';
export const providerMissingMessage = (id: number) =>
  `Provider ${id} could not be found. Please review your selection.`;
/** A request type name the request body chose that is not (or no longer) on the list of request types. */
export const requestTypeMissingMessage = (names: readonly string[]) =>
  `Request ${names.length === 1 ? 'type' : 'types'} ${names.map((n) => `'${n}'`).join(', ')} could not be found. Please review your selection.`;

/** The confirmation after a submit: how many providers the request went to. */
export const requestsSubmittedMessage = (count: number) =>
  `You submitted a request to ${count} ${count === 1 ? 'provider' : 'providers'}.`;

/** POST /api/home/notes/: text is required; update_status and reminder_date are read for internal staff only. */
export const NoteBodySchema = z.object({
  text: z
    .string({ error: requiredFieldMessage('Note') })
    .trim()
    .min(1, requiredFieldMessage('Note'))
    .max(10_000),
  request: IdSchema,
  update_status: z.string().max(200).nullish(),
  reminder_date: z
    .string()
    .nullish()
    .refine((v) => !v || isRequestDate(v), MSG.dateFormat),
});
export type NoteBody = z.input<typeof NoteBodySchema>;
/** The add-note forms' fields: the note body without the request, which comes from the page. */
export const NoteFormSchema = NoteBodySchema.omit({ request: true });

/* Response shapes. Timestamps are ISO strings; dates are YYYY-MM-DD. */

export const StatusSchema = z.enum(REQUEST_STATUSES);
export const RequestTypeSchema = z.object({ id: z.number(), name: z.string() });
export type RequestType = z.infer<typeof RequestTypeSchema>;

export const UserBriefSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
});
export type UserBrief = z.infer<typeof UserBriefSchema>;

/** GET /api/user/User/: each item holds a User object, as the spec describes the list. */
export const CompanyUserSchema = z.object({
  User: UserBriefSchema.extend({ is_staff: z.boolean(), is_active: z.boolean() }),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;

/** A client as a request shows it: the client's own fields (never the SSN) with its firm. */
export const RequestPatientSchema = ClientSchema.omit({
  company: true,
  has_ssn: true,
  created_at: true,
}).extend({
  company_id: z.number(),
  company: z.object({ id: z.number(), name: z.string() }).optional(),
});
export type RequestPatient = z.infer<typeof RequestPatientSchema>;

/** A request row; patient, provider, user and requester objects appear when asked for with `related`. */
export const RequestSchema = z.object({
  id: z.number(),
  internal_number: z.string(),
  status: StatusSchema,
  /** The chosen type names joined by ', ' (spec); request_types holds the same names one by one. */
  request_type: z.string(),
  request_types: z.array(z.string()),
  rush: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  special_instructions: z.string().nullable(),
  intake_form_url: z.string().nullable(),
  hipaa_consent_url: z.string().nullable(),
  attorney_name: z.string().nullable(),
  price: AmountSchema,
  active: z.boolean(),
  /** Staff are done with it: it leaves the internal lists until made active again. */
  archived: z.boolean(),
  created_at: z.string(),
  completed_date: z.string().nullable(),
  closed_date: z.string().nullable(),
  patient_id: z.number(),
  provider_id: z.number(),
  user_id: z.number().nullable(),
  requester_id: z.number().nullable(),
  company_id: z.number(),
  days_old: z.number(),
  days_to_receive: z.number().nullable(),
  days_to_download: z.number().nullable(),
  received_document: z.boolean(),
  legal_basis: z.enum(LEGAL_BASES),
  /** The day the law gives the provider (YYYY-MM-DD), set at the first send; null before it or while paused. */
  due_date: z.string().nullable(),
  /** The rule that set the due date: its name and citation. */
  deadline_rule: z.string().nullable(),
  /** Where the due date stands in the provider's time zone; null when the request is not running against one. */
  deadline_status: z.enum(DEADLINE_STATUSES).nullable(),
  patient: RequestPatientSchema.optional(),
  provider: ProviderSchema.optional(),
  user: UserBriefSchema.nullable().optional(),
  requester: UserBriefSchema.nullable().optional(),
});
export type RequestRecord = z.infer<typeof RequestSchema>;

export const REQUEST_RELATIONS = ['provider', 'patient', 'user', 'requester', 'patient__company'] as const;
export type RequestRelation = (typeof REQUEST_RELATIONS)[number];

/** The staff member who claimed a request. */
export const WorkingOnSchema = z.object({ id: z.number(), full_name: z.string() });
export type WorkingOn = z.infer<typeof WorkingOnSchema>;

/**
 * GET /api/home/request/ items: the request row plus the to-do date and the claim; `working_on` and the
 * law firm (`company`) appear when `related` asks for working_on and patient__company.
 */
export const RequestListItemSchema = RequestSchema.extend({
  next_todo_date: z.string().nullable(),
  working_on_id: z.number().nullable(),
  working_on: WorkingOnSchema.nullable().optional(),
  company: z.object({ id: z.number(), name: z.string() }).optional(),
});
export type RequestListItem = z.infer<typeof RequestListItemSchema>;

/** Relations the request list expands: the request relations plus the claiming staff member. */
export const REQUEST_LIST_RELATIONS = [...REQUEST_RELATIONS, 'working_on'] as const;
export type RequestListRelation = (typeof REQUEST_LIST_RELATIONS)[number];

export const NoteSchema = z.object({
  id: z.number(),
  text: z.string(),
  update_status: StatusSchema.nullable(),
  previous_status: StatusSchema.nullable(),
  reminder_date: z.string().nullable(),
  created_at: z.string(),
  request: z.number(),
  user: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export type RequestNote = z.infer<typeof NoteSchema>;

/**
 * An invoice line of a request. Law-firm staff receive only the price and whether it was paid; the
 * provider cost, page fee, surcharge and bill are for the internal company. Firm users who are
 * not staff receive no lines.
 */
export const RequestInvoiceSchema = z.object({
  id: z.number(),
  price: AmountSchema,
  is_paid: z.boolean(),
  provider_cost: AmountSchema.optional(),
  page_fee: AmountSchema.optional(),
  auto_added_surcharge: AmountSchema.optional(),
  bill_id: z.number().nullable().optional(),
});
export type RequestInvoice = z.infer<typeof RequestInvoiceSchema>;

/** What the caller may do with a request, computed on the server (the screen only hides buttons). */
export const RequestAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_add_note: z.boolean(),
  can_upload_supporting: z.boolean(),
  is_internal_staff: z.boolean(),
});
export type RequestAbilities = z.infer<typeof RequestAbilitiesSchema>;

/** GET /api/home/request/{id}/: the request with everything the detail and print views show. */
export const RequestDetailSchema = RequestSchema.extend({
  patient: RequestPatientSchema.extend({ company: z.object({ id: z.number(), name: z.string() }) }),
  provider: ProviderSchema,
  user: UserBriefSchema.nullable(),
  requester: UserBriefSchema.nullable(),
  notes: z.array(NoteSchema),
  files: z.array(RequestFileSchema),
  invoices: z.array(RequestInvoiceSchema),
  abilities: RequestAbilitiesSchema,
  /** For internal staff only (never sent to law-firm users): the claim, to-do date and requisition. */
  working_on: WorkingOnSchema.nullable().optional(),
  next_todo_date: z.string().nullable().optional(),
  requisition_id: z.string().nullable().optional(),
  provider_cost: AmountSchema.optional(),
  /** For internal staff only: the first e-mail to the provider has not gone out yet (first-send view). */
  first_send_due: z.boolean().optional(),
});
export type RequestDetail = z.infer<typeof RequestDetailSchema>;
