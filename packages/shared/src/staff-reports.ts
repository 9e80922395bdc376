import { z } from 'zod';
import { type DashboardPeriod, PERIOD_LABELS } from './data-dashboard';
import { DEADLINE_STATUSES, LEGAL_BASES } from './deadlines';

/**
 * Staff reports (staff spec sections 2, 3 and 9): count cards for one employee, law firm,
 * paralegal or provider (or every request), each card opening the table of exactly the requests it
 * counts. A card is a named rule; the server turns each rule into one SQL predicate, used both to count
 * and to list, so a card's figure and its table never disagree.
 */

/** Age thresholds of the staff reports, in days (the data dashboard uses 15, 30 and 45). */
export const REPORT_AGES = [5, 10, 15] as const;
const AGE_WORDS = { 5: 'five', 10: 'ten', 15: 'fifteen', 30: 'thirty', 45: 'fortyfive' } as const;
type Age = keyof typeof AGE_WORDS;

export type CardRule =
  | { kind: 'all' | 'open' | 'closed' | 'new' | 'rush' | 'unassigned' | 'attention' }
  | { kind: 'todayReminder' | 'oldReminder' | 'noReminder' }
  /** Open and ordered more than `days` ago. */
  | { kind: 'age'; days: number }
  /** Open and its newest note (or the request itself, without notes) older than `days`. */
  | { kind: 'noteAge'; days: number }
  | { kind: 'createdIn' | 'closedIn'; period: DashboardPeriod };

interface CardDefinition {
  label: string;
  rule: CardRule;
}

const ageCards = (
  ages: readonly Age[],
  key: (word: string) => string,
  label: string,
  kind: 'age' | 'noteAge',
) =>
  Object.fromEntries(
    ages.map((days) => [key(AGE_WORDS[days]), { label: `${label} > ${days} Days`, rule: { kind, days } }]),
  );

const periodCards = (
  key: (p: DashboardPeriod) => string,
  label: (p: DashboardPeriod) => string,
  kind: 'createdIn' | 'closedIn',
) =>
  Object.fromEntries(
    (['day', 'week', 'month'] as const).map((period) => [
      key(period),
      { label: label(period), rule: { kind, period } },
    ]),
  );

const CREATED_LABELS: Record<DashboardPeriod, string> = {
  day: 'Requests Made Within Last 24 Hours',
  week: 'Requests Made Within Last Week',
  month: 'Requests Made Within Last Month',
};

/** Every card of the staff reports and the data dashboard, by the spec's aggregate names. */
export const CARDS: Record<string, CardDefinition> = {
  all_requests: { label: 'All Requests', rule: { kind: 'all' } },
  open_requests: { label: 'Open Requests', rule: { kind: 'open' } },
  closed_requests: { label: 'Closed Requests', rule: { kind: 'closed' } },
  new_requests: { label: 'New Requests', rule: { kind: 'new' } },
  rush_requests: { label: 'Rush Requests', rule: { kind: 'rush' } },
  unassigned_open_requests: { label: 'Unassigned Requests (Open)', rule: { kind: 'unassigned' } },
  need_your_attention_requests: { label: 'Needs Your Attention', rule: { kind: 'attention' } },
  ...ageCards([5, 10, 15, 30, 45], (w) => `requests_${w}_days_old`, 'Requests', 'age'),
  ...ageCards([5, 10, 15], (w) => `note_${w}_days_old`, 'Note', 'noteAge'),
  ...ageCards([15, 30, 45], (w) => `requests_${w}_days_old_note`, 'Note', 'noteAge'),
  today_reminder_requests: { label: "Today's Reminders", rule: { kind: 'todayReminder' } },
  old_reminder_requests: { label: 'Old Reminders', rule: { kind: 'oldReminder' } },
  requests_without_reminders: { label: 'Requests Without Reminders', rule: { kind: 'noReminder' } },
  ...periodCards(
    (p) => `requests_in_last_${p}`,
    (p) => CREATED_LABELS[p],
    'createdIn',
  ),
  ...periodCards(
    (p) => `closed_requests_in_last_${p}`,
    (p) => `Closed ${PERIOD_LABELS[p]}`,
    'closedIn',
  ),
};
export const CARD_KEYS = Object.keys(CARDS) as [string, ...string[]];

/** The cards of an employee's, firm's, paralegal's or provider's report, in order. */
export const STAFF_REPORT_CARDS = [
  'open_requests',
  'new_requests',
  'rush_requests',
  'need_your_attention_requests',
  'requests_five_days_old',
  'requests_ten_days_old',
  'requests_fifteen_days_old',
  'note_five_days_old',
  'note_ten_days_old',
  'note_fifteen_days_old',
  'today_reminder_requests',
  'old_reminder_requests',
  'requests_without_reminders',
  'closed_requests_in_last_day',
  'closed_requests_in_last_week',
  'closed_requests_in_last_month',
  'all_requests',
] as const;

/** The assignment table's columns: what each employee (and nobody) holds open. */
export const ASSIGNMENT_CARDS = [
  'open_requests',
  'new_requests',
  'rush_requests',
  'need_your_attention_requests',
  'today_reminder_requests',
  'old_reminder_requests',
  'requests_fifteen_days_old',
] as const;

/** The data dashboard's request cards, in order (their thresholds are 15, 30 and 45 days). */
export const DATA_DASHBOARD_CARDS = [
  'new_requests',
  'rush_requests',
  'unassigned_open_requests',
  'need_your_attention_requests',
  'requests_fifteen_days_old',
  'requests_thirty_days_old',
  'requests_fortyfive_days_old',
  'requests_fifteen_days_old_note',
  'requests_thirty_days_old_note',
  'requests_fortyfive_days_old_note',
  'today_reminder_requests',
  'old_reminder_requests',
  'requests_without_reminders',
  'requests_in_last_day',
  'requests_in_last_week',
  'requests_in_last_month',
] as const;
export type RequestCardKey = (typeof DATA_DASHBOARD_CARDS)[number];

/** The way from a staff member's or firm's report (and a staff view of a firm's dashboard) back to the full one. */
export const BACK_TO_REPORT = 'Back To Direct Docs Report';

/* Subjects: whose requests a report counts. */

export const REPORT_SUBJECTS = ['all', 'employee', 'law_firm', 'paralegal', 'provider'] as const;
export type ReportSubjectKind = (typeof REPORT_SUBJECTS)[number];
/** The route segment of each subject's report page (/report/{segment}/{id}/). */
export const SUBJECT_SEGMENTS: Record<ReportSubjectKind, string> = {
  all: 'all',
  employee: 'employee',
  law_firm: 'firm',
  paralegal: 'paralegal',
  provider: 'provider',
};

const id = z.coerce.number().int().positive();
/** One subject at most; none means every request. `employee=none`: requests nobody has claimed. */
export const ReportSubjectQuery = z.object({
  employee: z.union([z.literal('none'), id]).optional(),
  law_firm: id.optional(),
  paralegal: id.optional(),
  provider: id.optional(),
});
export type ReportSubject = z.infer<typeof ReportSubjectQuery>;

export const StaffReportSchema = z.object({
  subject: z.object({ kind: z.enum(REPORT_SUBJECTS), id: z.number().nullable(), name: z.string() }),
  cards: z.record(z.string(), z.number()),
  total_received: z.number(),
  total_turnaround: z.number(),
  average_turnaround: z.number(),
});
export type StaffReport = z.infer<typeof StaffReportSchema>;

export const ReportRequestSchema = z.object({
  id: z.number(),
  internal_number: z.string().nullable(),
  /** The client and the records asked for, as staff name a request: 'Jane Doe: Medical Records'. */
  request_name: z.string(),
  client: z.string(),
  provider: z.string().nullable(),
  law_firm: z.string(),
  paralegal: z.string().nullable(),
  claimed_by: z.string().nullable(),
  status: z.string(),
  rush: z.boolean(),
  created_at: z.string(),
  last_note_at: z.string().nullable(),
  next_todo_date: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The provider's legal due date, the rule that set it and where it stands (docs/deadlines.md). */
  legal_basis: z.enum(LEGAL_BASES),
  due_date: z.string().nullable(),
  deadline_rule: z.string().nullable(),
  deadline_status: z.enum(DEADLINE_STATUSES).nullable(),
});
export type ReportRequest = z.infer<typeof ReportRequestSchema>;

export const REPORT_REQUEST_ORDERINGS = [
  '-created_at',
  'created_at',
  'next_todo_date',
  '-next_todo_date',
  'last_note_at',
  '-finished_at',
] as const;

export const AssignmentRowSchema = z.object({
  /** null: requests nobody has claimed. */
  id: z.number().nullable(),
  name: z.string(),
  cards: z.record(z.string(), z.number()),
});
export type AssignmentRow = z.infer<typeof AssignmentRowSchema>;

export const ParalegalRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  law_firm: z.string().nullable(),
  open: z.number(),
  closed: z.number(),
});
export type ParalegalRow = z.infer<typeof ParalegalRowSchema>;

/** The provider report: each provider with its request counts; its page lists the requests by name. */
export const ProviderReportRowSchema = z.object({
  id: z.number(),
  provider_name: z.string(),
  open: z.number(),
  closed: z.number(),
  average_turnaround: z.number(),
});
export type ProviderReportRow = z.infer<typeof ProviderReportRowSchema>;
