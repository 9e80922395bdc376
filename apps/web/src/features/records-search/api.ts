import type { RecordsIndexStatus, RecordsSearchResponse } from '@dd/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../api/client';

/** The records search calls (decision 060). */
const recordsSearchKeys = {
  search: (q: string, page: number) => ['recordsSearch', q, page] as const,
  status: (requestId: number, files: number) => ['recordsIndexStatus', requestId, files] as const,
};

export const useRecordsSearch = (q: string, page: number) =>
  useQuery({
    queryKey: recordsSearchKeys.search(q, page),
    queryFn: ({ signal }) =>
      get<RecordsSearchResponse>('/api/search/records/', { q, page: String(page) }, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    // The results carry short-lived links to the PDFs: fetched again rather than kept for long.
    staleTime: 60_000,
  });

/**
 * Asked again every few seconds while files are still being indexed, and whenever the request's files
 * change (`files`: how many the screen shows).
 */
export const useRecordsIndexStatus = (requestId: number, files: number) =>
  useQuery({
    queryKey: recordsSearchKeys.status(requestId, files),
    queryFn: ({ signal }) =>
      get<RecordsIndexStatus>(`/api/search/records/request/${requestId}/`, undefined, signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.indexed + data.failed < data.files ? 4000 : false;
    },
  });
