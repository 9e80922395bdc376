import {
  DashboardTrendsSchema,
  DataDashboardResponseSchema,
  DeadlineEscalationSchema,
  withSpecNames,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { readOnReplica } from '../../lib/read-replica';
import { dataDashboard } from './datadashboard.service';
import { deadlineEscalation } from './deadlines.queries';
import { dashboardTrends } from './trends.queries';

/**
 * The staff data dashboard: GET /api/home/dashboard/. `status_open` counts open requests only
 * (the screen's first load); without it closed requests and fees are counted too. `load_from_db` and
 * `related` are accepted from old clients and change nothing: every answer comes from the database.
 * GET /api/home/dashboard/deadlines/ counts the legal deadlines due soon and overdue per staff member and
 * per firm (the To Do list shows them too).
 */
const Query = z
  .object({
    status_open: z.string().max(10).optional(),
    related: z.string().max(200).optional(),
    load_from_db: z.string().max(10).optional(),
    working_on: z.coerce.number().int().positive().optional(),
  })
  .strict();

/** Every answer here reads from the replica when there is one (decision 068). */
export const dataDashboardRoutes: Module = (app, deps) => {
  const { config } = deps;
  app.get(
    '/api/home/dashboard/',
    {
      config: { access: 'internal' },
      schema: { querystring: Query, response: { 200: DataDashboardResponseSchema } },
    },
    async (request) =>
      withSpecNames(
        await readOnReplica(deps, request, (db) =>
          dataDashboard(db, requireAuth(request), {
            openOnly:
              request.query.status_open !== undefined && request.query.status_open.toLowerCase() !== 'false',
            internalCompanyId: config.INTERNAL_COMPANY_ID,
          }),
        ),
      ),
  );

  app.get(
    '/api/home/dashboard/trends/',
    { config: { access: 'internal' }, schema: { response: { 200: DashboardTrendsSchema } } },
    async (request) => readOnReplica(deps, request, (db) => dashboardTrends(db, requireAuth(request))),
  );

  app.get(
    '/api/home/dashboard/deadlines/',
    { config: { access: 'internal' }, schema: { response: { 200: DeadlineEscalationSchema } } },
    async (request) => readOnReplica(deps, request, (db) => deadlineEscalation(db, requireAuth(request))),
  );
};
