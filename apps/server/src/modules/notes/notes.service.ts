import {
  firmNoteKeepsStatus,
  isOpenStatus,
  type NoteBodySchema,
  normalizeRequestDate,
  normalizeStatus,
  type RequestNote,
  type RequestStatus,
  STAFF_NOTE_STATUSES,
  STATUS,
} from '@dd/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { can } from '../../authz/policy';
import type { Tx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { newNoteEmail } from '../requests/requests.email';
import { actionForStatus, NOTE_ACTION_STATUSES } from '../staffwork/staffwork.status';
import { firmRecipients, type LockedRequest } from './notes.context';
import { lockVisibleRequest } from './notes.context.queries';
import { assistanceEmail, staffNoteEmail } from './notes.emails';
import {
  callerName,
  insertNote,
  lockRequestRow,
  noteById,
  setReminderDate,
  visibleNoteRequest,
  visibleRequestStatus,
} from './notes.queries';
import {
  assertReminderNotPast,
  type FollowUpSettings,
  followUpAfterStaffWork,
  keepOnTheList,
  setFollowUp,
  staffToday,
} from './notes.reminders';
import { changeStatus } from './notes.status';

/**
 * Adding a note. A law-firm user's note always moves the request to 'Waiting for Direct Docs Response'
 * and e-mails support. An internal user's note may set a staff status (changing the request's status,
 * dates and next_todo_date) and a reminder, and tells the firm: 'Need Assistance' asks the main contact
 * and requester for help, any other note notifies the main contact. One transaction.
 */
export const invalidNoteStatusMessage = (status: string) => `'${status}' is not a status a note can set.`;

function staffStatus(value: string | null | undefined): RequestStatus | null {
  if (!value) return null;
  const status = normalizeStatus(value);
  if (!status || !(STAFF_NOTE_STATUSES as readonly string[]).includes(status)) {
    throw badRequest(invalidNoteStatusMessage(value), { update_status: invalidNoteStatusMessage(value) });
  }
  return status;
}

export async function addNote(
  deps: Pick<AppDeps, 'db' | 'mail'> & FollowUpSettings,
  auth: Auth,
  body: z.output<typeof NoteBodySchema>,
): Promise<RequestNote> {
  const { db, mail } = deps;
  const staffNote = can(auth, 'note.staffNote');
  const viaAction = await noteByAction(deps, auth, body);
  if (viaAction) return viaAction;
  const staffRequested = staffNote ? staffStatus(body.update_status) : null;
  const reminder = staffNote && body.reminder_date ? normalizeRequestDate(body.reminder_date) : null;
  const saved = await db.transaction(async (tx) => {
    const target = await lockVisibleRequest(tx, auth, body.request);
    if (!target) throw notFound();
    if (reminder) assertReminderNotPast(auth, reminder);

    // A firm note asks Direct Docs to answer, except while a fee waits for the firm itself (the request
    // keeps waiting for that answer) or while a rejected request waits for its fix and staff's resend.
    const requested = staffNote
      ? staffRequested
      : firmNoteKeepsStatus(target.status)
        ? null
        : STATUS.waitingForDirectDocs;
    // Firm notes always record the move (even when already waiting); staff notes only a real change.
    const next = requested && (!staffNote || requested !== target.status) ? requested : null;
    const noteId = await insertNote(tx, {
      text: body.text,
      requestId: target.id,
      companyId: target.companyId,
      userId: auth.userId,
      updateStatus: next,
      previousStatus: next ? target.status : null,
      reminderDate: reminder,
    });
    if (next && next !== target.status) await changeStatus(tx, mail, target, next);
    const author = await callerName(tx, auth);
    if (staffNote) {
      const open = isOpenStatus(next ?? target.status);
      // A reminder replaces the follow-up; without one the follow-up moves forward.
      const followUp = open && !reminder ? followUpAfterStaffWork(auth, deps.followUpDays) : null;
      await setFollowUp(tx, target, followUp);
      await notifyFirm(tx, mail, target, { requested, next, text: body.text, author });
    } else {
      // The firm is waiting for an answer: the request is due at once.
      await setFollowUp(tx, target, await staffToday(tx));
      await mail.enqueue(
        tx,
        newNoteEmail({
          to: mail.supportEmail,
          publicUrl: mail.publicUrl,
          requestId: target.id,
          internalNumber: target.internalNumber,
          firmName: target.firmName,
          clientName: target.clientName,
          providerName: target.providerName,
          authorName: author ?? 'A law-firm user',
          text: body.text,
        }),
      );
    }
    return { id: noteId, companyId: target.companyId };
  });
  return noteById(db, saved);
}

/**
 * The spec's first-send and cancel notes (update_status 'Medical Records Request Sent' or 'Closed -
 * Cancelled Request') are those staff actions with the note's text: same transaction, e-mails and
 * follow-up (staffwork.status.ts). A request already in that status just gets the note.
 */
async function noteByAction(
  deps: Pick<AppDeps, 'db' | 'mail'> & FollowUpSettings,
  auth: Auth,
  body: z.output<typeof NoteBodySchema>,
): Promise<RequestNote | undefined> {
  const status = body.update_status ? normalizeStatus(body.update_status) : undefined;
  if (!status || !NOTE_ACTION_STATUSES.includes(status) || !can(auth, 'request.staffWork')) return undefined;
  const target = await visibleRequestStatus(deps.db, auth, body.request);
  if (!target) throw notFound();
  if (target.status === status) return addNote(deps, auth, { ...body, update_status: null });
  const { note_id: noteId } = await actionForStatus(status)!(deps, auth, body.request, { text: body.text });
  if (body.reminder_date) await setNoteReminder(deps, auth, noteId, body.reminder_date);
  return noteById(deps.db, { id: noteId, companyId: target.companyId });
}

/** 'Need Assistance' asks the main contact and requester for help; any other staff note tells the main contact. */
async function notifyFirm(
  tx: Tx,
  mail: Mail,
  target: LockedRequest,
  note: { requested: RequestStatus | null; next: RequestStatus | null; text: string; author?: string },
): Promise<void> {
  const { publicUrl } = mail;
  if (note.requested === STATUS.needAssistance) {
    for (const to of firmRecipients(target)) {
      await mail.enqueue(tx, assistanceEmail({ to, publicUrl, target, text: note.text }));
    }
    return;
  }
  const to = target.mainContact ?? target.requester;
  if (!to) return;
  await mail.enqueue(
    tx,
    staffNoteEmail({
      to,
      publicUrl,
      target,
      authorName: note.author || 'Direct Docs',
      text: note.text,
      newStatus: note.next,
    }),
  );
}

/** POST /api/home/notes/{id}/: end a reminder (null) or move it; next_todo_date follows. */
export async function setNoteReminder(
  { db, followUpDays }: Pick<AppDeps, 'db'> & FollowUpSettings,
  auth: Auth,
  noteId: number,
  reminderDate: string | null,
): Promise<RequestNote> {
  const date = reminderDate === null ? null : normalizeRequestDate(reminderDate);
  const note = await db.transaction(async (tx) => {
    const found = await visibleNoteRequest(tx, auth, noteId);
    if (!found) throw notFound();
    const request = { id: found.requestId, companyId: found.companyId };
    // Lock the request so concurrent reminder changes recompute next_todo_date one after the other.
    await lockRequestRow(tx, request);
    if (date) assertReminderNotPast(auth, date);
    await setReminderDate(tx, { id: noteId, companyId: request.companyId }, date);
    await keepOnTheList(tx, request, followUpAfterStaffWork(auth, followUpDays));
    return { id: noteId, companyId: request.companyId };
  });
  return noteById(db, note);
}
