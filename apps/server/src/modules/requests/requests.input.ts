import {
  type Cents,
  duplicateRequestMessage,
  mainContactNotInFirmMessage,
  normalizeRequestDate,
  type RequestBody,
  validateRequestInput,
} from '@dd/shared';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { can } from '../../authz/policy';
import { visiblePatients } from '../../authz/scopes';
import type { Tx } from '../../db/client';
import { companies, patients, providers, requests, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkUploadRef } from '../files/files.refs';

/**
 * The checks shared by submit and resubmit, in the spec's order: required fields and date formats,
 * the client (visible to the caller), the main contact (an active user of the client's firm), the form
 * links, and the duplicate check (409 listing the providers unless override_duplicates).
 *
 * Runs inside the caller's transaction and locks the client's row: every submit
 * and resubmit for one client then takes its turn, so two identical submissions (a double click, two
 * tabs) cannot both pass the duplicate check before either has inserted. NO KEY UPDATE, not UPDATE: it
 * still lets other transactions insert rows that reference the client (their foreign-key check takes
 * KEY SHARE), so it cannot deadlock with them.
 */
export interface CheckedRequestInput {
  userId: number;
  startDate: string;
  endDate: string;
  patient: { id: number; fullName: string; companyId: number; companyName: string; requestPrice: Cents };
}

/**
 * The request internal staff are splitting when they create its copies through the create call (the
 * body names the original's number, or it plus '-N'); undefined for anyone else and any other order.
 */
export async function requestBeingSplit(tx: Tx, auth: Auth, body: RequestBody): Promise<number | undefined> {
  if (!can(auth, 'request.staffWork') || !body.internal_number || !body.patient) return undefined;
  const numbers = [...new Set([body.internal_number, body.internal_number.replace(/-\d+$/, '')])];
  const [original] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        inArray(requests.internalNumber, numbers),
        eq(requests.patientId, body.patient),
        eq(requests.active, true),
      ),
    )
    .orderBy(asc(requests.id))
    .limit(1);
  return original?.id;
}

/** The client's own HIPAA consent may be reused on its requests, whoever uploaded it. */
function checkFormLinks(
  auth: Auth,
  body: RequestBody,
  hipaaAllowed: (string | null)[],
  intakeAllowed: (string | null)[] = [],
) {
  const errors: Record<string, string> = {};
  const hipaa = checkUploadRef(auth, body.hipaa_consent_url, hipaaAllowed, 'hipaa-forms');
  if (hipaa) errors.hipaa_consent_url = hipaa;
  const intake = checkUploadRef(auth, body.intake_form_url, intakeAllowed, 'supporting-documents');
  if (intake) errors.intake_form_url = intake;
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
}

export async function checkRequestInput(
  tx: Tx,
  auth: Auth,
  body: RequestBody,
  options: {
    currentMainContact?: number | null;
    excludeRequestId?: number;
    /** The form links already saved on the request being edited, which may be kept. */
    storedForms?: (string | null)[];
  } = {},
): Promise<CheckedRequestInput> {
  const fallback = options.currentMainContact ?? auth.userId;
  const userId = can(auth, 'request.chooseMainContact') ? body.user : fallback;
  const failure = validateRequestInput({ ...body, user: userId });
  if (failure) throw badRequest(failure.error, failure.fields);
  const patientId = body.patient!;
  const startDate = normalizeRequestDate(body.start_date!);
  const endDate = normalizeRequestDate(body.end_date!);

  const [patient] = await tx
    .select({
      id: patients.id,
      fullName: patients.fullName,
      companyId: patients.companyId,
      companyName: companies.name,
      requestPrice: companies.requestPrice,
      hipaaConsentUrl: patients.hipaaConsentUrl,
    })
    .from(patients)
    .innerJoin(companies, eq(companies.id, patients.companyId))
    .where(and(eq(patients.id, patientId), visiblePatients(auth)))
    .for('no key update', { of: patients });
  if (!patient) throw notFound();

  const [contact] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId!), eq(users.companyId, patient.companyId), eq(users.isActive, true)));
  if (!contact) throw badRequest(mainContactNotInFirmMessage, { user: mainContactNotInFirmMessage });
  checkFormLinks(auth, body, [...(options.storedForms ?? []), patient.hipaaConsentUrl], options.storedForms);

  if (!body.override_duplicates) {
    const duplicates = await tx
      .selectDistinct({ name: providers.name })
      .from(requests)
      .innerJoin(providers, eq(providers.id, requests.providerId))
      .where(
        and(
          eq(requests.companyId, patient.companyId),
          eq(requests.patientId, patientId),
          // A deleted (archived) request no longer stands in the way of ordering it again.
          eq(requests.active, true),
          eq(requests.userId, contact.id),
          eq(requests.startDate, startDate),
          eq(requests.endDate, endDate),
          inArray(requests.providerId, body.provider),
          options.excludeRequestId ? ne(requests.id, options.excludeRequestId) : undefined,
        ),
      )
      .orderBy(asc(providers.name));
    if (duplicates.length) {
      const names = duplicates.map((d) => d.name);
      throw conflict(duplicateRequestMessage(names), { duplicates: names });
    }
  }
  return { userId: contact.id, startDate, endDate, patient };
}
