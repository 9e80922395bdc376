import type {
  CompanyUser,
  NoteBody,
  RequestBodyInput,
  RequestDetail,
  RequestNote,
  RequestRecord,
  RequestType,
} from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';

/** The request calls and their query keys (law-firm spec section 7). */
export const requestKeys = {
  all: ['requests'] as const,
  detail: (id: number) => ['requests', 'detail', id] as const,
  types: ['request-types'] as const,
  companyUsers: (companyId: number) => ['company-users', companyId] as const,
};

export function useRequestDetail(id: number) {
  return useQuery({
    queryKey: requestKeys.detail(id),
    queryFn: ({ signal }) => get<RequestDetail>(`/api/home/request/${id}/`, undefined, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });
}

export function useRequestTypes() {
  return useQuery({
    queryKey: requestKeys.types,
    queryFn: ({ signal }) => get<RequestType[]>('/api/home/requesttype/', { order_by: 'name' }, signal),
    staleTime: 5 * 60_000,
  });
}

/** Active users of a company, for the Main Contact select. */
export function useCompanyUsers(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.companyUsers(companyId),
    queryFn: ({ signal }) => get<CompanyUser[]>('/api/user/User/', { company_id: companyId }, signal),
    enabled: enabled && companyId > 0,
    staleTime: 60_000,
  });
}

export const submitRequests = (body: RequestBodyInput) =>
  post<{ count: number; results: RequestRecord[] }>('/api/home/request/', body);

export const resubmitRequest = (id: number, body: RequestBodyInput) =>
  post<RequestRecord>(`/api/home/request/${id}/`, body);

export const deleteRequest = (id: number) => post<{ success: true }>(`/api/home/request/${id}/delete/`);

export const addNote = (body: NoteBody) => post<RequestNote>('/api/home/notes/', body);

/** A client's requests with their providers (law-firm spec: 'the patient's updated records'). */
export function useClientRequests(patientId: number | null) {
  return useQuery({
    queryKey: [...requestKeys.all, 'client', patientId],
    queryFn: ({ signal }) =>
      get<{ count: number; results: RequestRecord[] }>(
        '/api/home/request/',
        { patient: patientId ?? undefined, related: 'provider', order_by: '-created_at', limit: 100 },
        signal,
      ),
    enabled: patientId !== null,
  });
}
