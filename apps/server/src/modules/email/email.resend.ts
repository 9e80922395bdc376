import { OUTBOX_MSG } from '@dd/shared';
import type { Auth } from '../../authz';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { SECRET_LINK_PLACEHOLDER } from '../../lib/outbox';
import { insertOutboxCopy, outboxRowForUpdate, retryOutboxRow } from './email.queries';

/**
 * POST /api/email/outbox/{id}/resend/ (internal staff). A failed e-mail is tried again as it is: the
 * same row goes back to pending with a fresh round of attempts (its last error stays until the next
 * try). A delivered one is sent again as a new row, so the first delivery stays in the history. One-time
 * links are erased once delivered or given up on and must never be re-sent, so an e-mail that held one
 * is refused: the person asks for a new link. A pending e-mail is already on its way. Audit-logged.
 */
export async function resendEmail(
  db: Db,
  auth: Auth,
  id: number,
  ip: string | null,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const row = await outboxRowForUpdate(tx, id);
    if (!row) throw notFound();
    if (row.status === 'pending') throw conflict(OUTBOX_MSG.alreadyPending);
    if (row.text.includes(SECRET_LINK_PLACEHOLDER)) throw conflict(OUTBOX_MSG.oneTimeLinkGone);
    let queued = row.id;
    if (row.status === 'failed') {
      await retryOutboxRow(tx, id);
    } else {
      queued = await insertOutboxCopy(tx, row);
    }
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'email.resent',
      details: { outbox_id: id, queued_id: queued, to_email: row.toEmail },
      ip,
    });
    return { id: queued };
  });
}
