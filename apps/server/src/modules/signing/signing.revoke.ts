import { formatDate, isOpenStatus, type RevokeSigningBody, SIGNING_MSG, STATUS } from '@dd/shared';
import type { Auth } from '../../authz';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { endAllReminders } from '../notes/notes.reminders.queries';
import { changeStatus } from '../notes/notes.status';
import {
  clearClientForm,
  firmClient,
  firmRequestsRelyingOn,
  insertStatusNote,
  lockFirmRequestForChange,
  recordEvent,
  revokeSignedOfClient,
  signingIdOfClient,
} from './signing.queries';
import type { From } from './signing.service';

/**
 * POST …/signing/{id}/revoke/: the firm records that its client revoked a signed authorization (45 CFR
 * 164.508(b)(5): in writing, effective from then on). Nothing may be sent under it any more: each open
 * request that still relies on it (its HIPAA form is this document) is cancelled with a note saying why,
 * and the client's HIPAA form is cleared when it is this document, so no new order picks it up. Requests
 * already finished keep their history. Only the client's own firm records it.
 */
export async function revokeSigning(
  deps: { db: Db; mail: Mail },
  auth: Auth,
  patientId: number,
  signingId: number,
  body: RevokeSigningBody,
  from: From,
): Promise<{ success: string; cancelled: number[] }> {
  if (auth.isInternal) throw forbidden();
  const client = await firmClient(deps.db, auth.companyId, patientId);
  if (!client) throw notFound();
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const row = await revokeSignedOfClient(tx, client, signingId, {
      revokedAt: now,
      revokeReason: body.reason,
    });
    if (!row) {
      const exists = await signingIdOfClient(tx, client, signingId);
      throw exists ? conflict(SIGNING_MSG.notRevocable) : notFound();
    }
    await recordEvent(tx, row, 'revoked', from, now);
    const document = row.documentUrl;
    if (!document) return { success: SIGNING_MSG.revoked(0), cancelled: [] };
    await clearClientForm(tx, client, document);
    const relying = row.requestIds.length
      ? await firmRequestsRelyingOn(tx, client.companyId, row.requestIds, document)
      : [];
    const text = SIGNING_MSG.revokedNote(formatDate(row.signedAt), body.reason);
    const cancelled: number[] = [];
    for (const { id } of relying) {
      const target = await lockFirmRequestForChange(tx, { id, companyId: client.companyId });
      if (!target || !isOpenStatus(target.status)) continue;
      await insertStatusNote(tx, {
        text,
        requestId: id,
        companyId: target.companyId,
        userId: auth.userId,
        updateStatus: STATUS.cancelled,
        previousStatus: target.status,
      });
      await changeStatus(tx, deps.mail, target, STATUS.cancelled);
      await endAllReminders(tx, target);
      cancelled.push(id);
    }
    return { success: SIGNING_MSG.revoked(cancelled.length), cancelled };
  });
}
