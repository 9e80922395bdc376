import { DOWNLOAD_RECORDS_LIMIT, type ReadyFile } from '@dd/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { sameFirm } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { files, patients, providers, requests } from '../../db/schema';
import { firmDownload } from '../files/files.queries';
import { type DashboardScope, readyFileCondition, scopeCondition } from './dashboard.queries';
import type { PageWindow } from './requests-company.queries';

/**
 * Files ready for the firm: GET /api/download-request/ (a page of the newest, see DOWNLOAD_RECORDS_LIMIT) and
 * GET /api/download-records/ (every ready file of one client, for 'Download All Files').
 */
function readyFilesCondition(scope: DashboardScope, clientId?: number): SQL {
  return and(
    scopeCondition(scope),
    readyFileCondition(),
    clientId === undefined ? undefined : eq(requests.patientId, clientId),
  )!;
}

const fileOfRequest = and(eq(requests.id, files.requestId), sameFirm(files.companyId, requests.companyId));

function readyFilesSelect(db: DbOrTx, where: SQL) {
  return db
    .select({
      id: files.id,
      name: files.name,
      url: files.url,
      created_at: files.createdAt,
      downloaded: sql<boolean>`${firmDownload.downloaded} is not null`,
      request: { id: requests.id, internal_number: requests.internalNumber },
      patient: { id: patients.id, full_name: patients.fullName },
      provider: { id: providers.id, name: providers.name },
    })
    .from(files)
    .innerJoin(requests, fileOfRequest)
    .innerJoin(
      patients,
      and(eq(patients.id, requests.patientId), sameFirm(patients.companyId, requests.companyId)),
    )
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .leftJoinLateral(firmDownload, sql`true`)
    .where(where)
    .orderBy(desc(files.createdAt), desc(files.id));
}

type ReadyFileRow = Awaited<ReturnType<typeof readyFilesSelect>>[number];
const toReadyFile = (row: ReadyFileRow): ReadyFile => ({ ...row, created_at: row.created_at.toISOString() });

/** One page of the newest DOWNLOAD_RECORDS_LIMIT ready files. */
export function readyFilesQuery(db: DbOrTx, scope: DashboardScope, window: PageWindow) {
  const offset = (window.page - 1) * window.pageSize;
  return readyFilesSelect(db, readyFilesCondition(scope))
    .limit(Math.max(0, Math.min(window.pageSize, DOWNLOAD_RECORDS_LIMIT - offset)))
    .offset(offset);
}

/** Counts up to DOWNLOAD_RECORDS_LIMIT, so a firm with years of records still counts in a few ms. */
export function readyFilesCountQuery(db: DbOrTx, scope: DashboardScope) {
  const capped = db
    .select({ one: sql`1` })
    .from(files)
    .innerJoin(requests, fileOfRequest)
    .where(readyFilesCondition(scope))
    .limit(DOWNLOAD_RECORDS_LIMIT)
    .as('capped');
  return db.select({ count: count() }).from(capped);
}

export async function listReadyFiles(
  db: DbOrTx,
  scope: DashboardScope,
  window: PageWindow,
): Promise<{ count: number; results: { file: ReadyFile }[] }> {
  const [rows, [total]] = await Promise.all([
    readyFilesQuery(db, scope, window),
    readyFilesCountQuery(db, scope),
  ]);
  return { count: total.count, results: rows.map((row) => ({ file: toReadyFile(row) })) };
}

export function clientReadyFilesQuery(db: DbOrTx, scope: DashboardScope, clientId: number) {
  return readyFilesSelect(db, readyFilesCondition(scope, clientId));
}

export async function listClientReadyFiles(
  db: DbOrTx,
  scope: DashboardScope,
  clientId: number,
): Promise<ReadyFile[]> {
  const rows = await clientReadyFilesQuery(db, scope, clientId);
  return rows.map(toReadyFile);
}
