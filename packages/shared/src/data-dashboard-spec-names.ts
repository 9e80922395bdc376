import { z } from 'zod';
import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  type DataDashboard,
  DataDashboardSchema,
  type EmployeeStats,
  EmployeeStatsSchema,
  type LawFirmStats,
  LawFirmStatsSchema,
} from './data-dashboard';
import { DATA_DASHBOARD_CARDS } from './staff-reports';

/**
 * The staff spec (section 3) names the dashboard's figures flat: `new_requests`, `fees_in_last_day`,
 * an employee's `notes_created_last_week`. Our screens read them grouped (`cards`, `fees_in_last.day`).
 * GET /api/home/dashboard/ sends both, so a client written from the spec finds every figure by its name.
 */
type Flat<P extends string> = Record<`${P}_${DashboardPeriod}`, z.ZodNullable<z.ZodNumber>>;

function flat<P extends string>(prefix: P): Flat<P> {
  return Object.fromEntries(
    DASHBOARD_PERIODS.map((p) => [`${prefix}_${p}`, z.number().nullable()]),
  ) as Flat<P>;
}

function flatValues(prefix: string, values: Record<DashboardPeriod, number | null> | null) {
  return Object.fromEntries(DASHBOARD_PERIODS.map((p) => [`${prefix}_${p}`, values ? values[p] : null]));
}

const EmployeeResponse = EmployeeStatsSchema.extend({
  ...flat('closed_requests_in_last'),
  ...flat('fees_last'),
  ...flat('notes_created_last'),
});
const LawFirmResponse = LawFirmStatsSchema.extend({
  ...flat('requests_in_last'),
  ...flat('closed_requests_in_last'),
  ...flat('fees_last'),
});
const cardFields = Object.fromEntries(DATA_DASHBOARD_CARDS.map((key) => [key, z.number()])) as Record<
  (typeof DATA_DASHBOARD_CARDS)[number],
  z.ZodNumber
>;

export const DataDashboardResponseSchema = DataDashboardSchema.extend({
  ...cardFields,
  ...flat('closed_requests_in_last'),
  ...flat('fees_in_last'),
  employees: z.record(z.string(), EmployeeResponse),
  unassigned_requests: EmployeeResponse,
  law_firms: z.record(z.string(), LawFirmResponse),
});
export type DataDashboardResponse = z.infer<typeof DataDashboardResponseSchema>;

function employeeWithSpecNames(e: EmployeeStats) {
  return {
    ...e,
    ...flatValues('closed_requests_in_last', e.closed_requests_in_last),
    ...flatValues('fees_last', e.fees_last),
    ...flatValues('notes_created_last', e.notes_created_last),
  } as z.infer<typeof EmployeeResponse>;
}

function lawFirmWithSpecNames(f: LawFirmStats) {
  return {
    ...f,
    ...flatValues('requests_in_last', f.requests_in_last),
    ...flatValues('closed_requests_in_last', f.closed_requests_in_last),
    ...flatValues('fees_last', f.fees_last),
  } as z.infer<typeof LawFirmResponse>;
}

const mapValues = <T, U>(record: Record<string, T>, f: (value: T) => U) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));

export function withSpecNames(d: DataDashboard): DataDashboardResponse {
  return {
    ...d,
    ...d.cards,
    ...flatValues('closed_requests_in_last', d.closed_requests_in_last),
    ...flatValues('fees_in_last', d.fees_in_last),
    employees: mapValues(d.employees, employeeWithSpecNames),
    unassigned_requests: employeeWithSpecNames(d.unassigned_requests),
    law_firms: mapValues(d.law_firms, lawFirmWithSpecNames),
  } as DataDashboardResponse;
}
