import { type BillingReport, periodStart, todayIn } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { billingReport } from './billing-report.queries';

/** GET /api/reports/billing/: From defaults to the 1st of this month and To to today, in the caller's zone. */
export async function billingReportFor(
  db: DbOrTx,
  auth: Auth,
  query: { from?: string; to?: string },
): Promise<BillingReport> {
  authorize(auth, 'report.viewFees');
  const today = todayIn(auth.timezone);
  const from = query.from ?? periodStart(today, 'month');
  const to = query.to ?? today;
  if (from > to) throw badRequest('The From date must be on or before the To date.', { from: 'After To' });
  return billingReport(db, from, to, auth.timezone);
}
