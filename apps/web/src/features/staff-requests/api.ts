import type {
  FeeApproval,
  FirstSend,
  NoteBody,
  PrepaymentBody,
  ProviderVerified,
  RequestNote,
  RequisitionBody,
  StaffActionResult,
  StaffRequestInfo,
} from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';
import { shows } from '../../api/data';

/**
 * The calls of the staff request detail and their query keys. The request itself and the note templates are
 * shared data (`api/data.ts`); these queries show requests, so any change to a request (an edit, a split, a
 * staff action here) refreshes them through `refreshData(queryClient, 'requests')`.
 */
export const staffRequestKeys = {
  all: (id: number) => ['staff-request', id] as const,
  info: (id: number) => ['staff-request', id, 'info'] as const,
  firstSend: (id: number) => ['staff-request', id, 'first-send'] as const,
};

const notMissing = (count: number, error: Error) =>
  (error as { status?: number }).status !== 404 && count < 1;

export { useNoteTemplates, useRequestDetail as useStaffRequest } from '../../api/data';

export function useStaffInfo(id: number) {
  return useQuery({
    queryKey: staffRequestKeys.info(id),
    queryFn: ({ signal }) => get<StaffRequestInfo>(`/api/home/request/${id}/staff_info/`, undefined, signal),
    retry: notMissing,
    meta: shows('requests'),
  });
}

export function useFirstSend(id: number) {
  return useQuery({
    queryKey: staffRequestKeys.firstSend(id),
    queryFn: ({ signal }) => get<FirstSend>(`/api/home/request/${id}/first_send/`, undefined, signal),
    retry: notMissing,
    meta: shows('requests'),
  });
}

export const markInitialSent = (id: number) =>
  post<StaffActionResult>(`/api/home/request/${id}/initial_sent/`);
export const cancelRequest = (id: number) => post<StaffActionResult>(`/api/home/request/${id}/cancel/`);
export const sendToLawyer = (id: number) =>
  post<StaffActionResult>(`/api/home/request/${id}/send_to_lawyer/`);
export const deleteRequest = (id: number) => post<{ success: true }>(`/api/home/request/${id}/delete/`);
/** Confirms the contact details of a provider a law firm added (clears 'new provider' on its requests). */
export const verifyProvider = (providerId: number) =>
  post<ProviderVerified>(`/api/home/provider/${providerId}/verify/`);

export const addStaffNote = (body: NoteBody) => post<RequestNote>('/api/home/notes/', body);
export const setNoteReminder = (noteId: number, reminderDate: string | null) =>
  post<RequestNote>(`/api/home/notes/${noteId}/`, { reminder_date: reminderDate });

/** Archive (off the staff lists) or make active again. */
export const setArchived = (id: number, archived: boolean) =>
  post<unknown>(`/api/home/request/${id}/`, { archived });
/** A provider's demand of payment before it releases the records, asked of the firm like a charge. */
export const recordPrepayment = (id: number, body: PrepaymentBody) =>
  post<{ success: string; approval: FeeApproval | null }>(
    `/api/home/request/${id}/fee_approvals/prepayment/`,
    body,
  );
/** The requisition and provider fee form (the request module saves it and its invoice line). */
export const saveTracking = (id: number, body: RequisitionBody) =>
  post<unknown>(`/api/home/request/${id}/`, body);
