import {
  type FeeApproval,
  formatMoney,
  isOpenStatus,
  PREPAYMENT_MSG,
  type PrepaymentBodySchema,
  prepaymentNote,
  toCents,
} from '@dd/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import { conflict, notFound } from '../../lib/errors';
import { writeNote } from '../notes/notes.queries';
import { listFeeApprovals } from './fees.approval';
import { askApprovalIfOverLimit, billPrepayment } from './fees.ask';
import { unsafeLockRequestWithLimit } from './fees.queries';

/**
 * A provider that demands payment before it releases the records (docs/fees.md, decision 064): staff who
 * record provider costs record the demand, and it is asked of the firm through the same path as a charge
 * (fees.ask.ts). Within the firm's limit it needs no answer: a note says so and it is billed at once.
 */
export async function recordPrepayment(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  auth: Auth,
  requestId: number,
  body: z.output<typeof PrepaymentBodySchema>,
): Promise<{ success: string; approval: FeeApproval | null }> {
  authorize(auth, 'invoice.edit');
  const amount = toCents(body.amount);
  const outcome = await deps.db.transaction(async (tx) => {
    const request = await unsafeLockRequestWithLimit(tx, requestId);
    if (!request) throw notFound();
    if (!isOpenStatus(request.status)) throw conflict(PREPAYMENT_MSG.closed);
    const asked = await askApprovalIfOverLimit(tx, deps.mail, requestId, auth.userId, {
      kind: 'prepayment',
      amount,
      pages: body.pages ?? null,
      medium: body.medium ?? null,
      note: body.note,
    });
    if (asked === 'within') {
      const limit = request.limit === null ? null : formatMoney(request.limit);
      await writeNote(tx, {
        requestId,
        companyId: request.companyId,
        userId: auth.userId,
        text: prepaymentNote.withinLimit(formatMoney(amount), limit, body.note),
      });
      await billPrepayment(tx, { id: requestId, companyId: request.companyId }, amount);
    }
    return asked;
  });
  if (outcome === 'within') return { success: PREPAYMENT_MSG.withinLimit, approval: null };
  const [latest] = await listFeeApprovals(deps.db, auth, requestId);
  return { success: outcome === 'known' ? PREPAYMENT_MSG.known : PREPAYMENT_MSG.asked, approval: latest };
}
