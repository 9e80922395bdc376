import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, invoices, notes, requests } from '../../db/schema';
import type { RequestKey } from './requests.ref';

/** The statements of deleting a request (requests.delete.ts), each naming the request's firm. */

const ofRequest = ({ id, companyId }: RequestKey) =>
  and(eq(requests.id, id), eq(requests.companyId, companyId));

/** The request's status, number and firm, its row locked for the delete. */
export async function lockRequestForDelete(db: DbOrTx, key: RequestKey) {
  const [row] = await db
    .select({
      status: requests.status,
      internalNumber: requests.internalNumber,
      companyId: requests.companyId,
    })
    .from(requests)
    .where(ofRequest(key))
    .for('update');
  return row;
}

export async function eraseRequest(db: DbOrTx, key: RequestKey): Promise<void> {
  await db.delete(requests).where(ofRequest(key));
}

/** Hides the request from every list and detail (active = false), keeping its rows. */
export async function deactivateRequest(db: DbOrTx, key: RequestKey): Promise<void> {
  await db.update(requests).set({ active: false }).where(ofRequest(key));
}

/** True when the request has anything worth keeping: a file row, an invoice line or a note. */
export async function requestHasHistory(db: DbOrTx, { id, companyId }: RequestKey): Promise<boolean> {
  const [row] = await db
    .select({
      found: sql<boolean>`exists (select 1 from ${files} f where f.request_id = ${id} and f.company_id = ${companyId})
        or exists (select 1 from ${invoices} i where i.request_id = ${id} and i.company_id = ${companyId})
        or exists (select 1 from ${notes} n where n.request_id = ${id} and n.company_id = ${companyId})`,
    })
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.companyId, companyId)));
  return row?.found === true;
}
