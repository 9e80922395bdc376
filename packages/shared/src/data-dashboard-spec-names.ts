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
import { AmountSchema } from './money';
import { DATA_DASHBOARD_CARDS } from './staff-reports';

/**
 * The staff spec (section 3) names the dashboard's figures flat: `new_requests`, `fees_in_last_day`,
 * an employee's `notes_created_last_week`. Our screens read them grouped (`cards`, `fees_in_last.day`).
 * GET /api/home/dashboard/ sends both, so a client written from the spec finds every figure by its name.
 */
type Flat<P extends string> = Record<
  `${P}_${DashboardPeriod}`,
  z.ZodNullable<z.ZodNumber | typeof AmountSchema>
>;
type PerPeriod = Record<DashboardPeriod, number | string | null> | null;

/** The flat fields of some per-period figures: `fees_last` gives `fees_last_day`, `_week`, `_month`
 *  (fees are amounts, as in the grouped figures; the rest are counts). */
function flat<P extends string>(...prefixes: P[]): Flat<P> {
  const schemaOf = (prefix: string) => (prefix.startsWith('fees_') ? AmountSchema : z.number()).nullable();
  return Object.fromEntries(
    prefixes.flatMap((prefix) => DASHBOARD_PERIODS.map((p) => [`${prefix}_${p}`, schemaOf(prefix)])),
  ) as Flat<P>;
}

/** `value` with those flat fields filled from its grouped ones. */
function withFlat<T extends object>(value: T, prefixes: readonly (keyof T & string)[]) {
  const fields = prefixes.flatMap((prefix) =>
    DASHBOARD_PERIODS.map((p) => [`${prefix}_${p}`, (value[prefix] as PerPeriod)?.[p] ?? null]),
  );
  return { ...value, ...Object.fromEntries(fields) };
}

const EMPLOYEE_PERIODS = ['closed_requests_in_last', 'fees_last', 'notes_created_last'] as const;
const LAW_FIRM_PERIODS = ['requests_in_last', 'closed_requests_in_last', 'fees_last'] as const;
const TOTAL_PERIODS = ['closed_requests_in_last', 'fees_in_last'] as const;

const EmployeeResponse = EmployeeStatsSchema.extend(flat(...EMPLOYEE_PERIODS));
const LawFirmResponse = LawFirmStatsSchema.extend(flat(...LAW_FIRM_PERIODS));
const cardFields = Object.fromEntries(DATA_DASHBOARD_CARDS.map((key) => [key, z.number()])) as Record<
  (typeof DATA_DASHBOARD_CARDS)[number],
  z.ZodNumber
>;

export const DataDashboardResponseSchema = DataDashboardSchema.extend({
  ...cardFields,
  ...flat(...TOTAL_PERIODS),
  employees: z.record(z.string(), EmployeeResponse),
  unassigned_requests: EmployeeResponse,
  law_firms: z.record(z.string(), LawFirmResponse),
});
export type DataDashboardResponse = z.infer<typeof DataDashboardResponseSchema>;

const employee = (e: EmployeeStats) => withFlat(e, EMPLOYEE_PERIODS);
const mapValues = <T, U>(record: Record<string, T>, f: (value: T) => U) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));

export function withSpecNames(d: DataDashboard): DataDashboardResponse {
  return {
    ...withFlat(d, TOTAL_PERIODS),
    ...d.cards,
    employees: mapValues(d.employees, employee),
    unassigned_requests: employee(d.unassigned_requests),
    law_firms: mapValues(d.law_firms, (f: LawFirmStats) => withFlat(f, LAW_FIRM_PERIODS)),
  } as DataDashboardResponse;
}
