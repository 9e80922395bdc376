import { FIRST_SEND_HOLD_STATUSES, type RequestStatus, STATUS } from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { lastResubmitNoteId, providerReachedAfter } from './staffwork.queries';

/**
 * Whether the request still waits for its first e-mail to the provider (the first-send view and
 * 'I've sent the email'). A fact from the status and the notes' status history, never "has any note":
 * a firm's question or a staff call for help before the first send leaves it due (docs/decisions/039).
 */
export async function isFirstSendDue(db: DbOrTx, id: number, status: RequestStatus): Promise<boolean> {
  if (status === STATUS.requestedByLawyer) return true;
  if (!FIRST_SEND_HOLD_STATUSES.includes(status)) return false;
  // Only what happened since the last (re)submission counts: a resubmit note moves it back to the start.
  const last = await lastResubmitNoteId(db, id);
  return !(await providerReachedAfter(db, id, last ?? 0));
}
