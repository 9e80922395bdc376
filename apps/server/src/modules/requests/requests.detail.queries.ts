import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema';
import type { RequestKey } from './requests.ref';

/** The statements of a request's detail (requests.detail.ts) that no other module owns. */

/** The request's invoice lines, oldest first, with every amount the detail may show. */
export function invoiceLinesOfRequest(db: DbOrTx, { id, companyId }: RequestKey) {
  return db
    .select({
      id: invoices.id,
      price: invoices.price,
      provider_cost: invoices.providerCost,
      page_fee: invoices.pageFee,
      auto_added_surcharge: invoices.autoAddedSurcharge,
      is_paid: invoices.isPaid,
      bill_id: invoices.billId,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.requestId, id)))
    .orderBy(asc(invoices.id));
}
