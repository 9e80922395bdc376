import { cents, feeApprovalNote, formatMoney, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { checkToKeep, requestFeeCheck } from '../../modules/fees/fees.request';
import { refreshDeadline } from '../../modules/requests/requests.deadline';
import type { Tx } from '../client';
import { companies, feeApprovals, notes, requests } from '../schema';
import type { InsertedRequest } from './documents';

/**
 * The demo's fee approvals: the Jones firm approves provider charges above $100 itself, and two of its
 * requests in contact with their provider wait for its answer on a $148.50 charge for 212 paper pages
 * (over the cap where the provider is in Colorado). They get there as the app puts them there: a status note,
 * the pending approval, and the legal clock and follow-ups paused by refreshDeadline.
 */
const LIMIT = cents(10_000);
const CHARGE = cents(14_850);

export async function insertDemoFeeApprovals(tx: Tx, inserted: InsertedRequest[], now: Date): Promise<void> {
  const jones = inserted.find((r) => r.plan.firm.name === 'Jones Injury Attorneys')?.plan.firm;
  if (!jones) return;
  await tx.update(companies).set({ autoApproveLimit: LIMIT }).where(eq(companies.id, jones.id));
  const waiting = inserted
    .filter((r) => r.plan.firm.id === jones.id && r.plan.values.status === STATUS.inContact)
    .slice(0, 2);
  for (const { id, plan } of waiting) {
    await tx
      .update(requests)
      .set({
        providerCost: CHARGE,
        providerPages: 212,
        providerMedium: 'paper',
        status: STATUS.waitingForFeeApproval,
      })
      .where(eq(requests.id, id));
    await tx.insert(notes).values({
      requestId: id,
      userId: plan.worker.id,
      text: feeApprovalNote.asked(formatMoney(CHARGE), formatMoney(LIMIT)),
      updateStatus: STATUS.waitingForFeeApproval,
      previousStatus: STATUS.inContact,
      createdAt: now,
    });
    await tx.insert(feeApprovals).values({
      requestId: id,
      companyId: jones.id,
      amount: CHARGE,
      feeCheck: checkToKeep(await requestFeeCheck(tx, id)),
      resumeStatus: STATUS.inContact,
      askedById: plan.worker.id,
      askedAt: now,
    });
    await refreshDeadline(tx, id, now);
  }
}
