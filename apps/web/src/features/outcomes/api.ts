import type {
  CertificationUpload,
  OutcomeResult,
  RejectBody,
  RequestOutcome,
  StaleRequestList,
} from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { download, get, post, uploadFiles } from '../../api/client';
import { shows } from '../../api/data';

/**
 * The provider's outcome of a request (decision 058) and the firm's stale requests. Both show request
 * data: any change to a request refreshes them, and every action here refreshes every request view.
 */
const outcomeKeys = {
  one: (requestId: number) => ['request-outcome', requestId] as const,
  stale: ['stale-requests'] as const,
};

export function useOutcome(requestId: number) {
  return useQuery({
    queryKey: outcomeKeys.one(requestId),
    queryFn: ({ signal }) =>
      get<RequestOutcome>(`/api/home/request/${requestId}/outcome/`, undefined, signal),
    meta: shows('requests'),
  });
}

export function useStaleRequests(enabled = true) {
  return useQuery({
    queryKey: outcomeKeys.stale,
    queryFn: ({ signal }) => get<StaleRequestList>('/api/home/request/stale/', undefined, signal),
    meta: shows('requests'),
    enabled,
  });
}

const base = (requestId: number) => `/api/home/request/${requestId}`;

export const markNoRecords = (requestId: number, note: string) =>
  post<OutcomeResult>(`${base(requestId)}/no_records/`, note.trim() ? { note } : {});

export const rejectRequest = (requestId: number, body: RejectBody) =>
  post<OutcomeResult>(`${base(requestId)}/reject/`, body.note?.trim() ? body : { reason: body.reason });

export const resendRequest = (requestId: number, note: string) =>
  post<OutcomeResult>(`${base(requestId)}/resend/`, note.trim() ? { note } : {});

export const downloadCertificationForm = (requestId: number) =>
  download(`${base(requestId)}/no_records/certification/`);

/** Uploads the signed copy to the records bucket, then delivers it to the firm. */
export async function deliverCertification(requestId: number, file: File): Promise<OutcomeResult> {
  const [uploaded] = await uploadFiles([file], { bucket: 'provider-records' });
  const body: CertificationUpload = { url: uploaded.url };
  return post<OutcomeResult>(`${base(requestId)}/no_records/certification/`, body);
}

export const answerStale = (requestId: number, answer: 'cancel' | 'keep_waiting') =>
  post<OutcomeResult>(`${base(requestId)}/stale/${answer}/`);
