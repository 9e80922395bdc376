import { z } from 'zod';
import { AmountSchema, type Cents, cents } from './money';
import type { RequestCardKey } from './staff-reports';
import { type RequestStatus, STATUS } from './statuses';

/**
 * The staff data dashboard (staff spec sections 2, 3, 4, 7 and 9): GET /api/home/dashboard/.
 * 'day' is the last 24 hours; 'week' and 'month' are the last 7 and 30 days, counted from local midnight
 * in the caller's time zone.
 */
export const DASHBOARD_PERIODS = ['day', 'week', 'month'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const PERIOD_DAYS: Record<DashboardPeriod, number> = { day: 1, week: 7, month: 30 };
export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  day: 'Last Day',
  week: 'Last Week',
  month: 'Last Month',
};

/** Age thresholds of the data dashboard's request and note cards, in days. */
export const DATA_DASHBOARD_AGES = [15, 30, 45] as const;

const perPeriod = <T extends z.ZodType>(value: T) => z.object({ day: value, week: value, month: value });
/** Fee figures are null for callers without the view_fees permission. */
const Money = AmountSchema.nullable();

/** One period column of the Show Tables view. */
export const TableDataSchema = z.object({
  created: z.number(),
  completed: z.number(),
  fees: Money,
  request_received: z.number(),
});
export type TableData = z.infer<typeof TableDataSchema>;
const TablesSchema = z.object({
  day: TableDataSchema,
  week: TableDataSchema,
  month: TableDataSchema,
  all: TableDataSchema,
});

export const EmployeeStatsSchema = z.object({
  /** null for the Unassigned group. */
  id: z.number().nullable(),
  name: z.string(),
  total_employee_requests: z.number(),
  open: z.number(),
  closed: z.number(),
  overdue_requests: z.number(),
  total_received: z.number(),
  total_turnaround: z.number(),
  average_turnaround: z.number(),
  closed_requests_in_last: perPeriod(z.number()),
  fees_last: perPeriod(Money),
  /** Not counted for the Unassigned group. */
  notes_created_last: perPeriod(z.number()).nullable(),
  table_data: TablesSchema,
});
export type EmployeeStats = z.infer<typeof EmployeeStatsSchema>;

export const LawFirmStatsSchema = z.object({
  id: z.number(),
  name: z.string(),
  total_firm_requests: z.number(),
  total_price: Money,
  open: z.number(),
  closed: z.number(),
  total_received: z.number(),
  total_turnaround: z.number(),
  average_turnaround: z.number(),
  requests_in_last: perPeriod(z.number()),
  closed_requests_in_last: perPeriod(z.number()),
  fees_last: perPeriod(Money),
  table_data: TablesSchema,
});
export type LawFirmStats = z.infer<typeof LawFirmStatsSchema>;

export const DataDashboardSchema = z.object({
  /** Only open requests were counted (the first load); closed figures are then 0. */
  open_only: z.boolean(),
  can_view_fees: z.boolean(),
  can_view_company_counts: z.boolean(),
  total_law_firms: z.number(),
  total_employees: z.number(),
  total_requests: z.number(),
  open_requests: z.number(),
  closed_requests: z.number(),
  total_price: Money,
  /** Fees of the completed requests divided by their count, and likewise for the closed ones. */
  average_fee_per_completed_request: Money,
  average_fee_per_closed_request: Money,
  average_time: z.number(),
  closed_requests_in_last: perPeriod(z.number()),
  fees_in_last: perPeriod(Money),
  cards: z.record(z.string(), z.number()) as z.ZodType<Record<RequestCardKey, number>>,
  employees: z.record(z.string(), EmployeeStatsSchema),
  unassigned_requests: EmployeeStatsSchema,
  /** Empty for callers without the view_company_counts permission. */
  law_firms: z.record(z.string(), LawFirmStatsSchema),
  table_data: TablesSchema,
});
export type DataDashboard = z.infer<typeof DataDashboardSchema>;

/** Average turnaround in days with two decimals; zero when nothing was received. */
export function averageTurnaround(totalTurnaround: number, totalReceived: number): number {
  return totalReceived > 0 ? Math.round((totalTurnaround / totalReceived) * 100) / 100 : 0;
}

/** Average fee, to the cent (half a cent up), of `count` requests totalling `fees`. */
export function averageFee(fees: Cents, count: number): Cents {
  return cents(count > 0 ? Math.round(fees / count) : 0);
}

/** The outcomes the average fee per completed request counts; the other finished ones are closed. */
export const COMPLETED_OUTCOMES: readonly RequestStatus[] = [
  STATUS.completedArrived,
  STATUS.completedUnavailable,
];

/* Completed requests with fees: GET /api/completed-requests-with-fees/ (holders of view_fees). */

export const CompletedWithFeesSchema = z.object({
  id: z.number(),
  internal_number: z.string().nullable(),
  status: z.string(),
  rush: z.boolean(),
  /** When it was closed (or completed). */
  closed_date: z.string().nullable(),
  law_firm: z.string(),
  client: z.string(),
  provider: z.string().nullable(),
  paralegal: z.string().nullable(),
  requester: z.string().nullable(),
  claimed_by: z.string().nullable(),
  fee: AmountSchema,
  provider_cost: AmountSchema,
  page_fee: AmountSchema,
  auto_added_surcharge: AmountSchema,
  total: AmountSchema,
});
export type CompletedWithFees = z.infer<typeof CompletedWithFeesSchema>;

/** The report's filters in the spec's names, each the staff list's filter of the same meaning. */
export const COMPLETED_FEES_FILTERS = {
  law_firm: 'patient__company',
  client: 'patient__full_name__icontains',
  provider: 'provider__name__icontains',
  paralegal: 'user__full_name__icontains',
  requester: 'requester__full_name__icontains',
  status: 'status__icontains',
  claimed_by: 'working_on',
  internal_number: 'internal_number__contains',
} as const;
export type CompletedFeesFilter = keyof typeof COMPLETED_FEES_FILTERS;

/* Charts: GET /api/home/dashboard/trends/ (the last 12 weeks, and open requests by age). */

export const TREND_WEEKS = 12;
/** Open-request age buckets: [label, from day, to day (exclusive; null: no end)]. */
export const AGE_BUCKETS = [
  ['0-7 days', 0, 8],
  ['8-15 days', 8, 16],
  ['16-30 days', 16, 31],
  ['31-45 days', 31, 46],
  ['Over 45 days', 46, null],
] as const;

export const DashboardTrendsSchema = z.object({
  weeks: z.array(
    z.object({
      /** Monday of the week, in the caller's zone. */
      week_start: z.string(),
      opened: z.number(),
      closed: z.number(),
      /** Average days from order to documents of the requests received that week; null when none. */
      average_turnaround: z.number().nullable(),
    }),
  ),
  open_by_age: z.array(z.object({ bucket: z.string(), count: z.number() })),
});
export type DashboardTrends = z.infer<typeof DashboardTrendsSchema>;

/* Billing report: GET /api/reports/billing/?from&to (holders of view_fees). */

export const BillingReportRowSchema = z.object({
  company_id: z.number(),
  law_firm: z.string(),
  finished: z.number(),
  fees: AmountSchema,
  costs: AmountSchema,
  total: AmountSchema,
});
export const BillingReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(BillingReportRowSchema),
  totals: BillingReportRowSchema.omit({ company_id: true, law_firm: true }),
});
export type BillingReport = z.infer<typeof BillingReportSchema>;

/** The first day of the period that contains `today` (YYYY-MM-DD): the day itself, its Monday, its 1st. */
export function periodStart(today: string, period: DashboardPeriod): string {
  if (period === 'day') return today;
  if (period === 'month') return `${today.slice(0, 8)}01`;
  const date = new Date(`${today}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
