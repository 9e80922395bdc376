import {
  type Cents,
  duplicateRequestMessage,
  mainContactNotInFirmMessage,
  normalizeRequestDate,
  type RequestBody,
  STATUS,
  validateRequestInput,
} from '@dd/shared';
import type { Auth } from '../../authz';
import { can } from '../../authz/policy';
import type { Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkUploadRef } from '../files/files.refs';
import {
  activeUserOfFirm,
  duplicateProviderNames,
  lockVisibleClient,
  unsafeActiveRequestNumbered,
} from './requests.input.queries';

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

/** The columns an order or a resubmission writes from the form, the same for both. */
export function formColumns(body: RequestBody, input: Pick<CheckedRequestInput, 'startDate' | 'endDate'>) {
  return {
    status: STATUS.requestedByLawyer,
    rush: body.rush,
    startDate: input.startDate,
    endDate: input.endDate,
    specialInstructions: body.special_instructions,
    intakeFormUrl: body.intake_form_url,
    hipaaConsentUrl: body.hipaa_consent_url,
    attorneyName: body.attorney_name,
    ...(body.legal_basis && { legalBasis: body.legal_basis }),
  };
}

/**
 * The request internal staff are splitting when they create its copies through the create call (the
 * body names the original's number, or it plus '-N'); undefined for anyone else and any other order.
 */
export async function requestBeingSplit(tx: Tx, auth: Auth, body: RequestBody): Promise<number | undefined> {
  if (!can(auth, 'request.staffWork') || !body.internal_number || !body.patient) return undefined;
  const numbers = [...new Set([body.internal_number, body.internal_number.replace(/-\d+$/, '')])];
  const original = await unsafeActiveRequestNumbered(tx, numbers, body.patient);
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

  const patient = await lockVisibleClient(tx, auth, patientId);
  if (!patient) throw notFound();

  const contact = await activeUserOfFirm(tx, patient.companyId, userId!);
  if (!contact) throw badRequest(mainContactNotInFirmMessage, { user: mainContactNotInFirmMessage });
  checkFormLinks(auth, body, [...(options.storedForms ?? []), patient.hipaaConsentUrl], options.storedForms);

  if (!body.override_duplicates) {
    const names = await duplicateProviderNames(tx, {
      companyId: patient.companyId,
      patientId,
      userId: contact.id,
      startDate,
      endDate,
      providerIds: body.provider,
      excludeRequestId: options.excludeRequestId,
    });
    if (names.length) throw conflict(duplicateRequestMessage(names), { duplicates: names });
  }
  return { userId: contact.id, startDate, endDate, patient };
}
