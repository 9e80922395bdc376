import {
  FEE_APPROVAL_MSG,
  type FeeApproval,
  type FeeDeclineBody,
  feeApprovalNote,
  formatAmount,
  formatMoney,
  isOpenStatus,
  type RequestStatus,
  STATUS,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { lockVisibleRequest } from '../notes/notes.context.queries';
import { callerName, writeNote } from '../notes/notes.queries';
import { setFollowUp, staffToday } from '../notes/notes.reminders';
import { changeStatus } from '../notes/notes.status';
import { billPrepayment } from './fees.ask';
import {
  decideFeeApproval,
  type FeeApprovalRow,
  feeApprovalsOf,
  lockFeeApproval,
  visibleRequestFirm,
} from './fees.queries';

/**
 * The firm approves what it pays (docs/fees.md, decision 057): the approvals fees.ask.ts asks, listed for
 * whoever sees the request and answered by the firm, which approves (the request goes back to where it
 * was) or declines (cancel it, or have staff dispute the charge).
 */

function approvalJson({ row, decidedBy }: { row: FeeApprovalRow; decidedBy: string | null }): FeeApproval {
  return {
    id: row.id,
    kind: row.kind,
    amount: formatAmount(row.amount),
    state: row.state,
    fee_check: (row.feeCheck as FeeApproval['fee_check']) ?? null,
    asked_at: row.askedAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: decidedBy,
    decline_action: row.declineAction,
    decline_reason: row.declineReason,
  };
}

/** A request's fee approvals, newest first, for whoever may see the request (another firm: 404). */
export async function listFeeApprovals(db: DbOrTx, auth: Auth, requestId: number): Promise<FeeApproval[]> {
  const visible = await visibleRequestFirm(db, auth, requestId);
  if (!visible) throw notFound();
  const rows = await feeApprovalsOf(db, { id: requestId, companyId: visible.companyId });
  return rows.map(approvalJson);
}

type Answer = { approve: true } | ({ approve: false } & FeeDeclineBody);

/** The firm's answer: only its own users decide what it pays (staff are refused with 403). */
export async function answerFeeApproval(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  auth: Auth,
  requestId: number,
  approvalId: number,
  answer: Answer,
): Promise<{ success: string; approval: FeeApproval }> {
  if (auth.isInternal) throw forbidden('The law firm approves or declines its fees.');
  await deps.db.transaction(async (tx) => {
    const target = await lockVisibleRequest(tx, auth, requestId);
    if (!target) throw notFound();
    const approval = await lockFeeApproval(tx, approvalId, { id: requestId, companyId: target.companyId });
    if (!approval) throw notFound();
    if (approval.state !== 'pending') throw conflict(FEE_APPROVAL_MSG.notPending);
    const myName = (await callerName(tx, auth))!;
    const reason = answer.approve ? null : answer.reason?.trim() || null;
    await decideFeeApproval(tx, approval, {
      state: answer.approve ? 'approved' : 'declined',
      decidedById: auth.userId,
      decidedAt: new Date(),
      declineAction: answer.approve ? null : answer.action,
      declineReason: reason,
    });
    const amount = formatMoney(approval.amount);
    // Staff may have moved the request on meanwhile: only a request still waiting goes back.
    const waiting = target.status === STATUS.waitingForFeeApproval;
    const cancel = !answer.approve && answer.action === 'cancel' && isOpenStatus(target.status);
    const next: RequestStatus | null = cancel ? STATUS.cancelled : waiting ? approval.resumeStatus : null;
    await writeNote(tx, {
      requestId,
      companyId: target.companyId,
      userId: auth.userId,
      text: answer.approve
        ? feeApprovalNote.approved(amount, myName, approval.kind)
        : feeApprovalNote.declined(amount, myName, answer.action, reason, approval.kind),
      updateStatus: next,
      previousStatus: next ? target.status : null,
    });
    if (next) await changeStatus(tx, deps.mail, target, next);
    if (answer.approve && approval.kind === 'prepayment')
      await billPrepayment(tx, { id: requestId, companyId: target.companyId }, approval.amount);
    // A charge to dispute is staff's to take up today.
    if (!answer.approve && answer.action === 'dispute')
      await setFollowUp(tx, { id: requestId, companyId: target.companyId }, await staffToday(tx));
  });
  const [result] = (await listFeeApprovals(deps.db, auth, requestId)).filter((a) => a.id === approvalId);
  const success = answer.approve
    ? FEE_APPROVAL_MSG.approved
    : answer.action === 'cancel'
      ? FEE_APPROVAL_MSG.declinedCancel
      : FEE_APPROVAL_MSG.declinedDispute;
  return { success, approval: result };
}
