import { BILLABLE_STATUSES, COMPLETED_FEES_FILTERS, type CompletedFeesFilter } from '@dd/shared';
import type { SQL } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { STAFF_FILTERS, statusesContaining } from '../requests/requests.staff-filters.queries';
import {
  type CompletedFeesOrdering,
  pageCompletedWithFees,
  type TalliedScope,
} from './completed-fees.queries';

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
  const values: Partial<Record<CompletedFeesFilter, unknown>> = {};
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
    values[name] = parsed.data;
    conditions.push((entry.where as (value: unknown, caller: Auth) => SQL | undefined)(parsed.data, auth));
  }
  return pageCompletedWithFees(
    db,
    conditions,
    query.order_by,
    { limit: query.limit, offset: query.offset },
    talliedScope(values),
  );
}

/** The filters the running tallies keep: the law firm or the claimant, and the status. */
const TALLIED_FILTERS: readonly CompletedFeesFilter[] = ['law_firm', 'claimed_by', 'status'];

/** The count as the tallies answer it, or undefined when a filter is one they do not keep. */
function talliedScope(values: Partial<Record<CompletedFeesFilter, unknown>>): TalliedScope | undefined {
  const names = Object.keys(values) as CompletedFeesFilter[];
  if (names.some((name) => !TALLIED_FILTERS.includes(name))) return undefined;
  if (values.law_firm !== undefined && values.claimed_by !== undefined) return undefined;
  const status = values.status as string | undefined;
  return {
    companyId: values.law_firm as number | undefined,
    workingOn: values.claimed_by as number | null | undefined,
    statuses: status
      ? statusesContaining(status).filter((s) => BILLABLE_STATUSES.includes(s))
      : BILLABLE_STATUSES,
  };
}
