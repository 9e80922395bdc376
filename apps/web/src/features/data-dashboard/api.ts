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
