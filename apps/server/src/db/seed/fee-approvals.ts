import { cents, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import type { Mail } from '../../lib/outbox';
import { askApprovalIfOverLimit } from '../../modules/fees/fees.ask';
import type { Tx } from '../client';
import { companies, requests } from '../schema';
import type { InsertedRequest } from './documents';

/**
 * The demo's fee approvals: the Jones firm approves provider charges above $100 itself, and two of its
 * requests in contact with their provider wait for its answer on a $148.50 charge for 212 paper pages
 * (over the cap where the provider is in Colorado). Staff record the charge and the app's own path asks
 * the firm: the status note, the pending approval, and the legal clock and follow-ups paused.
 */
const LIMIT = cents(10_000);
const CHARGE = cents(14_850);

/** Nobody reads the demo's inboxes: the e-mail to the main contact is not queued. */
const unsentMail: Mail = { from: '', supportEmail: '', publicUrl: '', enqueue: async () => {} };

export async function insertDemoFeeApprovals(tx: Tx, inserted: InsertedRequest[]): Promise<void> {
  const jones = inserted.find((r) => r.plan.firm.name === 'Jones Injury Attorneys')?.plan.firm;
  if (!jones) return;
  await tx.update(companies).set({ autoApproveLimit: LIMIT }).where(eq(companies.id, jones.id));
  const waiting = inserted
    .filter((r) => r.plan.firm.id === jones.id && r.plan.values.status === STATUS.inContact)
    .slice(0, 2);
  for (const { id, plan } of waiting) {
    await tx
      .update(requests)
      .set({ providerCost: CHARGE, providerPages: 212, providerMedium: 'paper' })
      .where(eq(requests.id, id));
    await askApprovalIfOverLimit(tx, unsentMail, id, plan.worker.id);
  }
}
