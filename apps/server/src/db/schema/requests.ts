import {
  cents,
  FEE_MEDIA,
  LEGAL_BASES,
  OPEN_STATUSES,
  RECORD_RECEIPTS,
  REJECTION_REASONS,
  REQUEST_STATUSES,
} from '@dd/shared';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { nonNegative, oneOf } from './checks';
import { companies } from './companies';
import { centsColumn } from './money';
import { patients } from './patients';
import { providers } from './providers';
import { firmKey, tenantColumn } from './tenant';
import { userDirectory } from './users';

/**
 * Records requests (one patient, one provider) and the request types they can ask for.
 * Ages such as days_old or days_to_receive are not stored; queries compute them from the dates.
 */
export const requestTypes = pgTable('request_types', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  /** False once an administrator deleted a type that requests still use: off the form, kept on them. */
  active: boolean('active').notNull().default(true),
});

/** New requests draw their internal number from here; split requests set '10001-1' style values. */
export const requestInternalNumberSeq = pgSequence('request_internal_number_seq', { startWith: 10001 });

/**
 * The numeric part of an internal number, so '9999' sorts before '10001' and '10001-2' after '10001': the
 * list's internal-number ordering (requests.filters.queries.ts) and its index are this one expression.
 */
export const internalNumberValue = (internalNumber: AnyPgColumn) =>
  sql`(nullif(regexp_replace(split_part(${internalNumber}, '-', 1), '[^0-9]', '', 'g'), '')::bigint)`;

/**
 * The columns the staff list's filters read (requests.staff-filters.queries.ts), kept after the key of its
 * indexes so a filtered walk reads no table rows.
 */
type FilterColumn =
  | 'providerId'
  | 'userId'
  | 'requesterId'
  | 'patientId'
  | 'companyId'
  | 'workingOnId'
  | 'status'
  | 'rush'
  | 'nextTodoDate'
  | 'closedDate'
  | 'completedDate'
  | 'newProvider';
const staffFilterColumns = (t: Record<FilterColumn, AnyPgColumn>): AnyPgColumn[] => [
  t.providerId,
  t.userId,
  t.requesterId,
  t.patientId,
  t.companyId,
  t.workingOnId,
  t.status,
  t.rush,
  t.nextTodoDate,
  t.closedDate,
  t.completedDate,
  t.newProvider,
];

/** Money in whole cents. */
const money = (name: string) => centsColumn(name).notNull().default(cents(0));

export const requests = pgTable(
  'requests',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    internalNumber: text('internal_number')
      .notNull()
      .default(sql`(nextval('request_internal_number_seq'))::text`),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('Requested By Lawyer'),
    /**
     * The chosen types' names joined by ', ' in their order: a copy of request_type_choices kept for
     * display, sorting and filtering (docs/decisions/018). Written only with the choices
     * (modules/requests/requests.types.ts); never split back into names.
     */
    requestType: text('request_type').notNull().default(''),
    rush: boolean('rush').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    specialInstructions: text('special_instructions'),
    intakeFormUrl: text('intake_form_url'),
    hipaaConsentUrl: text('hipaa_consent_url'),
    attorneyName: text('attorney_name'),
    price: money('price'),
    providerCost: money('provider_cost'),
    pageFee: money('page_fee'),
    /** What the provider's charge was for: its page count and medium, checked against the fee caps. */
    providerPages: integer('provider_pages'),
    providerMedium: text('provider_medium', { enum: FEE_MEDIA }),
    /** The clerical time and postage the provider itemized: a subpoena's costs allow them in some states. */
    providerClericalMinutes: integer('provider_clerical_minutes'),
    providerPostage: money('provider_postage'),
    requisitionId: text('requisition_id'),
    /** False once deleted by a user while it had work on it (requests.delete.ts): hidden from every list. */
    active: boolean('active').notNull().default(true),
    /** The staff's archive state shown on the Request Details Center; the request stays visible. */
    archived: boolean('archived').notNull().default(false),
    newProvider: boolean('new_provider').notNull().default(false),
    /** When staff next look at it: the earliest of its active reminders and its follow-up date; none once
     *  closed (notes.reminders.ts keeps it). The To Do list is every request due on or before today. */
    nextTodoDate: date('next_todo_date', { mode: 'string' }),
    /** The automatic follow-up: due at once when ordered or when the firm writes, some business days after
     *  each staff note without a reminder; a staff reminder replaces it. */
    followUpDate: date('follow_up_date', { mode: 'string' }),
    /** The right under which the provider must answer (docs/deadlines.md). */
    legalBasis: text('legal_basis', { enum: LEGAL_BASES }).notNull().default('authorization'),
    /** The day the provider must answer by and the id of the rule that set it (deadlines/rules.ts in
     *  @dd/shared): set at the first send, moved by pauses and an extension (requests.deadline.ts). */
    dueDate: date('due_date', { mode: 'string' }),
    deadlineRule: text('deadline_rule'),
    /** The day the provider's written notice of an extension was recorded. */
    extensionNoticeOn: date('extension_notice_on', { mode: 'string' }),
    /** Why the provider rejected the request, while it waits for the fix and a resend (decision 058). */
    rejectionReason: text('rejection_reason', { enum: REJECTION_REASONS }),
    /** The day the firm chose to keep waiting on a stale request: staleness counts again from it. */
    staleKeptWaitingOn: date('stale_kept_waiting_on', { mode: 'string' }),
    /** When the documents were sent to the law firm. */
    receivedDocumentAt: timestamp('received_document_at', { withTimezone: true }),
    /** The newest note's time, kept by the trigger notes_touch_request (migration 0010): the data
     *  dashboard's 'Note > N days' cards read it instead of searching the notes. */
    lastNoteAt: timestamp('last_note_at', { withTimezone: true }),
    /** What its billed invoice lines add up to (none billed: null), kept by the trigger
     *  invoices_billed_price (migration 0013) so the dashboard's fees need no join. */
    billedPrice: centsColumn('billed_price'),
    firstDownloadedAt: timestamp('first_downloaded_at', { withTimezone: true }),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    /** Main contact (usually a paralegal). */
    userId: integer('user_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    requesterId: integer('requester_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    /** The patient's company, copied here for tenant scoping; the composite key keeps it in step. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The internal staff member who claimed the request. */
    workingOnId: integer('working_on_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedDate: timestamp('completed_date', { withTimezone: true }),
    closedDate: timestamp('closed_date', { withTimezone: true }),
  },
  (t) => [
    // The firm is part of the key, as a distributed database needs (docs/scale.md, rule 1); the id first,
    // so a lookup by id alone still walks this index.
    primaryKey({ name: 'requests_pkey', columns: [t.id, t.companyId] }),
    check('requests_status_ck', oneOf(t.status, REQUEST_STATUSES)),
    check('requests_legal_basis_ck', oneOf(t.legalBasis, LEGAL_BASES)),
    check('requests_rejection_reason_ck', oneOf(t.rejectionReason, REJECTION_REASONS)),
    check('requests_provider_medium_ck', oneOf(t.providerMedium, FEE_MEDIA)),
    check('requests_provider_pages_ck', sql`${t.providerPages} >= 0`),
    check('requests_provider_clerical_minutes_ck', sql`${t.providerClericalMinutes} >= 0`),
    check('requests_provider_postage_ck', sql`${t.providerPostage} >= 0`),
    check('requests_money_ck', nonNegative(t.price, t.providerCost, t.pageFee)),
    // The staff list's finished-by filters rely on it to start their walk at that day.
    check(
      'requests_finished_after_created_ck',
      sql`${t.completedDate} >= ${t.createdAt} and ${t.closedDate} >= ${t.createdAt}`,
    ),
    firmKey('requests_patient_company_fk', [t.patientId, t.companyId], patients),
    index('requests_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst()),
    // Firm dashboard (modules/dashboard): counts and filters of active requests as index-only scans.
    index('requests_dashboard_idx')
      .on(t.companyId, t.status, t.createdAt, t.userId, t.requesterId, t.patientId, t.providerId)
      .where(sql`${t.active}`),
    index('requests_company_status_idx').on(t.companyId, t.status),
    index('requests_company_user_idx').on(t.companyId, t.userId),
    index('requests_company_end_date_idx').on(t.companyId, t.endDate),
    index('requests_status_idx').on(t.status),
    // A provider's requests by id: the data administration's search collects the newest ids of every
    // provider a name matches from this index alone (thousands of providers for a common name).
    index('requests_provider_id_idx').on(t.providerId, t.id),
    index('requests_patient_idx').on(t.patientId),
    index('requests_requester_idx').on(t.requesterId),
    index('requests_working_on_idx').on(t.workingOnId),
    index('requests_created_idx').on(t.createdAt),
    index('requests_completed_idx').on(t.completedDate),
    index('requests_closed_idx').on(t.closedDate),
    // The staff list's finished-date ranges: their counts read these alone (the creation date bounds them
    // too, requests_finished_after_created_ck).
    index('requests_staff_completed_idx')
      .on(t.completedDate, t.createdAt)
      .where(sql`${t.active} and not ${t.archived} and ${t.completedDate} is not null`),
    index('requests_staff_closed_idx')
      .on(t.closedDate, t.createdAt)
      .where(sql`${t.active} and not ${t.archived} and ${t.closedDate} is not null`),
    /** The data dashboard's turnaround trend: documents received per week. */
    index('requests_received_idx').on(t.receivedDocumentAt),
    /** Finished requests newest first (completed-with-fees report) and closed per week (charts). */
    index('requests_finished_idx')
      .on(sql`coalesce(${t.closedDate}, ${t.completedDate}) desc nulls last`, t.id.desc())
      .where(sql`${t.active}`),
    /** A law firm's requests finished lately (the staff report's closed cards read no older ones). */
    index('requests_company_finished_idx')
      .on(t.companyId, sql`coalesce(${t.closedDate}, ${t.completedDate})`)
      .where(sql`${t.active}`),
    // The staff list (GET /api/home/request/ for Direct Docs staff): active, unarchived requests across
    // every firm, each ordering and common filter walking an index in order (bench/staff-list.ts).
    // The trailing columns (after the unique id, so they never change the order) hold every column a
    // filter of the screen reads, so a filtered page or count finds its rows in the index alone
    // (requestPageQuery's first step; decision 046).
    index('requests_staff_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...staffFilterColumns(t))
      .where(sql`${t.active} and not ${t.archived}`),
    // The same for the Archived view (a small share of the rows).
    index('requests_staff_archived_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...staffFilterColumns(t))
      .where(sql`${t.active} and ${t.archived}`),
    index('requests_staff_archived_patient_idx')
      .on(t.patientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active} and ${t.archived}`),
    // The Next Reminder column, each way, for both views (the leading boolean is fixed by the query).
    index('requests_staff_reminder_asc_idx')
      .on(
        t.archived,
        sql`${t.nextTodoDate} asc nulls last`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.active}`),
    index('requests_staff_reminder_desc_idx')
      .on(
        t.archived,
        sql`${t.nextTodoDate} desc nulls last`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.active}`),
    // The Legal Due Date column, each way, for both views: a page of the nearest (or furthest) due dates.
    index('requests_staff_due_asc_idx')
      .on(
        t.archived,
        sql`${t.dueDate} asc nulls last`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.active}`),
    index('requests_staff_due_desc_idx')
      .on(
        t.archived,
        sql`${t.dueDate} desc nulls last`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.active}`),
    // The list API's internal-number ordering, either way (read backwards for descending).
    index('requests_staff_internal_number_idx')
      .on(internalNumberValue(t.internalNumber), t.internalNumber)
      .where(sql`${t.active} and not ${t.archived}`),
    // Requests flagged as to a new provider: with the provider index, "new provider" is two index reads.
    index('requests_staff_new_provider_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.newProvider} and ${t.active} and not ${t.archived}`),
    // Numbers come from one sequence for every firm (a split's parts extend their request's), so they are
    // unique everywhere; the index names the firm as a distributed table's must (docs/scale.md).
    uniqueIndex('requests_internal_number_uq').on(t.internalNumber, t.companyId),
    // "Internal number contains" (staff list) and the data administration's search.
    index('requests_internal_number_trgm_idx').using('gin', t.internalNumber.op('gin_trgm_ops')),
    // Form links (POST /getFileUrl/): few requests carry one.
    index('requests_hipaa_consent_url_idx')
      .on(t.hipaaConsentUrl)
      .where(sql`${t.hipaaConsentUrl} is not null`),
    index('requests_intake_form_url_idx').on(t.intakeFormUrl).where(sql`${t.intakeFormUrl} is not null`),
    // The list API's exact start and end date filters (a record's history, the spec's calls).
    index('requests_start_date_idx').on(t.startDate),
    index('requests_end_date_idx').on(t.endDate),
    index('requests_staff_todo_idx')
      .on(t.rush.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active} and not ${t.archived} and ${t.nextTodoDate} is not null`),
    index('requests_staff_todo_date_idx')
      .on(t.nextTodoDate, t.rush)
      .where(sql`${t.active} and not ${t.archived}`),
    index('requests_staff_status_idx')
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active} and not ${t.archived}`),
    index('requests_staff_rush_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.rush} and ${t.active} and not ${t.archived}`),
    // A client's requests with the filters' columns: a client-name search combined with any filter
    // counts its matches in the index alone.
    index('requests_staff_patient_idx')
      .on(
        t.patientId,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        ...staffFilterColumns(t).filter((c) => c !== t.patientId),
      )
      .where(sql`${t.active} and not ${t.archived}`),
    index('requests_staff_company_idx')
      .on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active} and not ${t.archived}`),
    index('requests_staff_working_on_idx')
      .on(t.workingOnId, t.status)
      .where(sql`${t.active} and not ${t.archived}`),
    index('requests_staff_provider_idx').on(t.providerId).where(sql`${t.active} and not ${t.archived}`),
    index('requests_staff_user_idx').on(t.userId).where(sql`${t.active} and not ${t.archived}`),
    index('requests_staff_requester_idx').on(t.requesterId).where(sql`${t.active} and not ${t.archived}`),
    index('requests_user_idx').on(t.userId),
    // Open requests with every column the report cards read (modules/reports/card-rules.queries.ts): the
    // data dashboard's first load, the assignment table and each report's open cards are index-only
    // scans of this small index instead of reads scattered over the whole table.
    index('requests_open_cards_idx')
      .on(
        t.workingOnId,
        t.companyId,
        t.status,
        t.rush,
        t.createdAt,
        t.nextTodoDate,
        t.lastNoteAt,
        t.receivedDocumentAt,
        t.closedDate,
        t.completedDate,
        t.userId,
        t.providerId,
        // Last, for the reminder check of each open request, so the dashboard's pass stays index-only.
        t.id,
      )
      .where(sql`${t.active} and ${oneOf(t.status, OPEN_STATUSES)}`),
    // `?deadline_status=`: a range of due dates among open requests that have one.
    index('requests_due_date_open_idx')
      .on(t.dueDate)
      .where(sql`${t.active} and ${t.dueDate} is not null and ${oneOf(t.status, OPEN_STATUSES)}`),
    // The staff list filtered by deadline (on track, due soon, overdue, very overdue), newest first: the
    // walk reads these entries alone instead of every recent request (the newest are rarely overdue yet).
    index('requests_staff_due_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.dueDate)
      .where(
        sql`${t.active} and not ${t.archived} and ${t.dueDate} is not null and ${oneOf(t.status, OPEN_STATUSES)}`,
      ),
    // The escalation counts (due soon and overdue per staff member and per firm): the due dates up to
    // "soon" with the columns they are grouped and filtered by, counted in the index alone.
    index('requests_due_date_escalation_idx')
      .on(t.dueDate, t.workingOnId, t.companyId, t.archived)
      .where(sql`${t.active} and ${t.dueDate} is not null and ${oneOf(t.status, OPEN_STATUSES)}`),
  ],
);

/**
 * The request types a request asks for, in the order chosen. Part of the request: removed with it (a
 * split's emptied original, an untouched request deleted for good). A type in use cannot be removed.
 */
export const requestTypeChoices = pgTable(
  'request_type_choices',
  {
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    companyId: tenantColumn(),
    requestTypeId: integer('request_type_id')
      .notNull()
      .references(() => requestTypes.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /** What arrived of this category (completeness.ts in @dd/shared); null until staff mark it. */
    receipt: text('receipt', { enum: RECORD_RECEIPTS }),
    receiptAt: timestamp('receipt_at', { withTimezone: true }),
    receiptById: integer('receipt_by_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'request_type_choices_pkey', columns: [t.requestId, t.companyId, t.requestTypeId] }),
    firmKey('request_type_choices_request_fk', [t.requestId, t.companyId], requests).onDelete('cascade'),
    check('request_type_choices_position_ck', nonNegative(t.position)),
    check(
      'request_type_choices_receipt_ck',
      sql`${t.receipt} is null or ${oneOf(t.receipt, RECORD_RECEIPTS)}`,
    ),
    // "Is this type used?" (deleting a type) and the foreign key's own check.
    index('request_type_choices_type_idx').on(t.requestTypeId),
  ],
);
