import {
  averageFee,
  averageTurnaround,
  centsOf,
  type DASHBOARD_PERIODS,
  DATA_DASHBOARD_CARDS,
  type DataDashboard,
  type EmployeeStats,
  formatAmount,
  type LawFirmStats,
  type RequestCardKey,
  type TableData,
} from '@dd/shared';
import type { Auth } from '../../authz';
import { can } from '../../authz/policy';
import type { DbOrTx } from '../../db/client';
import { type AggregateRow, aggregateRequests, notesByAuthor, staffAndFirms } from './datadashboard.queries';

/**
 * GET /api/home/dashboard/ (staff spec sections 3 and 7): the data dashboard's totals, request
 * cards, employee and law-firm groups and period tables. Fee figures go only to holders of view_fees and
 * the per-firm groups only to holders of view_company_counts; internal users who are not staff see the
 * requests claimed by them.
 */
export async function dataDashboard(
  db: DbOrTx,
  auth: Auth,
  options: { openOnly: boolean; internalCompanyId: number; now?: Date },
): Promise<DataDashboard> {
  const fees = can(auth, 'report.viewFees');
  const companyCounts = can(auth, 'report.viewCompanyCounts');
  const scope = {
    openOnly: options.openOnly,
    workingOnId: auth.isStaff ? undefined : auth.userId,
    timezone: auth.timezone,
    now: options.now,
  };
  const people = staffAndFirms(db, options.internalCompanyId, auth.userId).then((found) => ({
    ...found,
    visibleStaff: auth.isStaff ? found.staff : found.caller ? [found.caller] : [],
  }));
  // The notes are counted while the requests are, as soon as the people are known.
  const [rows, { staff, firms, visibleStaff }, noteCounts] = await Promise.all([
    aggregateRequests(db, scope),
    people,
    people.then(({ visibleStaff }) =>
      notesByAuthor(
        db,
        visibleStaff.map((s) => s.id),
        auth.timezone,
        options.now,
      ),
    ),
  ]);
  /** Fees leave SQL as whole cents; dollars are made from them by one division. */
  const money = (centsValue: unknown) => (fees ? formatAmount(centsOf(centsValue)) : null);
  const n = (row: AggregateRow | undefined, key: string) => Number(row?.[key] ?? 0);
  const periodsOf = <T>(read: (period: (typeof DASHBOARD_PERIODS)[number]) => T) => ({
    day: read('day'),
    week: read('week'),
    month: read('month'),
  });
  const tables = (row: AggregateRow | undefined) => {
    const column = (period: 'day' | 'week' | 'month'): TableData => ({
      created: n(row, `requests_in_last_${period}`),
      completed: n(row, `closed_requests_in_last_${period}`),
      fees: money(row?.[`fees_in_last_${period}_cents`]),
      request_received: n(row, `received_in_last_${period}`),
    });
    return {
      ...periodsOf(column),
      all: {
        created: n(row, 'total'),
        completed: n(row, 'closed_requests'),
        fees: money(row?.total_fees_cents),
        request_received: n(row, 'total_received'),
      },
    };
  };

  const totals = rows.find((r) => !r.by_worker && !r.by_company);
  const byWorker = new Map(rows.filter((r) => r.by_worker).map((r) => [r.working_on_id, r]));
  const byCompany = new Map(rows.filter((r) => r.by_company).map((r) => [r.company_id, r]));
  const notesOf = new Map(noteCounts.map((c) => [Number(c.user_id), c]));

  const employee = (id: number | null, name: string): EmployeeStats => {
    const row = byWorker.get(id);
    const written = id === null ? null : notesOf.get(id);
    return {
      id,
      name,
      total_employee_requests: n(row, 'total'),
      open: n(row, 'open_requests'),
      closed: n(row, 'closed_requests'),
      overdue_requests: n(row, 'old_reminder_requests'),
      total_received: n(row, 'total_received'),
      total_turnaround: n(row, 'total_turnaround'),
      average_turnaround: averageTurnaround(n(row, 'total_turnaround'), n(row, 'total_received')),
      closed_requests_in_last: periodsOf((p) => n(row, `closed_requests_in_last_${p}`)),
      fees_last: periodsOf((p) => money(row?.[`fees_in_last_${p}_cents`])),
      notes_created_last: id === null ? null : periodsOf((p) => Number(written?.[p] ?? 0)),
      table_data: tables(row),
    };
  };
  const firm = (id: number, name: string): LawFirmStats => {
    const row = byCompany.get(id);
    return {
      id,
      name,
      total_firm_requests: n(row, 'total'),
      total_price: money(row?.total_fees_cents),
      open: n(row, 'open_requests'),
      closed: n(row, 'closed_requests'),
      total_received: n(row, 'total_received'),
      total_turnaround: n(row, 'total_turnaround'),
      average_turnaround: averageTurnaround(n(row, 'total_turnaround'), n(row, 'total_received')),
      requests_in_last: periodsOf((p) => n(row, `requests_in_last_${p}`)),
      closed_requests_in_last: periodsOf((p) => n(row, `closed_requests_in_last_${p}`)),
      fees_last: periodsOf((p) => money(row?.[`fees_in_last_${p}_cents`])),
      table_data: tables(row),
    };
  };

  return {
    open_only: options.openOnly,
    can_view_fees: fees,
    can_view_company_counts: companyCounts,
    total_law_firms: firms.length,
    total_employees: staff.length,
    total_requests: n(totals, 'total'),
    open_requests: n(totals, 'open_requests'),
    closed_requests: n(totals, 'closed_requests'),
    total_price: money(totals?.total_fees_cents),
    average_fee_per_completed_request: fees
      ? formatAmount(
          averageFee(centsOf(totals?.completed_outcome_fees_cents), n(totals, 'completed_outcome_requests')),
        )
      : null,
    average_fee_per_closed_request: fees
      ? formatAmount(
          averageFee(
            centsOf(totals?.closed_outcome_fees_cents),
            n(totals, 'closed_requests') - n(totals, 'completed_outcome_requests'),
          ),
        )
      : null,
    average_time: averageTurnaround(n(totals, 'total_turnaround'), n(totals, 'total_received')),
    closed_requests_in_last: periodsOf((p) => n(totals, `closed_requests_in_last_${p}`)),
    fees_in_last: periodsOf((p) => money(totals?.[`fees_in_last_${p}_cents`])),
    cards: Object.fromEntries(DATA_DASHBOARD_CARDS.map((key) => [key, n(totals, key)])) as Record<
      RequestCardKey,
      number
    >,
    employees: Object.fromEntries(visibleStaff.map((s) => [String(s.id), employee(s.id, s.name)])),
    unassigned_requests: employee(null, 'Unassigned'),
    law_firms: companyCounts
      ? Object.fromEntries(
          firms
            .map((f) => firm(f.id, f.name))
            .sort((a, b) => b.total_firm_requests - a.total_firm_requests)
            .map((f) => [String(f.id), f]),
        )
      : {},
    table_data: tables(totals),
  };
}
