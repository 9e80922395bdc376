import type { DashboardClient, DashboardInfo, DashboardRequest, Page, ReadyFile } from '@dd/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../api/client';
import { shows } from '../../api/data';

/**
 * The dashboard calls (law-firm spec section 7, 'Dashboard and files') and their query keys. Every panel is
 * built from the firm's requests, so each query shows 'requests' and refreshes when a request changes.
 */
/** Which dashboard a panel belongs to: the company, and the user in the staff view-as page. */
export interface DashboardTarget {
  companyId: number;
  viewAsUserId?: number;
}

type Params = Record<string, string | number | undefined>;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  requests: (t: DashboardTarget, params: Params) => ['dashboard', 'requests', t, params] as const,
  clients: (t: DashboardTarget, params: Params) => ['dashboard', 'clients', t, params] as const,
  files: (t: DashboardTarget, params: Params) => ['dashboard', 'files', t, params] as const,
  info: (t: DashboardTarget) => ['dashboard', 'info', t] as const,
};

export function useRequestsPage(target: DashboardTarget, params: Params) {
  return useQuery({
    queryKey: dashboardKeys.requests(target, params),
    queryFn: ({ signal }) =>
      get<Page<{ request: DashboardRequest }>>(
        `/api/requests-company/${target.companyId}/`,
        { ...params, user: target.viewAsUserId },
        signal,
      ),
    placeholderData: keepPreviousData,
    meta: shows('requests'),
  });
}

export function useClientsPage(target: DashboardTarget, params: Params) {
  return useQuery({
    queryKey: dashboardKeys.clients(target, params),
    queryFn: ({ signal }) =>
      get<Page<DashboardClient>>(
        `/api/requests-company/${target.companyId}/`,
        { ...params, return_patients: 'Yes', user: target.viewAsUserId },
        signal,
      ),
    placeholderData: keepPreviousData,
    meta: shows('requests'),
  });
}

export function useReadyFiles(target: DashboardTarget, params: Params) {
  return useQuery({
    queryKey: dashboardKeys.files(target, params),
    queryFn: ({ signal }) =>
      get<Page<{ file: ReadyFile }>>(
        `/api/download-request/${target.companyId}/`,
        { ...params, user: target.viewAsUserId },
        signal,
      ),
    placeholderData: keepPreviousData,
    meta: shows('requests'),
  });
}

/** Every ready file of one client, fetched when 'Download All Files' is clicked. */
export const clientFiles = (target: DashboardTarget, clientId: number) =>
  get<ReadyFile[]>(`/api/download-records/${target.companyId}/`, {
    client: clientId,
    user: target.viewAsUserId,
  });

export function useDashboardInfo(target: DashboardTarget, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.info(target),
    queryFn: ({ signal }) =>
      get<DashboardInfo>(`/api/dashboard-info/${target.companyId}/`, { user: target.viewAsUserId }, signal),
    enabled,
    retry: false,
    meta: shows('requests'),
  });
}

/** The Requestor filter's choices: the company's users. */
export { useCompanyUsers } from '../../api/data';
