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
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Tx } from '../../db/client';
import { requests } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { certifyUnmarkedAsNone } from '../completeness/completeness.service';
import { firmRecipients, type LockedRequest } from '../notes/notes.context';
import { endAllReminders, setFollowUp, staffToday } from '../notes/notes.reminders';
import { changeStatus } from '../notes/notes.status';
import { actionNote, unsafeLockOr404 } from '../staffwork/staffwork.service';
import { noRecordsEmail, rejectedEmail } from './outcomes.emails';

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
  extra: Partial<typeof requests.$inferInsert> = {},
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
    const [row] = await tx
      .select({ reason: requests.rejectionReason })
      .from(requests)
      .where(and(eq(requests.id, id), eq(requests.companyId, target.companyId)));
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
