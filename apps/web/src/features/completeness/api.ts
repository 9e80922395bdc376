import type { Completeness, CompletenessBody } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post, put } from '../../api/client';
import { shows } from '../../api/data';

/**
 * What arrived of each record category a request asked for. It shows request data: any change to a request
 * refreshes it, and marking or re-requesting refreshes every request view (each leaves a note).
 */
const completenessKeys = {
  of: (requestId: number) => ['completeness', requestId] as const,
};

export function useCompleteness(requestId: number) {
  return useQuery({
    queryKey: completenessKeys.of(requestId),
    queryFn: ({ signal }) =>
      get<Completeness>(`/api/home/request/${requestId}/completeness/`, undefined, signal),
    meta: shows('requests'),
  });
}

type Result = { success: string; completeness: Completeness };

export const markCompleteness = (requestId: number, body: CompletenessBody) =>
  put<Result>(`/api/home/request/${requestId}/completeness/`, body);

export const reRequestMissing = (requestId: number) =>
  post<Result>(`/api/home/request/${requestId}/completeness/re-request/`);
