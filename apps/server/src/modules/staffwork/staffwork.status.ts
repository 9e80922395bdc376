import { type RequestStatus, STATUS } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import type { FollowUpSettings } from '../notes/notes.reminders';
import { markNoRecordsFound, rejectNeedsReason } from '../outcomes/outcomes.service';
import type { RecordsDeps } from '../recordspackage/package.unlock';
import { type ActionNote, cancelRequest, markInitialSent, sendToLawyer } from './staffwork.service';

/**
 * The spec's own calls move a request by status (staff spec section 7: POST /api/home/request/{id}/ with
 * {status}, POST /api/home/notes/ with update_status). Three statuses are staff actions with more to them
 * than a status (e-mails, follow-ups, the send-to-lawyer gate); those calls run the action itself, in its
 * own transaction, so a client written from the spec does exactly what the buttons do
 * (docs/decisions/020).
 */
type Deps = Pick<AppDeps, 'db' | 'mail'> & FollowUpSettings & { records?: RecordsDeps };
type Action = (deps: Deps, auth: Auth, id: number, note?: ActionNote) => Promise<{ note_id: number }>;

const ACTIONS: Partial<Record<RequestStatus, Action>> = {
  [STATUS.initialRequestSent]: markInitialSent,
  [STATUS.cancelled]: cancelRequest,
  [STATUS.completedArrived]: sendToLawyer,
  // The provider's outcomes (decision 058): no records is the staff action itself; a rejection needs
  // its reason, which the status call cannot carry.
  [STATUS.noRecordsFound]: (deps, auth, id, note) => markNoRecordsFound(deps, auth, id, { note: note?.text }),
  [STATUS.requestRejected]: rejectNeedsReason,
};

/** Statuses a note runs as their action (the note form's cancel, the spec's first-send note). */
export const NOTE_ACTION_STATUSES: readonly RequestStatus[] = [STATUS.initialRequestSent, STATUS.cancelled];

/** The staff action a status stands for, if it stands for one. */
export const actionForStatus = (status: RequestStatus | undefined) => (status ? ACTIONS[status] : undefined);
