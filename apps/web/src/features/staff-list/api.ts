import type {
  CompanyListItem,
  CompanyUser,
  NoteTemplateBody,
  NoteTemplateRow,
  Provider,
  RequestDetail,
  RequestListItem,
  RequestType,
  SplitBody,
  SplitResult,
  StaffRequest,
} from '@dd/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';
import type { Choice } from '../../ui';

/** The staff list's calls (staff spec section 7) and their query keys. */
export const staffKeys = {
  list: ['staff-requests'] as const,
  listPage: (query: Record<string, string | number>) => ['staff-requests', query] as const,
  staffUsers: (companyId: number) => ['company-users', companyId] as const,
  companies: (name: string) => ['staff-companies', name] as const,
  company: (id: number) => ['staff-company', id] as const,
  providers: (name: string) => ['staff-providers', name] as const,
  provider: (id: number) => ['staff-provider', id] as const,
  types: ['request-types'] as const,
  templates: ['note-templates'] as const,
  request: (id: number) => ['requests', 'detail', id] as const,
};

export interface RequestListPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: RequestListItem[];
}

export const LIST_RELATED = 'working_on,patient__company,provider,user,requester';

export function useRequestList(query: Record<string, string | number>) {
  return useQuery({
    queryKey: staffKeys.listPage(query),
    queryFn: ({ signal }) =>
      get<RequestListPage>('/api/home/request/', { ...query, related: LIST_RELATED }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Claim (yourself), assign (another staff member) or release (null). */
export const setWorkingOn = (requestId: number, workingOn: number | null) =>
  post<StaffRequest>(`/api/home/request/${requestId}/`, { working_on: workingOn });

/** Active staff users of the internal company, for Claimed By and the assignment form. */
export function useStaffUsers(companyId: number) {
  return useQuery({
    queryKey: staffKeys.staffUsers(companyId),
    queryFn: ({ signal }) => get<CompanyUser[]>('/api/user/User/', { company_id: companyId }, signal),
    select: (users) => users.filter(({ User }) => User.is_staff).map(({ User }) => User),
    staleTime: 60_000,
  });
}

export const searchCompanies = (name: string, signal?: AbortSignal) =>
  get<{ results: CompanyListItem[] }>('/api/companies/', { page: 1, page_size: 100, name }, signal).then(
    (page) => page.results.map((c): Choice => ({ id: c.id, label: c.name })),
  );

export const lookupCompany = (id: number, signal?: AbortSignal) =>
  get<{ company: { id: number; name: string } }[]>(`/api/home/company/${id}/`, undefined, signal).then(
    ([first]): Choice => ({ id, label: first?.company.name ?? `Law firm ${id}` }),
  );

export const searchProviderChoices = (name: string, signal?: AbortSignal) =>
  get<Provider[]>('/api/home/provider/', { name, limit: 50 }, signal).then((rows) =>
    rows.map((p): Choice => ({ id: p.id, label: [p.name, p.city, p.state].filter(Boolean).join(' · ') })),
  );

export const lookupProvider = (id: number, signal?: AbortSignal) =>
  get<Provider>(`/api/home/provider/${id}/`, undefined, signal).then(
    (p): Choice => ({ id: p.id, label: p.name }),
  );

/* Split */

export function useRequestToSplit(id: number) {
  return useQuery({
    queryKey: staffKeys.request(id),
    queryFn: ({ signal }) => get<RequestDetail>(`/api/home/request/${id}/`, undefined, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });
}

export const splitRequest = (id: number, body: SplitBody) =>
  post<SplitResult>(`/api/home/request/${id}/split/`, body);

/* Request types */

export function useRequestTypes() {
  return useQuery({
    queryKey: staffKeys.types,
    queryFn: ({ signal }) => get<RequestType[]>('/api/home/requesttype/', { order_by: 'name' }, signal),
  });
}

export const addRequestType = (name: string) => post<RequestType>('/api/home/requesttype/', { name });
export const deleteRequestType = (id: number) =>
  post<{ success: true }>(`/api/home/requesttype/${id}/delete/`);

/* Note templates */

export function useNoteTemplates() {
  return useQuery({
    queryKey: staffKeys.templates,
    queryFn: ({ signal }) => get<NoteTemplateRow[]>('/api/home/notetemplate/', undefined, signal),
  });
}

export const saveNoteTemplate = (id: number | null, body: NoteTemplateBody) =>
  post<NoteTemplateRow>(id ? `/api/home/notetemplate/${id}/` : '/api/home/notetemplate/', body);

export const deleteNoteTemplate = (id: number) =>
  post<{ success: true }>(`/api/home/notetemplate/${id}/delete/`);
