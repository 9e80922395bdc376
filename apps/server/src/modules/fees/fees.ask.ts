import {
  type Cents,
  type FeeApprovalKind,
  type FeeMedium,
  feeApprovalNote,
  formatMoney,
  isOpenStatus,
  prepaymentNote,
  STATUS,
} from '@dd/shared';
import type { Tx } from '../../db/client';
import type { Mail } from '../../lib/outbox';
import { writeCurrentLine } from '../billing/invoice-lines';
import { writeNote } from '../notes/notes.queries';
import { changeStatus } from '../notes/notes.status';
import type { RequestKey } from '../requests/requests.ref';
import { feeApprovalEmail } from './fees.approval-email';
import {
  feeLimitFacts,
  insertFeeApproval,
  latestFeeApproval,
  lockRequestByIdForChange,
  providerCostOf,
  reaskFeeApproval,
  setProviderCost,
} from './fees.queries';
import { checkToKeep, requestFeeCheck } from './fees.request';

/**
 * Asking the firm about what it pays (docs/fees.md, decisions 057 and 064): the one path for a charge staff
 * record on the requisition form and for a provider's demand of payment before it releases the records.
 * Above the firm's auto-approve limit the question waits for the firm: a pending approval, the request in
 * 'Waiting for Fee Approval' (its legal clock and follow-ups paused), a note and an e-mail to the main
 * contact.
 */

/** What the firm is asked about; a charge is the request's recorded provider cost. */
export type FeeQuestion =
  | { kind: 'charge' }
  | {
      kind: 'prepayment';
      amount: Cents;
      /** What the demand is for, if the provider said; otherwise the request's recorded pages. */
      pages: number | null;
      medium: FeeMedium | null;
      /** The provider's reference, such as its invoice number. */
      note: string | null;
    };

/**
 * 'asked' when the firm must answer (or was just asked again about a new amount), 'known' when it was
 * already asked about this, 'within' when no approval is needed, 'closed' when the request is finished.
 */
export type AskOutcome = 'asked' | 'known' | 'within' | 'closed';

/** Called in the transaction that recorded the fee, with the request locked. */
export async function askApprovalIfOverLimit(
  tx: Tx,
  mail: Mail,
  requestId: number,
  byUserId: number,
  question: FeeQuestion = { kind: 'charge' },
): Promise<AskOutcome> {
  const r = await feeLimitFacts(tx, requestId);
  if (!r || !isOpenStatus(r.status)) return 'closed';
  const kind: FeeApprovalKind = question.kind;
  const amount = question.kind === 'charge' ? r.charged : question.amount;
  if (r.limit === null || amount <= r.limit) return 'within';
  const latest = await latestFeeApproval(tx, requestId);
  // The firm was already asked about this amount (pending, approved, or declined and being disputed):
  // saving the requisition again asks nothing; a new amount is a new question. A demand for payment first
  // is news to a firm asked only about a charge still waiting, so that question becomes the demand.
  if (
    latest &&
    latest.amount === amount &&
    (kind === 'charge' || latest.kind === kind || latest.state !== 'pending')
  )
    return 'known';
  const feeCheck =
    question.kind === 'charge'
      ? await requestFeeCheck(tx, requestId)
      : await requestFeeCheck(tx, requestId, {
          charged: amount,
          pages: question.pages,
          medium: question.medium,
        });
  const target = (await lockRequestByIdForChange(tx, requestId))!;
  const reference = question.kind === 'prepayment' ? question.note : null;
  if (latest?.state === 'pending') {
    // The fee changed while the firm was deciding: it is asked about the new one.
    await reaskFeeApproval(tx, latest.id, {
      kind,
      amount,
      feeCheck: checkToKeep(feeCheck),
      askedAt: new Date(),
      askedById: byUserId,
    });
    if (kind === 'prepayment')
      await writeNote(tx, {
        requestId,
        companyId: r.companyId,
        userId: byUserId,
        text: prepaymentNote.asked(formatMoney(amount), formatMoney(r.limit), reference),
      });
  } else {
    await insertFeeApproval(tx, {
      requestId,
      companyId: r.companyId,
      kind,
      amount,
      feeCheck: checkToKeep(feeCheck),
      resumeStatus: r.status,
      askedById: byUserId,
    });
    await writeNote(tx, {
      requestId,
      companyId: r.companyId,
      userId: byUserId,
      text:
        kind === 'prepayment'
          ? prepaymentNote.asked(formatMoney(amount), formatMoney(r.limit), reference)
          : feeApprovalNote.asked(formatMoney(amount), formatMoney(r.limit)),
      updateStatus: STATUS.waitingForFeeApproval,
      previousStatus: r.status,
    });
    await changeStatus(tx, mail, target, STATUS.waitingForFeeApproval);
  }
  if (target.mainContact) {
    await mail.enqueue(
      tx,
      feeApprovalEmail({
        to: target.mainContact,
        publicUrl: mail.publicUrl,
        target,
        kind,
        charged: amount,
        reference,
        feeCheck,
      }),
    );
  }
  return 'asked';
}

/**
 * A prepayment the firm approved, or one within its limit, is what the provider is paid: it becomes the
 * request's provider cost (and its invoice line follows) unless staff have recorded one (decision 064).
 */
export async function billPrepayment(tx: Tx, request: RequestKey, amount: Cents): Promise<void> {
  const charged = await providerCostOf(tx, request);
  if (charged === undefined || charged > 0) return;
  await setProviderCost(tx, request, amount);
  await writeCurrentLine(tx, request, { providerCost: amount });
}
