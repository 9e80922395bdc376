/**
 * The dashboard calls the benchmark times, each with the SQL statements the service runs for it,
 * built by the module's own query functions so the raw timing uses exactly the same SQL.
 */
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import {
  clientCountsQuery,
  companyClientsCountQuery,
  companyClientsQuery,
} from '../apps/server/src/modules/dashboard/clients-panel.queries';
import type { DashboardScope } from '../apps/server/src/modules/dashboard/dashboard.queries';
import type { DashboardOrder } from '../apps/server/src/modules/dashboard/dashboard.schemas';
import {
  clientReadyFilesQuery,
  readyFilesCountQuery,
  readyFilesQuery,
} from '../apps/server/src/modules/dashboard/downloads.queries';
import {
  companyRequestsCountQuery,
  companyRequestsQuery,
  type RequestFilters,
} from '../apps/server/src/modules/dashboard/requests-company.queries';
import type { Statement } from './measure';

export interface Scenario {
  name: string;
  url: (companyId: number) => string;
  phases: Statement[][];
}

const page1 = { page: 1, pageSize: 10 };
const stmt = (query: { toSQL(): { sql: string; params: unknown[] } }): Statement => query.toSQL();

export async function benchScenarios(db: Db, pool: pg.Pool, scope: DashboardScope): Promise<Scenario[]> {
  const firm = scope.companyId;
  const paralegal = (
    await pool.query<{ id: number }>(
      'select user_id as id from requests where company_id = $1 group by user_id order by count(*) desc limit 1',
      [firm],
    )
  ).rows[0].id;
  const client = (
    await pool.query<{ id: number }>(
      `select r.patient_id as id from requests r join files f on f.request_id = r.id
       where r.company_id = $1 and r.received_document_at is not null
       group by r.patient_id order by count(*) desc limit 1`,
      [firm],
    )
  ).rows[0].id;

  const requestsCall = (
    name: string,
    query: string,
    filters: Partial<RequestFilters>,
    order: DashboardOrder,
    page = 1,
  ): Scenario => {
    const f: RequestFilters = { openOnly: true, daysOld: 0, ...filters };
    const window = { page, pageSize: 10 };
    return {
      name,
      url: (id) => `/api/requests-company/${id}/${query}`,
      phases: [
        [
          stmt(companyRequestsQuery(db, scope, f, order, window)),
          stmt(companyRequestsCountQuery(db, scope, f)),
        ],
      ],
    };
  };

  const openFilters: RequestFilters = { openOnly: true, daysOld: 0 };
  const clientRows = await companyClientsQuery(db, scope, openFilters, undefined, page1);
  const clientIds = clientRows.map((r) => r.id);

  return [
    requestsCall('Requests list: default (open, newest first)', '', {}, '-created_at'),
    requestsCall(
      'Requests list: filtered and sorted',
      `?open_request=No&paralegal=${paralegal}&days_old=30&order_by=provider__name&page=3`,
      { openOnly: false, paralegalId: paralegal, daysOld: 30 },
      'provider__name',
      3,
    ),
    requestsCall(
      'Requests list: all requests by client name',
      '?open_request=No&order_by=patient__full_name&page=20',
      { openOnly: false },
      'patient__full_name',
      20,
    ),
    requestsCall(
      'Need Your Attention',
      '?status=Need%20Assistance',
      { status: 'Need Assistance' },
      '-created_at',
    ),
    {
      name: 'Download Records',
      url: (id) => `/api/download-request/${id}/`,
      phases: [[stmt(readyFilesQuery(db, scope, page1)), stmt(readyFilesCountQuery(db, scope))]],
    },
    {
      name: 'Clients panel (clients with open requests)',
      url: (id) => `/api/requests-company/${id}/?return_patients=Yes`,
      phases: [
        [
          stmt(companyClientsQuery(db, scope, openFilters, undefined, page1)),
          stmt(companyClientsCountQuery(db, scope, openFilters, undefined)),
        ],
        [stmt(clientCountsQuery(db, scope, openFilters, clientIds))],
      ],
    },
    {
      name: "Download All Files (one client's files)",
      url: (id) => `/api/download-records/${id}/?client=${client}`,
      phases: [[stmt(clientReadyFilesQuery(db, scope, client))]],
    },
  ];
}
