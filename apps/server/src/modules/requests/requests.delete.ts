import { STATUS } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import {
  deactivateRequest,
  eraseRequest,
  lockRequestForDelete,
  requestHasHistory,
} from './requests.delete.queries';
import { findVisibleRequest } from './requests.queries';

/**
 * POST /api/home/request/{id}/delete/. Invoice lines are money and file accesses are the HIPAA download
 * trail, so a delete never erases them (the foreign keys RESTRICT): a request with any work on it is
 * archived (active = false, which hides it from every list and detail through visibleRequests). Only a
 * request still 'Requested By Lawyer' with no files, invoice lines or notes is removed for good.
 * Either way the delete is written to audit_events.
 */
export async function deleteRequest(db: Db, auth: Auth, id: number, ip: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const visible = await findVisibleRequest(tx, auth, id);
    if (!visible) throw notFound();
    const request = { id, companyId: visible.companyId };
    // Decided on the locked row: a file, note or invoice line added meanwhile waits for this lock.
    const row = await lockRequestForDelete(tx, request);
    if (!row) throw notFound();
    authorize(auth, 'request.delete', { status: row.status });
    const erase = row.status === STATUS.requestedByLawyer && !(await requestHasHistory(tx, request));
    if (erase) await eraseRequest(tx, request);
    else await deactivateRequest(tx, request);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: erase ? 'request.deleted' : 'request.archived',
      details: {
        request_id: id,
        internal_number: row.internalNumber,
        company_id: row.companyId,
        status: row.status,
      },
      ip,
    });
  });
}
