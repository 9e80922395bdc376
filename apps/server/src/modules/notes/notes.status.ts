import { finishKind, isOpenStatus, OPEN_STATUSES, type RequestStatus } from '@dd/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { patients, requests } from '../../db/schema';
import type { Mail } from '../../lib/outbox';
import { refreshDeadline } from '../requests/requests.deadline';
import { emitStatusChanged } from '../webhooks/webhooks.emit';
import { type LockedRequest, requesterOrContact } from './notes.context';
import { allCompleteEmail } from './notes.emails';

/**
 * Moving a locked request to another status, for notes and the staff actions: completed and closed
 * dates are stamped the first time (and the request leaves the To Do list), and when the client's last open request leaves the open statuses
 * the requester hears that all requests for that client are complete; the firm's webhooks are told.
 */
function statusDates(status: RequestStatus) {
  // A finished request is on nobody's To Do list (notes.reminders.ts).
  const done = { nextTodoDate: null, followUpDate: null };
  const finish = finishKind(status);
  if (finish === 'completed')
    return { ...done, completedDate: sql`coalesce(${requests.completedDate}, now())` };
  if (finish === 'closed') return { ...done, closedDate: sql`coalesce(${requests.closedDate}, now())` };
  return {};
}

export async function changeStatus(
  tx: Tx,
  mail: Mail,
  target: LockedRequest,
  next: RequestStatus,
  extra: Partial<typeof requests.$inferInsert> = {},
): Promise<void> {
  await tx
    .update(requests)
    .set({ status: next, ...statusDates(next), ...extra })
    .where(and(eq(requests.id, target.id), eq(requests.companyId, target.companyId)));
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
  await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, target.patientId), eq(patients.companyId, target.companyId)))
    .for('no key update');
  const [open] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.patientId, target.patientId),
        eq(requests.companyId, target.companyId),
        eq(requests.active, true),
        inArray(requests.status, OPEN_STATUSES),
      ),
    )
    .limit(1);
  const to = requesterOrContact(target);
  if (open || !to) return;
  await mail.enqueue(tx, allCompleteEmail({ to, publicUrl: mail.publicUrl, target }));
}
