import {
  type NoteBodySchema,
  normalizeRequestDate,
  normalizeStatus,
  type RequestNote,
  type RequestStatus,
  STAFF_NOTE_STATUSES,
  STATUS,
} from '@dd/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { visibleRequests } from '../../authz/scopes';
import { companies, notes, patients, providers, requests, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { newNoteEmail } from '../requests/requests.email';
import { noteJson, selectNotes } from './notes.queries';

/**
 * Adding a note. A law-firm user's note always moves the request to 'Waiting for Direct Docs Response'
 * and e-mails support; an internal user's note may set one of the staff statuses and a reminder date.
 * The note, the status change and the e-mail are one transaction.
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

/** Completed and closed dates are stamped the first time a request reaches such a status. */
function statusDates(status: RequestStatus) {
  if (status.startsWith('Completed'))
    return { completedDate: sql`coalesce(${requests.completedDate}, now())` };
  if (status.startsWith('Closed')) return { closedDate: sql`coalesce(${requests.closedDate}, now())` };
  return {};
}

export async function addNote(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  auth: Auth,
  body: z.output<typeof NoteBodySchema>,
): Promise<RequestNote> {
  const { db, mail } = deps;
  const requested = auth.isInternal ? staffStatus(body.update_status) : STATUS.waitingForDirectDocs;
  const noteId = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        id: requests.id,
        status: requests.status,
        internalNumber: requests.internalNumber,
        firmName: companies.name,
        clientName: patients.fullName,
        providerName: providers.name,
      })
      .from(requests)
      .innerJoin(patients, eq(patients.id, requests.patientId))
      .innerJoin(providers, eq(providers.id, requests.providerId))
      .innerJoin(companies, eq(companies.id, requests.companyId))
      .where(and(eq(requests.id, body.request), visibleRequests(auth)))
      .for('update', { of: requests });
    if (!target) throw notFound();

    // Firm notes always record the move (even when already waiting); staff notes only a real change.
    const next = requested && (!auth.isInternal || requested !== target.status) ? requested : null;
    const [note] = await tx
      .insert(notes)
      .values({
        text: body.text,
        requestId: target.id,
        userId: auth.userId,
        updateStatus: next,
        previousStatus: next ? target.status : null,
        reminderDate: auth.isInternal && body.reminder_date ? normalizeRequestDate(body.reminder_date) : null,
      })
      .returning({ id: notes.id });
    if (next && next !== target.status) {
      await tx
        .update(requests)
        .set({ status: next, ...statusDates(next) })
        .where(eq(requests.id, target.id));
    }
    if (!auth.isInternal) {
      const [author] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, auth.userId));
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
          authorName: author?.name ?? 'A law-firm user',
          text: body.text,
        }),
      );
    }
    return note.id;
  });
  const [row] = await selectNotes(db).where(eq(notes.id, noteId));
  return noteJson(row);
}
