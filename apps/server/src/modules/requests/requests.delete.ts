import { STATUS } from '@dd/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, Tx } from '../../db/client';
import { files, invoices, notes, requests } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
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
    const where = and(eq(requests.id, id), eq(requests.companyId, request.companyId));
    // Decided on the locked row: a file, note or invoice line added meanwhile waits for this lock.
    const [row] = await tx
      .select({
        status: requests.status,
        internalNumber: requests.internalNumber,
        companyId: requests.companyId,
      })
      .from(requests)
      .where(where)
      .for('update');
    if (!row) throw notFound();
    authorize(auth, 'request.delete', { status: row.status });
    const erase = row.status === STATUS.requestedByLawyer && !(await hasHistory(tx, request));
    if (erase) await tx.delete(requests).where(where);
    else await tx.update(requests).set({ active: false }).where(where);
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

/** True when the request has anything worth keeping: a file row, an invoice line or a note. */
async function hasHistory(tx: Tx, { id, companyId }: { id: number; companyId: number }): Promise<boolean> {
  const [row] = await tx
    .select({
      found: sql<boolean>`exists (select 1 from ${files} f where f.request_id = ${id} and f.company_id = ${companyId})
        or exists (select 1 from ${invoices} i where i.request_id = ${id} and i.company_id = ${companyId})
        or exists (select 1 from ${notes} n where n.request_id = ${id} and n.company_id = ${companyId})`,
    })
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.companyId, companyId)));
  return row?.found === true;
}
