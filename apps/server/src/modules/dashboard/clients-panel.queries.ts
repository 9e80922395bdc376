import { type DashboardClient, OPEN_STATUSES } from '@dd/shared';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { sameFirm } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { idIn } from '../../db/id-lists';
import { files, patients, requests } from '../../db/schema';
import { type DashboardScope, readyFileCondition } from './dashboard.queries';
import { filterConditions, type PageWindow, type RequestFilters } from './requests-company.queries';

/**
 * The clients panel (GET /api/requests-company/?return_patients=Yes): the firm's clients with matching
 * requests, a page at a time in name order, with their request and ready-file counts grouped in SQL.
 */

/** Clients with at least one matching request (an open one when openOnly), in name order. */
function clientsCondition(scope: DashboardScope, filters: RequestFilters, name?: string): SQL {
  const escaped = name?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    eq(patients.companyId, scope.companyId),
    escaped ? ilike(patients.fullName, `%${escaped}%`) : undefined,
    sql`exists (select 1 from ${requests}
      where ${requests.patientId} = ${patients.id} and ${filterConditions(scope, filters)})`,
  )!;
}

export function companyClientsQuery(
  db: DbOrTx,
  scope: DashboardScope,
  filters: RequestFilters,
  name: string | undefined,
  window: PageWindow,
) {
  return db
    .select({
      id: patients.id,
      full_name: patients.fullName,
      first_name: patients.firstName,
      last_name: patients.lastName,
    })
    .from(patients)
    .where(clientsCondition(scope, filters, name))
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(window.pageSize)
    .offset((window.page - 1) * window.pageSize);
}

export function companyClientsCountQuery(
  db: DbOrTx,
  scope: DashboardScope,
  filters: RequestFilters,
  name: string | undefined,
) {
  return db
    .select({ count: count() })
    .from(patients)
    .where(clientsCondition(scope, filters, name));
}

/** Per-client counts for one page of clients: requests (all and open) and files ready to download. */
export function clientCountsQuery(
  db: DbOrTx,
  scope: DashboardScope,
  filters: RequestFilters,
  patientIds: number[],
) {
  const ready = db
    .select({ n: count().as('n') })
    .from(files)
    .where(
      and(
        eq(files.requestId, requests.id),
        sameFirm(files.companyId, requests.companyId),
        readyFileCondition(),
      ),
    )
    .as('ready');
  return db
    .select({
      patient_id: requests.patientId,
      open_requests: sql<number>`(count(*) filter (where ${inArray(requests.status, OPEN_STATUSES)}))::int`,
      total_requests: sql<number>`count(*)::int`,
      files_ready: sql<number>`coalesce(sum(${ready.n}), 0)::int`,
    })
    .from(requests)
    .leftJoinLateral(ready, sql`true`)
    .where(and(idIn(requests.patientId, patientIds), filterConditions(scope, filters, false)))
    .groupBy(requests.patientId);
}

export async function listCompanyClients(
  db: DbOrTx,
  scope: DashboardScope,
  filters: RequestFilters,
  name: string | undefined,
  window: PageWindow,
): Promise<{ count: number; results: DashboardClient[] }> {
  const [rows, [total]] = await Promise.all([
    companyClientsQuery(db, scope, filters, name, window),
    companyClientsCountQuery(db, scope, filters, name),
  ]);
  if (rows.length === 0) return { count: total.count, results: [] };
  const counts = await clientCountsQuery(
    db,
    scope,
    filters,
    rows.map((r) => r.id),
  );
  const byPatient = new Map(counts.map((c) => [c.patient_id, c]));
  return {
    count: total.count,
    results: rows.map((patient) => ({
      patient,
      open_requests: byPatient.get(patient.id)?.open_requests ?? 0,
      total_requests: byPatient.get(patient.id)?.total_requests ?? 0,
      files_ready: byPatient.get(patient.id)?.files_ready ?? 0,
    })),
  };
}
