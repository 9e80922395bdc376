import type {
  DeadlineEscalation,
  NoteTemplateBody,
  NoteTemplateRow,
  Page,
  RequestListItem,
  RequestType,
  SplitBody,
  SplitResult,
  StaffRequest,
  TodoSummary,
} from '@dd/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, post, postOnce } from '../../api/client';
import { dataQueries, shows } from '../../api/data';

/**
 * The staff list's calls (staff spec section 7) and their query keys. Staff users, request types, note
 * templates and the request to split are shared data (`api/data.ts`), refreshed with `refreshData`.
 */
export const staffKeys = {
  listPage: (query: Record<string, string | number>) => ['staff-requests', query] as const,
  todo: ['staff-requests', 'todo'] as const,
  deadlines: ['staff-requests', 'deadlines'] as const,
};

export type RequestListPage = Page<RequestListItem> & {
  /** More requests match than were counted: `count` is the cap, shown as '10,000+'. */
  count_capped?: boolean;
};

export const LIST_RELATED = 'working_on,patient__company,provider,user,requester';

export function useRequestList(query: Record<string, string | number>) {
  return useQuery({
    queryKey: staffKeys.listPage(query),
    queryFn: ({ signal }) =>
      get<RequestListPage>('/api/home/request/', { ...query, related: LIST_RELATED }, signal),
    placeholderData: keepPreviousData,
    meta: shows('requests'),
  });
}

/** How much is due for the signed-in staff member (overdue, due today, rush among them). */
export function useTodoSummary() {
  return useQuery({
    queryKey: staffKeys.todo,
    queryFn: ({ signal }) => get<TodoSummary>('/api/home/request/todo/', undefined, signal),
    meta: shows('requests'),
  });
}

/** Open requests due soon, overdue and 30+ days overdue, per staff member and per law firm. */
export function useDeadlineEscalation() {
  return useQuery({
    queryKey: staffKeys.deadlines,
    queryFn: ({ signal }) => get<DeadlineEscalation>('/api/home/dashboard/deadlines/', undefined, signal),
    meta: shows('requests'),
  });
}

/** Claim (yourself), assign (another staff member) or release (null). */
export const setWorkingOn = (requestId: number, workingOn: number | null) =>
  post<StaffRequest>(`/api/home/request/${requestId}/`, { working_on: workingOn });

/** Active staff users of the internal company, for Claimed By and the assignment form. */
export function useStaffUsers(companyId: number) {
  return useQuery({
    ...dataQueries.companyUsers(companyId),
    select: (users) => users.filter(({ User }) => User.is_staff).map(({ User }) => User),
  });
}

/* Split */

export { useRequestDetail as useRequestToSplit } from '../../api/data';

export const splitRequest = (id: number, body: SplitBody) =>
  postOnce<SplitResult>(`/api/home/request/${id}/split/`, body);

/* Request types */

export { useRequestTypes } from '../../api/data';

export const addRequestType = (name: string) => post<RequestType>('/api/home/requesttype/', { name });
export const deleteRequestType = (id: number) =>
  post<{ success: true }>(`/api/home/requesttype/${id}/delete/`);

/* Note templates */

export { useNoteTemplates } from '../../api/data';

export const saveNoteTemplate = (id: number | null, body: NoteTemplateBody) =>
  post<NoteTemplateRow>(id ? `/api/home/notetemplate/${id}/` : '/api/home/notetemplate/', body);

export const deleteNoteTemplate = (id: number) =>
  post<{ success: true }>(`/api/home/notetemplate/${id}/delete/`);
