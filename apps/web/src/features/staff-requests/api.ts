import type {
  FirstSend,
  NoteBody,
  NoteTemplate,
  ProviderVerified,
  RequestDetail,
  RequestNote,
  StaffActionResult,
  StaffRequestInfo,
} from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';

/**
 * The calls of the staff request detail. Keys start with 'requests' so that anything invalidating the
 * requests (an edit, a split) refreshes this screen too.
 */
export const staffRequestKeys = {
  all: (id: number) => ['requests', 'staff', id] as const,
  detail: (id: number) => ['requests', 'staff', id, 'detail'] as const,
  info: (id: number) => ['requests', 'staff', id, 'info'] as const,
  firstSend: (id: number) => ['requests', 'staff', id, 'first-send'] as const,
  templates: ['note-templates'] as const,
};

const notMissing = (count: number, error: Error) =>
  (error as { status?: number }).status !== 404 && count < 1;

export function useStaffRequest(id: number) {
  return useQuery({
    queryKey: staffRequestKeys.detail(id),
    queryFn: ({ signal }) => get<RequestDetail>(`/api/home/request/${id}/`, undefined, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: notMissing,
  });
}

export function useStaffInfo(id: number) {
  return useQuery({
    queryKey: staffRequestKeys.info(id),
    queryFn: ({ signal }) => get<StaffRequestInfo>(`/api/home/request/${id}/staff_info/`, undefined, signal),
    retry: notMissing,
  });
}

export function useFirstSend(id: number) {
  return useQuery({
    queryKey: staffRequestKeys.firstSend(id),
    queryFn: ({ signal }) => get<FirstSend>(`/api/home/request/${id}/first_send/`, undefined, signal),
    retry: notMissing,
  });
}

export function useNoteTemplates() {
  return useQuery({
    queryKey: staffRequestKeys.templates,
    queryFn: ({ signal }) => get<NoteTemplate[]>('/api/home/notetemplate/', undefined, signal),
    staleTime: 5 * 60_000,
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

/** The requisition and provider fee form (the request module saves it and its invoice line). */
export const saveTracking = (id: number, body: { requisition_id: string | null; provider_cost: number }) =>
  post<unknown>(`/api/home/request/${id}/`, body);
