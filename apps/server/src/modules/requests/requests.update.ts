import {
  chooseOneProviderMessage,
  clientOfSameFirmMessage,
  providerMissingMessage,
  type RequestBody,
  type RequestListItem,
  requestPrice,
  STATUS,
} from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { setFollowUp, staffToday } from '../notes/notes.reminders';
import { emitStatusChanged } from '../webhooks/webhooks.emit';
import { refreshDeadline } from './requests.deadline';
import { checkRequestInput, formColumns } from './requests.input';
import { findVisibleRequest, unsafeRequestRowsByIds, withRelated } from './requests.queries';
import { replaceRequestTypes, resolveRequestTypes } from './requests.types';
import {
  insertStatusNote,
  lockRequestStatus,
  providerExists,
  saveResubmittedRequest,
} from './requests.update.queries';

/**
 * Edit (resubmit); delete is requests.delete.ts. A resubmit puts the request back to 'Requested By Lawyer' (spec section 4:
 * the initial status on create and on resubmit) and prices it again with the same rule as a submit;
 * when the status actually changes a note records the previous one and the firm's webhooks are told.
 */
export const RESUBMIT_NOTE = 'Request edited and resubmitted';

export async function updateRequest(
  db: Db,
  auth: Auth,
  id: number,
  body: RequestBody,
  publicUrl: string,
): Promise<RequestListItem> {
  const existing = await findVisibleRequest(db, auth, id);
  if (!existing) throw notFound();
  authorize(auth, 'request.edit', { status: existing.status });
  if (body.provider.length > 1) {
    throw badRequest(chooseOneProviderMessage, { provider: chooseOneProviderMessage });
  }
  const providerId = body.provider[0];

  const key = { id, companyId: existing.companyId };
  await db.transaction(async (tx) => {
    // Checked under the client's lock (taken before the request's, like every submit and resubmit), so
    // a submission or another edit cannot create the same duplicate at the same moment.
    const input = await checkRequestInput(tx, auth, body, {
      currentMainContact: existing.userId,
      excludeRequestId: id,
      storedForms: [existing.hipaaConsentUrl, existing.intakeFormUrl],
    });
    if (input.patient.companyId !== existing.companyId)
      throw badRequest(clientOfSameFirmMessage, { patient: clientOfSameFirmMessage });
    // A type deleted from the list since stays allowed on the request that already has it.
    const types = await resolveRequestTypes(tx, body.request_type, { heldBy: key });
    if (!(await providerExists(tx, providerId))) {
      throw badRequest(providerMissingMessage(providerId), { provider: providerMissingMessage(providerId) });
    }
    // The status may have moved on since the check above (staff sent the request); decide on the locked row.
    const status = await lockRequestStatus(tx, key);
    if (!status) throw notFound();
    authorize(auth, 'request.edit', { status });
    await saveResubmittedRequest(tx, key, {
      ...formColumns(body, input),
      price: requestPrice({
        companyPrice: input.patient.requestPrice,
        rush: body.rush,
        requestTypes: body.request_type,
      }),
      patientId: input.patient.id,
      companyId: input.patient.companyId,
      providerId,
      userId: input.userId,
    });
    await replaceRequestTypes(tx, key, types);
    // Back to 'Requested By Lawyer': staff send it (again), so it is due at once.
    await setFollowUp(tx, key, await staffToday(tx));
    if (status !== STATUS.requestedByLawyer) {
      await insertStatusNote(tx, {
        text: RESUBMIT_NOTE,
        updateStatus: STATUS.requestedByLawyer,
        previousStatus: status,
        userId: auth.userId,
        requestId: id,
        companyId: input.patient.companyId,
      });
      // The firm's webhooks hear of it like of any status change (decision 059).
      const request = { id, companyId: input.patient.companyId, status: STATUS.requestedByLawyer };
      await emitStatusChanged(tx, publicUrl, request, status);
    }
    // A resubmitted request is sent again, so its legal clock starts over at that send.
    await refreshDeadline(tx, key);
  });
  const rows = await unsafeRequestRowsByIds(db, [id], existing.companyId);
  const [result] = await withRelated(db, rows, new Set(['provider', 'patient', 'user'] as const));
  return result;
}
