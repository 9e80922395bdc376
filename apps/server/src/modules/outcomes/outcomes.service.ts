import {
  isOpenStatus,
  type NoRecordsBody,
  OUTCOME_MSG,
  type OutcomeResult,
  outcomeNote,
  type RejectBody,
  type RequestStatus,
  type ResendBody,
  STATUS,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { certifyUnmarkedAsNone } from '../completeness/completeness.queries';
import { firmRecipients, type LockedRequest } from '../notes/notes.context';
import { setFollowUp, staffToday } from '../notes/notes.reminders';
import { endAllReminders } from '../notes/notes.reminders.queries';
import { changeStatus } from '../notes/notes.status';
import type { RequestChanges } from '../notes/notes.status.queries';
import { actionNote, unsafeLockOr404 } from '../staffwork/staffwork.service';
import { noRecordsEmail, rejectedEmail } from './outcomes.emails';
import { reasonRejected } from './outcomes.queries';

/**
 * The provider's outcomes, set by internal staff (decision 058): 'No Records Found' finishes the request
 * (its follow-ups end; the signed certification follows, outcomes.certification.ts), 'Request Rejected'
 * waits on the fix with its reason (the legal clock and follow-ups pause, WAITING_ON_FIRM_STATUSES), and
 * the resend returns a rejected request to 'Requested By Lawyer', where the first send picks it up again.
 * The spec's generic status call runs these same functions (staffwork.status.ts).
 */
type Deps = Pick<AppDeps, 'db' | 'mail'>;

async function lockForStaff(tx: Tx, auth: Auth, id: number): Promise<LockedRequest> {
  authorize(auth, 'request.staffWork');
  return unsafeLockOr404(tx, id);
}

async function moveWithNote(
  tx: Tx,
  mail: Mail,
  auth: Auth,
  target: LockedRequest,
  text: string,
  status: RequestStatus,
  extra: RequestChanges = {},
): Promise<number> {
  const noteId = await actionNote(tx, auth, target, text, status);
  await changeStatus(tx, mail, target, status, extra);
  return noteId;
}

export async function markNoRecordsFound(
  { db, mail }: Deps,
  auth: Auth,
  id: number,
  body: NoRecordsBody = {},
): Promise<OutcomeResult> {
  return db.transaction(async (tx) => {
    const target = await lockForStaff(tx, auth, id);
    if (!isOpenStatus(target.status)) throw conflict(OUTCOME_MSG.alreadyFinished);
    const status = STATUS.noRecordsFound;
    const noteId = await moveWithNote(tx, mail, auth, target, outcomeNote.noRecords(body.note), status, {
      rejectionReason: null,
    });
    await endAllReminders(tx, target);
    await certifyUnmarkedAsNone(tx, id, auth.userId);
    for (const to of firmRecipients(target))
      await mail.enqueue(tx, noRecordsEmail({ to, publicUrl: mail.publicUrl, target }));
    return { success: OUTCOME_MSG.noRecords, status, note_id: noteId };
  });
}

export async function rejectRequest(
  { db, mail }: Deps,
  auth: Auth,
  id: number,
  body: RejectBody,
): Promise<OutcomeResult> {
  return db.transaction(async (tx) => {
    const target = await lockForStaff(tx, auth, id);
    if (!isOpenStatus(target.status)) throw conflict(OUTCOME_MSG.alreadyFinished);
    const status = STATUS.requestRejected;
    const text = outcomeNote.rejected(body.reason, body.note);
    const noteId = await moveWithNote(tx, mail, auth, target, text, status, { rejectionReason: body.reason });
    for (const to of firmRecipients(target))
      await mail.enqueue(tx, rejectedEmail({ to, publicUrl: mail.publicUrl, target, reason: body.reason }));
    return { success: OUTCOME_MSG.rejected, status, note_id: noteId };
  });
}

/** The fix is made (a new authorization, the right provider): back to be sent, on today's To Do list. */
export async function resendRequest(
  { db, mail }: Deps,
  auth: Auth,
  id: number,
  body: ResendBody = {},
): Promise<OutcomeResult> {
  return db.transaction(async (tx) => {
    const target = await lockForStaff(tx, auth, id);
    if (target.status !== STATUS.requestRejected) throw conflict(OUTCOME_MSG.notRejected);
    const row = await reasonRejected(tx, { id, companyId: target.companyId });
    const status = STATUS.requestedByLawyer;
    const noteId = await moveWithNote(
      tx,
      mail,
      auth,
      target,
      outcomeNote.resent(row.reason, body.note),
      status,
      {
        rejectionReason: null,
      },
    );
    await setFollowUp(tx, target, await staffToday(tx));
    return { success: OUTCOME_MSG.resent, status, note_id: noteId };
  });
}

/** The spec's status call cannot carry a reason: it is pointed at the action that does. */
export async function rejectNeedsReason(): Promise<never> {
  throw badRequest(OUTCOME_MSG.rejectNeedsReason, { status: OUTCOME_MSG.rejectNeedsReason });
}
