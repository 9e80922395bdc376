import { COMPLETED_FEES_FILTERS, type CompletedFeesFilter } from '@dd/shared';
import type { SQL } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { STAFF_FILTERS } from '../requests/requests.staff-filters';
import { type CompletedFeesOrdering, pageCompletedWithFees } from './completed-fees.queries';

/** The report's filters, each read by the staff list's filter of the same meaning; a bad value is a 400. */
export async function completedWithFees(
  db: DbOrTx,
  auth: Auth,
  query: Partial<Record<CompletedFeesFilter, string>> & {
    order_by: CompletedFeesOrdering;
    limit: number;
    offset: number;
  },
) {
  authorize(auth, 'report.viewFees');
  const conditions: (SQL | undefined)[] = [];
  for (const [name, staffName] of Object.entries(COMPLETED_FEES_FILTERS) as [
    CompletedFeesFilter,
    keyof typeof STAFF_FILTERS,
  ][]) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    const entry = STAFF_FILTERS[staffName];
    const parsed = entry.schema.safeParse(raw);
    if (!parsed.success) {
      throw badRequest(`Check the ${name.replace('_', ' ')} filter.`, { [name]: 'Invalid value' });
    }
    conditions.push((entry.where as (value: unknown, caller: Auth) => SQL | undefined)(parsed.data, auth));
  }
  return pageCompletedWithFees(db, conditions, query.order_by, { limit: query.limit, offset: query.offset });
}
