import { STATUS, toCents } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { getContext } from '../../../test/helpers';
import { companies, notes, requests } from '../../db/schema';
import { refreshDeadline } from '../requests/requests.deadline';
import { staffCase } from '../staffwork/staffwork.fixtures';

/** Test set-up for the fees the firm approves: a firm that approves provider fees above $75 (or the limit
 *  given, null for none), with a request already sent to its provider. */
export async function sentCase(limitDollars: number | null = 75) {
  const { deps } = await getContext();
  const c = await staffCase();
  await deps.db
    .update(companies)
    .set({ autoApproveLimit: limitDollars === null ? null : toCents(limitDollars) })
    .where(eq(companies.id, c.company.id));
  await deps.db.insert(notes).values({
    requestId: c.request.id,
    companyId: c.company.id,
    text: 'Sent',
    updateStatus: STATUS.initialRequestSent,
  });
  await deps.db
    .update(requests)
    .set({ status: STATUS.initialRequestSent })
    .where(eq(requests.id, c.request.id));
  await refreshDeadline(deps.db, c.request.id);
  return c;
}
