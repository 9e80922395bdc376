import type { NoteBody, OrderQuote, RequestBodyInput, RequestNote, RequestRecord } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post, postOnce } from '../../api/client';
import { shows } from '../../api/data';

/**
 * The request calls and their query keys (law-firm spec section 7). The request detail, request types and
 * company users are shared data (`api/data.ts`); a change to a request refreshes them with `refreshData`.
 */
export const requestKeys = {
  clientRequests: (patientId: number | null) => ['requests', 'client', patientId] as const,
  quote: (companyId: number, rush: boolean, types: string[]) =>
    ['requests', 'quote', companyId, rush, types] as const,
};

/** What the order will be billed per provider and for each outcome (the server's one pricing rule). */
export function useOrderQuote(companyId: number, rush: boolean, types: string[]) {
  return useQuery({
    queryKey: requestKeys.quote(companyId, rush, types),
    queryFn: ({ signal }) =>
      get<OrderQuote>('/api/home/quote/', { company: companyId, rush, request_type: types }, signal),
    enabled: companyId > 0,
    placeholderData: (previous) => previous,
  });
}

export { useCompanyUsers, useRequestDetail, useRequestTypes } from '../../api/data';

export const submitRequests = (body: RequestBodyInput) =>
  postOnce<{ count: number; results: RequestRecord[] }>('/api/home/request/', body);

export const resubmitRequest = (id: number, body: RequestBodyInput) =>
  post<RequestRecord>(`/api/home/request/${id}/`, body);

export const deleteRequest = (id: number) => post<{ success: true }>(`/api/home/request/${id}/delete/`);

export const addNote = (body: NoteBody) => post<RequestNote>('/api/home/notes/', body);

/** A client's requests with their providers (law-firm spec: 'the patient's updated records'). */
export function useClientRequests(patientId: number | null) {
  return useQuery({
    queryKey: requestKeys.clientRequests(patientId),
    queryFn: ({ signal }) =>
      get<{ count: number; results: RequestRecord[] }>(
        '/api/home/request/',
        { patient: patientId ?? undefined, related: 'provider', order_by: '-created_at', limit: 100 },
        signal,
      ),
    enabled: patientId !== null,
    meta: shows('requests'),
  });
}
