import type {
  AssignmentRow,
  Page,
  ParalegalRow,
  ProviderReportRow,
  ReportRequest,
  ReportSubject,
  StaffReport,
} from '@dd/shared';
import { get } from '../../api/client';
import { shows } from '../../api/data';

/** The staff report calls and their query keys. */
type Query = Record<string, string | number | undefined>;

export const staffReportKeys = {
  all: ['staff-reports'] as const,
  report: (subject: ReportSubject) => ['staff-reports', 'report', subject] as const,
  requests: (query: Query) => ['staff-reports', 'requests', query] as const,
  assignments: () => ['staff-reports', 'assignments'] as const,
  firms: (query: Query) => ['staff-reports', 'firms', query] as const,
  paralegals: (query: Query) => ['staff-reports', 'paralegals', query] as const,
  providers: (query: Query) => ['staff-reports', 'providers', query] as const,
};

export const staffReportQuery = (subject: ReportSubject) => ({
  queryKey: staffReportKeys.report(subject),
  queryFn: ({ signal }: { signal?: AbortSignal }) => get<StaffReport>('/api/reports/staff/', subject, signal),
  meta: shows('requests'),
});

export const pageReportRequests = (query: Query, signal?: AbortSignal) =>
  get<Page<ReportRequest>>('/api/reports/staff/requests/', query, signal);

export const getAssignments = (signal?: AbortSignal) =>
  get<{ results: AssignmentRow[] }>('/api/reports/assignments/', undefined, signal);

export const pageParalegals = (query: Query, signal?: AbortSignal) =>
  get<Page<ParalegalRow>>('/api/reports/paralegals/', query, signal);

export const pageProviderReport = (query: Query, signal?: AbortSignal) =>
  get<Page<ProviderReportRow>>('/api/reports/providers/', query, signal);
