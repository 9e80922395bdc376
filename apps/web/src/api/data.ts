/**
 * Data that several features show, fetched through this one owner so that every screen reads the same cache
 * entry. Each feature keeps its own query keys in its api module; a query that shows one of
 * the kinds below says so in `meta.shows`, and a mutation refreshes a kind with `refreshData`, reaching every
 * list of every feature without knowing their keys (a resubmit refreshes the dashboard and the staff list).
 */
import type { CompanyUser, NoteTemplateRow, RequestDetail, RequestType } from '@dd/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './client';

/** The kinds of data a mutation can change and a query can show. */
const DATA_KINDS = ['requests', 'requestTypes', 'noteTemplates', 'companyUsers', 'siteSettings'] as const;
export type DataKind = (typeof DATA_KINDS)[number];

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { shows?: readonly DataKind[] };
  }
}

/** `meta` for a query showing these kinds of data. */
export const shows = (...kinds: DataKind[]) => ({ shows: kinds });

/** Keys of the shared queries: the only key literals outside the feature registries. */
export const dataKeys = {
  requestDetail: (id: number) => ['request-detail', id] as const,
  requestTypes: () => ['request-types'] as const,
  noteTemplates: () => ['note-templates'] as const,
  companyUsers: (companyId: number) => ['company-users', companyId] as const,
  siteSettings: () => ['site-settings'] as const,
};

/** Marks every query showing one of `kinds` stale; mounted ones are fetched again at once. */
export const refreshData = (queryClient: QueryClient, ...kinds: DataKind[]) =>
  queryClient.invalidateQueries({
    predicate: (query) => query.meta?.shows?.some((kind) => kinds.includes(kind)) ?? false,
  });

const notMissing = (count: number, error: Error) =>
  (error as { status?: number }).status !== 404 && count < 1;

/** Query options of the shared data, for features that add their own `select` or `enabled`. */
export const dataQueries = {
  requestDetail: (id: number) =>
    queryOptions({
      queryKey: dataKeys.requestDetail(id),
      // The files' download history comes only when named (the detail carries everything else).
      queryFn: ({ signal }) =>
        get<RequestDetail>(`/api/home/request/${id}/`, { related: 'files__file_accesses__user' }, signal),
      enabled: Number.isInteger(id) && id > 0,
      retry: notMissing,
      meta: shows('requests'),
    }),
  requestTypes: () =>
    queryOptions({
      queryKey: dataKeys.requestTypes(),
      queryFn: ({ signal }) => get<RequestType[]>('/api/home/requesttype/', { order_by: 'name' }, signal),
      staleTime: 5 * 60_000,
      meta: shows('requestTypes'),
    }),
  noteTemplates: () =>
    queryOptions({
      queryKey: dataKeys.noteTemplates(),
      queryFn: ({ signal }) => get<NoteTemplateRow[]>('/api/home/notetemplate/', undefined, signal),
      staleTime: 5 * 60_000,
      meta: shows('noteTemplates'),
    }),
  companyUsers: (companyId: number) =>
    queryOptions({
      queryKey: dataKeys.companyUsers(companyId),
      queryFn: ({ signal }) => get<CompanyUser[]>('/api/user/User/', { company_id: companyId }, signal),
      enabled: companyId > 0,
      staleTime: 60_000,
      meta: shows('companyUsers'),
    }),
};

/** One request with its patient, provider, notes and files (law-firm and staff screens alike). */
export const useRequestDetail = (id: number) => useQuery(dataQueries.requestDetail(id));

export const useRequestTypes = () => useQuery(dataQueries.requestTypes());

export const useNoteTemplates = () => useQuery(dataQueries.noteTemplates());

/** Active users of a company (Main Contact, Requestor filter); `enabled` false skips the call. */
export const useCompanyUsers = (companyId: number, enabled = true) =>
  useQuery({ ...dataQueries.companyUsers(companyId), enabled: enabled && companyId > 0 });
