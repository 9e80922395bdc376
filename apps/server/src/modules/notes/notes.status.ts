import { isOpenStatus, type RequestStatus } from '@dd/shared';
import type { Tx } from '../../db/client';
import type { Mail } from '../../lib/outbox';
import { refreshDeadline } from '../requests/requests.deadline';
import { emitStatusChanged } from '../webhooks/webhooks.emit';
import { type LockedRequest, requesterOrContact } from './notes.context';
import { allCompleteEmail } from './notes.emails';
import {
  clientHasOpenRequest,
  lockClientOf,
  type RequestChanges,
  updateRequestStatus,
} from './notes.status.queries';

/**
 * Moving a locked request to another status, for notes and the staff actions: completed and closed
 * dates are stamped the first time (and the request leaves the To Do list), and when the client's last open request leaves the open statuses
 * the requester hears that all requests for that client are complete; the firm's webhooks are told.
 */
export async function changeStatus(
  tx: Tx,
  mail: Mail,
  target: LockedRequest,
  next: RequestStatus,
  extra: RequestChanges = {},
): Promise<void> {
  await updateRequestStatus(tx, target, next, extra);
  // The status note is already written: the deadline reads it (the first send starts the clock).
  await refreshDeadline(tx, target);
  // The firm's webhooks hear of it in this transaction (decision 059).
  if (next !== target.status) {
    const request = { id: target.id, companyId: target.companyId, status: next };
    await emitStatusChanged(tx, mail.publicUrl, request, target.status);
  }
  if (isOpenStatus(target.status) && !isOpenStatus(next)) await notifyIfClientDone(tx, mail, target);
}

async function notifyIfClientDone(tx: Tx, mail: Mail, target: LockedRequest): Promise<void> {
  // Two of the client's requests closing at once must not both miss (or both send) the e-mail:
  // the client's row serialises them (NO KEY UPDATE leaves foreign-key checks alone).
  await lockClientOf(tx, target);
  const open = await clientHasOpenRequest(tx, target);
  const to = requesterOrContact(target);
  if (open || !to) return;
  await mail.enqueue(tx, allCompleteEmail({ to, publicUrl: mail.publicUrl, target }));
}
