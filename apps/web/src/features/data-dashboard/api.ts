import type { BillingReport, CompletedWithFees, DashboardTrends, DataDashboard } from '@dd/shared';
import { get } from '../../api/client';
import { shows } from '../../api/data';

/** The data dashboard call (staff spec section 7) and its query keys. */
export const dataDashboardKeys = {
  all: ['data-dashboard'] as const,
  load: (openOnly: boolean) => ['data-dashboard', openOnly ? 'open' : 'all'] as const,
  trends: () => ['data-dashboard', 'trends'] as const,
  billingReport: (from: string, to: string) => ['data-dashboard', 'billing-report', from, to] as const,
  completed: (query: Record<string, string | number | undefined>) =>
    ['data-dashboard', 'completed', query] as const,
};

export const pageCompletedWithFees = (
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
) =>
  get<{ count: number; results: CompletedWithFees[] }>('/api/completed-requests-with-fees/', query, signal);

export const dataDashboardQuery = (openOnly: boolean) => ({
  queryKey: dataDashboardKeys.load(openOnly),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    get<DataDashboard>(
      '/api/home/dashboard/',
      { ...(openOnly ? { status_open: 'true' } : {}), related: 'working_on,patient,patient__company' },
      signal,
    ),
  meta: shows('requests'),
});

export const getTrends = (signal?: AbortSignal) =>
  get<DashboardTrends>('/api/home/dashboard/trends/', undefined, signal);

export const getBillingReport = (from: string, to: string, signal?: AbortSignal) =>
  get<BillingReport>('/api/reports/billing/', { from, to }, signal);

/** Where each request card leads: the staff request list with the matching filter. */
export const CARD_LINKS: Record<string, string> = {
  new_requests: '/requestlist/?view=all&status=Requested+By+Lawyer',
  rush_requests: '/requestlist/?view=all&status=Open&rush=true',
  unassigned_open_requests: '/requestlist/?view=all&status=Open&claimed=none',
  need_your_attention_requests: '/requestlist/?view=all&status=Need+Assistance',
  requests_fifteen_days_old: '/requestlist/?view=all&status=Open&order_by=created_at',
  requests_thirty_days_old: '/requestlist/?view=all&status=Open&order_by=created_at',
  requests_fortyfive_days_old: '/requestlist/?view=all&status=Open&order_by=created_at',
  requests_fifteen_days_old_note: '/requestlist/?view=all&status=Open&order_by=created_at',
  requests_thirty_days_old_note: '/requestlist/?view=all&status=Open&order_by=created_at',
  requests_fortyfive_days_old_note: '/requestlist/?view=all&status=Open&order_by=created_at',
  today_reminder_requests: '/requestlist/',
  old_reminder_requests: '/requestlist/',
  requests_without_reminders: '/requestlist/?view=all&status=Open',
  requests_in_last_day: '/requestlist/?view=all',
  requests_in_last_week: '/requestlist/?view=all',
  requests_in_last_month: '/requestlist/?view=all',
};
