import { type RequestStatus, STAFF_MSG, STAFF_NOTE_TEXT, STATUS, type StaffActionResult } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import type { Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { assertAuthorizationReady } from '../authorizations/authorizations.checklist';
import { firmRecipients, type LockedRequest, requesterOrContact } from '../notes/notes.context';
import { unsafeLockActiveRequest } from '../notes/notes.context.queries';
import { insertNote } from '../notes/notes.queries';
import { type FollowUpSettings, followUpAfterStaffWork, setFollowUp } from '../notes/notes.reminders';
import { endAllReminders } from '../notes/notes.reminders.queries';
import { changeStatus } from '../notes/notes.status';
import { numberDelivery, prepareDelivery } from '../recordspackage/package.deliver';
import type { RecordsDeps } from '../recordspackage/package.unlock';
import { emitRecordsReady } from '../webhooks/webhooks.emit';
import { cancelledEmail, recordsReadyEmail } from './staffwork.emails';
import { isFirstSendDue } from './staffwork.first-send-due';
import { unsafeMedicalFileCounts } from './staffwork.queries';

/**
 * The staff actions on a request (staff spec section 4), each one transaction that locks the request:
 * mark the first e-mail to the provider as sent, cancel, and send the records to the law firm.
 */
/** `records`: where sending reads the PDFs it numbers (the other actions do not need it). */
type Deps = Pick<AppDeps, 'db' | 'mail'> & FollowUpSettings & { records?: RecordsDeps };

export async function unsafeLockOr404(tx: Tx, id: number): Promise<LockedRequest> {
  const target = await unsafeLockActiveRequest(tx, id);
  if (!target) throw notFound();
  return target;
}

/** The note every action leaves, recording the status it moved from. */
export async function actionNote(
  tx: Tx,
  auth: Auth,
  target: LockedRequest,
  text: string,
  status: RequestStatus,
): Promise<number> {
  return insertNote(tx, {
    text,
    requestId: target.id,
    companyId: target.companyId,
    userId: auth.userId,
    updateStatus: status,
    previousStatus: target.status,
  });
}

/** The note's text when the spec's own calls run an action with their note (staffwork.status.ts). */
export interface ActionNote {
  text?: string;
}

/**
 * Allowed while the request waits for its first send (staffwork.first-send-due.ts) and its HIPAA form's
 * checklist is complete (authorizations.checklist.ts).
 */
export async function markInitialSent(
  { db, mail, followUpDays }: Deps,
  auth: Auth,
  id: number,
  note: ActionNote = {},
): Promise<StaffActionResult> {
  return db.transaction(async (tx) => {
    const target = await unsafeLockOr404(tx, id);
    if (!(await isFirstSendDue(tx, id, target.status))) throw conflict(STAFF_MSG.alreadySent);
    // Every way of making the first send (button, the spec's status call, its note) passes here.
    await assertAuthorizationReady(tx, auth, id);
    const status = STATUS.initialRequestSent;
    const noteId = await actionNote(tx, auth, target, note.text ?? STAFF_NOTE_TEXT.initialSent, status);
    await changeStatus(tx, mail, target, status);
    // The provider has some business days to answer before staff chase it.
    await setFollowUp(tx, target, followUpAfterStaffWork(auth, followUpDays));
    return { status, note_id: noteId };
  });
}

export async function cancelRequest(
  { db, mail }: Deps,
  auth: Auth,
  id: number,
  note: ActionNote = {},
): Promise<StaffActionResult> {
  return db.transaction(async (tx) => {
    const target = await unsafeLockOr404(tx, id);
    if (target.status === STATUS.cancelled) throw conflict(STAFF_MSG.alreadyCancelled);
    const status = STATUS.cancelled;
    const noteId = await actionNote(tx, auth, target, note.text ?? STAFF_NOTE_TEXT.cancelled, status);
    const to = requesterOrContact(target);
    if (to) await mail.enqueue(tx, cancelledEmail({ to, publicUrl: mail.publicUrl, target }));
    await changeStatus(tx, mail, target, status);
    await endAllReminders(tx, target);
    return { status, note_id: noteId };
  });
}

/**
 * Refused while a medical document is unverified, or when there is none; otherwise the firm is told the
 * records are ready (a link, never the files), the request completes and its reminders end.
 */
export async function sendToLawyer(
  { db, mail, records }: Deps,
  auth: Auth,
  id: number,
  note: ActionNote = {},
): Promise<StaffActionResult> {
  if (!records) throw new Error('Sending records to the firm needs their storage (records).');
  // The PDFs are read and counted before the request's lock is taken; one that cannot be read is refused by name.
  const delivery = await prepareDelivery(db, records, id);
  return db.transaction(async (tx) => {
    const target = await unsafeLockOr404(tx, id);
    const counts = await unsafeMedicalFileCounts(tx, id);
    if (counts.unverified > 0) throw conflict(STAFF_MSG.verifyAllFiles);
    if (counts.medical === 0) throw conflict(STAFF_MSG.noMedicalDocuments);
    await numberDelivery(tx, delivery);

    const status = STATUS.completedArrived;
    const noteId = await actionNote(tx, auth, target, note.text ?? STAFF_NOTE_TEXT.documentsSent, status);
    for (const to of firmRecipients(target)) {
      await mail.enqueue(
        tx,
        recordsReadyEmail({ to, publicUrl: mail.publicUrl, target, documentCount: counts.medical }),
      );
    }
    await changeStatus(tx, mail, target, status, { receivedDocumentAt: new Date() });
    const request = { id, companyId: target.companyId, status };
    await emitRecordsReady(tx, mail.publicUrl, request, counts.medical);
    await endAllReminders(tx, target);
    return { status, note_id: noteId };
  });
}
