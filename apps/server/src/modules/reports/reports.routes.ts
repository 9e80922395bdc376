import {
  BillingReportSchema,
  COMPLETED_FEES_FILTERS,
  type CompletedFeesFilter,
  CompletedWithFeesSchema,
  pageSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { PageQuery, pageOf } from '../../lib/pagination';
import { readOnReplica } from '../../lib/read-replica';
import { billingReportFor } from './billing-report.service';
import { COMPLETED_FEES_ORDERINGS, type CompletedFeesOrdering } from './completed-fees.queries';
import { completedWithFees } from './completed-fees.service';

/**
 * Staff reports: GET /api/completed-requests-with-fees/, completed and closed requests with
 * their fee and costs, server-paged, for internal holders of view_fees. Each filter is the staff list's
 * filter of the same meaning (COMPLETED_FEES_FILTERS), so both read the same indexes.
 */
const Query = PageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  order_by: z.enum(Object.keys(COMPLETED_FEES_ORDERINGS) as [CompletedFeesOrdering]).default('-closed_date'),
  ...Object.fromEntries(Object.keys(COMPLETED_FEES_FILTERS).map((k) => [k, z.string().max(200).optional()])),
}).strict();

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-01-31.');
const BillingReportQuery = z.object({ from: day.optional(), to: day.optional() }).strict();

const Page = pageSchema(CompletedWithFeesSchema);

export const reportsRoutes: Module = (app, deps) => {
  const { db } = deps;
  app.get(
    '/api/completed-requests-with-fees/',
    { config: { access: 'internal' }, schema: { querystring: Query, response: { 200: Page } } },
    async (request) => {
      const { page, page_size, ...rest } = request.query as z.output<typeof Query> &
        Partial<Record<CompletedFeesFilter, string>>;
      // The completed-with-fees table reads from the replica when there is one (decision 068).
      const { rows, total } = await readOnReplica(deps, request, (reader) =>
        completedWithFees(reader, requireAuth(request), {
          ...rest,
          limit: page_size,
          offset: (page - 1) * page_size,
        }),
      );
      return pageOf(request, rows, total, page, page_size);
    },
  );

  app.get(
    '/api/reports/billing/',
    {
      config: { access: 'internal' },
      schema: { querystring: BillingReportQuery, response: { 200: BillingReportSchema } },
    },
    async (request) => billingReportFor(db, requireAuth(request), request.query),
  );
};
