import {
  providerMissingMessage,
  type RequestBody,
  type RequestRecord,
  requestPrice,
  STATUS,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import { type Auth, assertEmailConfirmed } from '../../authz';
import { badRequest } from '../../lib/errors';
import { staffToday } from '../notes/notes.reminders';
import { emitRequestCreated } from '../webhooks/webhooks.emit';
import { insertRequest, providersToOrder, requesterEmail } from './requests.create.queries';
import { submittedEmail } from './requests.email';
import { checkRequestInput, formColumns, requestBeingSplit } from './requests.input';
import { unsafeRequestRowsByIds, withRelated } from './requests.queries';
import { requestTypeText, resolveRequestTypes } from './requests.types';
import { addRequestTypes } from './requests.types.queries';

/**
 * Submit: one request per chosen provider (with its request type rows) and the requester's confirmation e-mail, all in ONE
 * transaction, so a failure part-way (a provider that no longer exists) leaves nothing behind; the
 * checks run in it too, under the client's lock (checkRequestInput).
 */
export async function createRequests(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  auth: Auth,
  body: RequestBody,
): Promise<{ count: number; results: RequestRecord[] }> {
  const { db, mail } = deps;
  assertEmailConfirmed(auth);
  const { ids, companyId } = await db.transaction(async (tx) => {
    // Checked inside the transaction, under the client's lock, so identical submissions cannot both pass.
    const splitting = await requestBeingSplit(tx, auth, body);
    const input = await checkRequestInput(tx, auth, body, { excludeRequestId: splitting });
    const types = await resolveRequestTypes(tx, body.request_type);
    const price = requestPrice({
      companyPrice: input.patient.requestPrice,
      rush: body.rush,
      requestTypes: body.request_type,
    });
    const found = await providersToOrder(tx, body.provider);
    const byId = new Map(found.map((p) => [p.id, p]));
    // A new order is on the staff's To Do list at once (notes.reminders.ts).
    const dueNow = await staffToday(tx);
    const created: { id: number; internalNumber: string; providerName: string }[] = [];
    for (const providerId of body.provider) {
      const provider = byId.get(providerId);
      if (provider === undefined) {
        throw badRequest(providerMissingMessage(providerId), {
          provider: providerMissingMessage(providerId),
        });
      }
      const row = await insertRequest(tx, {
        ...formColumns(body, input),
        requestType: requestTypeText(types),
        price,
        patientId: input.patient.id,
        providerId,
        // Staff check a provider a law firm added before anything is sent to it.
        newProvider: provider.verifiedAt === null,
        userId: input.userId,
        requesterId: auth.userId,
        companyId: input.patient.companyId,
        followUpDate: dueNow,
        nextTodoDate: dueNow,
      });
      await addRequestTypes(tx, row.id, types, input.patient.companyId);
      const request = { id: row.id, companyId: input.patient.companyId, status: STATUS.requestedByLawyer };
      await emitRequestCreated(tx, mail.publicUrl, request);
      created.push({ ...row, providerName: provider.name });
    }
    const requester = await requesterEmail(tx, auth);
    await mail.enqueue(
      tx,
      submittedEmail({
        to: requester.email,
        publicUrl: mail.publicUrl,
        clientName: input.patient.fullName,
        startDate: input.startDate,
        endDate: input.endDate,
        requestTypes: body.request_type,
        rush: body.rush,
        created,
      }),
    );
    return { ids: created.map((c) => c.id), companyId: input.patient.companyId };
  });

  const rows = await unsafeRequestRowsByIds(db, ids, companyId);
  const results = await withRelated(db, rows, new Set(['provider', 'patient', 'user'] as const));
  return { count: results.length, results };
}
