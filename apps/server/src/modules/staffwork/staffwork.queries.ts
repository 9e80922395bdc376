import { PROVIDER_REACHED_STATUSES, STATUS } from '@dd/shared';
import { and, eq, gt, inArray, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import { companies, files, notes, patients, providers, requests, users } from '../../db/schema';

/**
 * The statements of the staff actions and views (staff spec section 4): internal-staff work, whose
 * routes admit internal staff alone, so requests are read by id, whatever the firm.
 */

/** How many of the request's files are medical documents (not archived, not supporting), and how many of those are unverified. */
export async function unsafeMedicalFileCounts(tx: Tx, requestId: number) {
  const medical = sql`not ${files.archived} and not ${files.supportingFile}`;
  const [counts] = await tx
    .select({
      medical: sql<number>`count(*) filter (where ${medical})`.mapWith(Number),
      unverified: sql<number>`count(*) filter (where ${medical} and ${files.verifiedById} is null)`.mapWith(
        Number,
      ),
    })
    .from(files)
    .where(eq(files.requestId, requestId));
  return counts;
}

/** What the first e-mail to the provider names and attaches, for the active request `id` of any firm. */
export async function unsafeFirstSendFacts(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      internalNumber: requests.internalNumber,
      rush: requests.rush,
      startDate: requests.startDate,
      endDate: requests.endDate,
      specialInstructions: requests.specialInstructions,
      attorneyName: requests.attorneyName,
      intakeFormUrl: requests.intakeFormUrl,
      requestHipaa: requests.hipaaConsentUrl,
      clientName: patients.fullName,
      dateOfBirth: patients.dateOfBirth,
      clientHipaa: patients.hipaaConsentUrl,
      providerName: providers.name,
      providerEmail: providers.email,
      providerVerifiedAt: providers.verifiedAt,
      newProvider: requests.newProvider,
      providerForm: providers.medicalRequestUrl,
      firmName: companies.name,
      releaseFormUrl: companies.releaseFormUrl,
    })
    .from(requests)
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(unsafeActiveRequestById(id));
  return row;
}

/** The user's full name. */
export async function userName(db: DbOrTx, userId: number) {
  const [sender] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return sender;
}

/** The id of the request's last note that (re)submitted it, if any. */
export async function lastResubmitNoteId(db: DbOrTx, requestId: number): Promise<number | null | undefined> {
  const [last] = await db
    .select({ id: max(notes.id) })
    .from(notes)
    .where(and(eq(notes.requestId, requestId), eq(notes.updateStatus, STATUS.requestedByLawyer)));
  return last?.id;
}

/** Whether a note after `afterId` moved the request into or out of a status that reached the provider. */
export async function providerReachedAfter(db: DbOrTx, requestId: number, afterId: number): Promise<boolean> {
  const [reached] = await db
    .select({ id: notes.id })
    .from(notes)
    .where(
      and(
        eq(notes.requestId, requestId),
        gt(notes.id, afterId),
        or(
          inArray(notes.updateStatus, [...PROVIDER_REACHED_STATUSES]),
          inArray(notes.previousStatus, [...PROVIDER_REACHED_STATUSES]),
        ),
      ),
    )
    .limit(1);
  return reached !== undefined;
}

const mainContact = alias(users, 'main_contact');
const requester = alias(users, 'requester_user');
const worker = alias(users, 'working_on');

const personColumns = (u: typeof mainContact | typeof requester) => ({
  id: u.id,
  full_name: u.fullName,
  email: u.email,
  phone_number: u.phoneNumber,
});

/** The staff-only facts of the active request `id` of any firm, in one query. */
export async function unsafeStaffInfoRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: requests.id,
      archived: requests.archived,
      nextTodoDate: requests.nextTodoDate,
      requisitionId: requests.requisitionId,
      providerCost: requests.providerCost,
      pageFee: requests.pageFee,
      providerPages: requests.providerPages,
      providerMedium: requests.providerMedium,
      providerClericalMinutes: requests.providerClericalMinutes,
      providerPostage: requests.providerPostage,
      receivedDocumentAt: requests.receivedDocumentAt,
      newProvider: requests.newProvider,
      providerVerifiedAt: providers.verifiedAt,
      firm: {
        id: companies.id,
        name: companies.name,
        phone_number: companies.phoneNumber,
        release_form_url: companies.releaseFormUrl,
      },
      mainContact: personColumns(mainContact),
      requester: personColumns(requester),
      worker: { id: worker.id, full_name: worker.fullName },
    })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .leftJoin(mainContact, eq(mainContact.id, requests.userId))
    .leftJoin(requester, eq(requester.id, requests.requesterId))
    .leftJoin(worker, eq(worker.id, requests.workingOnId))
    .where(unsafeActiveRequestById(id));
  return row;
}
