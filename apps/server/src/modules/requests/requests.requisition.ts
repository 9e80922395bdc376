import { formatAmount, type RequisitionBodySchema, type StaffRequest, toCents } from '@dd/shared';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { writeCurrentLine } from '../billing/invoice-lines';
import { unsafeLockActiveRequest } from '../billing/invoice-lines.queries';
import { askApprovalIfOverLimit } from '../fees/fees.ask';
import { unsafeRequestRowsByIds, withRelated } from './requests.queries';
import { unsafeSaveRequisition } from './requests.requisition.queries';

/**
 * The requisition and provider fee form (staff spec sections 5 and 7): internal staff save
 * requisition_id and provider_cost (a price sent along is dropped), with the page count and medium the charge
 * was for when sent (the fee check reads them; left out, they stay as recorded), then the request's invoice line
 * follows in the same transaction (writeCurrentLine), with the automatic surcharge for flagged companies. A
 * charge above the firm's auto-approve limit then waits for the firm (fees.approval.ts).
 */
export async function saveRequisition(
  { db, mail }: { db: Db; mail: Mail },
  auth: Auth,
  id: number,
  body: z.output<typeof RequisitionBodySchema>,
): Promise<StaffRequest> {
  authorize(auth, 'invoice.edit');
  await db.transaction(async (tx) => {
    const request = await unsafeLockActiveRequest(tx, id);
    if (!request) throw notFound();
    await unsafeSaveRequisition(tx, id, {
      requisitionId: body.requisition_id,
      providerCost: toCents(body.provider_cost),
      providerPages: body.pages,
      providerMedium: body.medium,
      providerClericalMinutes: body.clerical_minutes,
      providerPostage: body.postage === undefined ? undefined : toCents(body.postage ?? 0),
    });
    await writeCurrentLine(tx, request, { providerCost: toCents(body.provider_cost) });
    await askApprovalIfOverLimit(tx, mail, id, auth.userId);
  });
  const rows = await unsafeRequestRowsByIds(db, [id]);
  const [result] = await withRelated(db, rows, new Set(['working_on'] as const));
  return {
    ...result,
    requisition_id: rows[0].requisitionId,
    provider_cost: formatAmount(rows[0].providerCost),
    page_fee: formatAmount(rows[0].pageFee),
  };
}
