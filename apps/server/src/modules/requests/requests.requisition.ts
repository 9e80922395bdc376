import { automaticSurcharge, type RequisitionBodySchema, type StaffRequest } from '@dd/shared';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { Db } from '../../db/client';
import { companies, invoices, requests } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { unsafeRequestRowsByIds, withRelated } from './requests.queries';

/**
 * The requisition and provider fee form (staff spec sections 5 and 7): internal staff save
 * requisition_id and provider_cost (a price sent along is dropped), then the request's invoice line
 * follows in the same transaction: the last line (by created_at) is updated while it is not on a
 * billing, otherwise a new line is added. The line carries the request's price and page fee, the
 * provider cost, and the automatic surcharge for companies flagged for it.
 */
export async function saveRequisition(
  db: Db,
  auth: Auth,
  id: number,
  body: z.output<typeof RequisitionBodySchema>,
): Promise<StaffRequest> {
  authorize(auth, 'invoice.edit');
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        price: requests.price,
        pageFee: requests.pageFee,
        autoSurcharge: companies.autoSurcharge,
      })
      .from(requests)
      .innerJoin(companies, eq(companies.id, requests.companyId))
      .where(unsafeActiveRequestById(id))
      .for('update', { of: requests });
    if (!request) throw notFound();
    await tx
      .update(requests)
      .set({ requisitionId: body.requisition_id, providerCost: body.provider_cost })
      .where(eq(requests.id, id));
    const line = {
      price: request.price,
      providerCost: body.provider_cost,
      pageFee: request.pageFee,
      autoAddedSurcharge: request.autoSurcharge ? automaticSurcharge(body.provider_cost) : 0,
    };
    const [last] = await tx
      .select({ id: invoices.id, billId: invoices.billId })
      .from(invoices)
      .where(eq(invoices.requestId, id))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(1)
      .for('update');
    if (last && last.billId === null) await tx.update(invoices).set(line).where(eq(invoices.id, last.id));
    else await tx.insert(invoices).values({ ...line, requestId: id });
  });
  const rows = await unsafeRequestRowsByIds(db, [id]);
  const [result] = await withRelated(db, rows, new Set(['working_on'] as const));
  return {
    ...result,
    requisition_id: rows[0].requisitionId,
    provider_cost: Number(rows[0].providerCost),
    page_fee: Number(rows[0].pageFee),
  };
}
