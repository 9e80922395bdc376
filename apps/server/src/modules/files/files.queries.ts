import { batesLabel, type RequestFile } from '@dd/shared';
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Auth } from '../../authz';
import { fileAbilities } from '../../authz/policy';
import {
  ownFirm,
  sameFirm,
  visibleCompanyDocuments,
  visiblePatients,
  visibleRequests,
} from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { idIn } from '../../db/id-lists';
import {
  batesRanges,
  companies,
  fileAccesses,
  files,
  patients,
  providers,
  requests,
  userDirectory,
  users,
} from '../../db/schema';

/**
 * Reading request files in the RequestFile shape, for this module and for others (request detail,
 * dashboards). These take an already-authorised request or file: callers AND visibleRequests first.
 */

const downloads = alias(fileAccesses, 'fa');
const downloader = alias(users, 'downloader');

/**
 * A row when a user of the file's law firm has downloaded the file (internal downloads do not count), for a
 * LEFT JOIN LATERAL: probed for each file the page shows. As an EXISTS in the select list the planner may
 * instead hash every firm's downloads once: 250 ms instead of under 1 ms for a page at a million requests.
 */
export const firmDownload = new QueryBuilder()
  .select({ downloaded: sql<boolean>`true`.as('downloaded') })
  .from(downloads)
  .innerJoin(
    downloader,
    and(eq(downloader.id, downloads.userId), sameFirm(downloader.companyId, downloads.companyId)),
  )
  .where(
    and(
      eq(downloads.fileId, files.id),
      sameFirm(downloads.companyId, files.companyId),
      eq(downloads.action, 'DOWNLOAD'),
    ),
  )
  .limit(1)
  .as('firm_download');

/** The earliest other file of the same request with the same bytes (archived ones do not count). */
const duplicateOf = sql<number | null>`(
  select min(d.id) from files d
  where d.request_id = ${files.requestId} and d.company_id = ${files.companyId} and d.sha256 = ${files.sha256} and d.id < ${files.id} and not d.archived)`;

const columns = {
  id: files.id,
  name: files.name,
  url: files.url,
  requestId: files.requestId,
  supportingFile: files.supportingFile,
  archived: files.archived,
  verifiedById: files.verifiedById,
  verifiedByName: userDirectory.fullName,
  createdAt: files.createdAt,
  downloaded: sql<boolean>`${firmDownload.downloaded} is not null`,
  contentType: files.contentType,
  sizeBytes: files.sizeBytes,
  sha256: files.sha256,
  duplicateOf,
  batesPrefix: batesRanges.prefix,
  batesFirst: batesRanges.firstNumber,
  batesLast: batesRanges.lastNumber,
};

type Row = Awaited<ReturnType<typeof selectRequestFiles>>[number];

function toRequestFile(auth: Auth, row: Row): RequestFile {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    request: row.requestId,
    supporting_file: row.supportingFile,
    archived: row.archived,
    verified_by:
      row.verifiedById === null ? null : { id: row.verifiedById, full_name: row.verifiedByName ?? '' },
    created_at: new Date(row.createdAt).toISOString(),
    downloaded: Boolean(row.downloaded),
    content_type: row.contentType,
    size_bytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    sha256: row.sha256,
    duplicate_of: row.duplicateOf === null ? null : Number(row.duplicateOf),
    bates_start: row.batesPrefix === null ? null : batesLabel(row.batesPrefix, row.batesFirst!),
    bates_end: row.batesPrefix === null ? null : batesLabel(row.batesPrefix, row.batesLast!),
    abilities: fileAbilities(auth, row),
  };
}

function selectRequestFiles(db: DbOrTx) {
  return db
    .select(columns)
    .from(files)
    .innerJoin(requests, and(eq(requests.id, files.requestId), sameFirm(requests.companyId, files.companyId)))
    .leftJoin(userDirectory, eq(userDirectory.userId, files.verifiedById))
    .leftJoin(
      batesRanges,
      and(eq(batesRanges.fileId, files.id), sameFirm(batesRanges.companyId, files.companyId)),
    )
    .leftJoinLateral(firmDownload, sql`true`);
}

/** Every file of a request (archived ones included, flagged), oldest first, in one query. */
export async function listRequestFiles(db: DbOrTx, auth: Auth, requestId: number): Promise<RequestFile[]> {
  const rows = await selectRequestFiles(db)
    .where(and(eq(files.requestId, requestId), ownFirm(auth, files.companyId)))
    .orderBy(asc(files.createdAt), asc(files.id));
  return rows.map((row) => toRequestFile(auth, row));
}

export async function getRequestFile(
  db: DbOrTx,
  auth: Auth,
  fileId: number,
): Promise<RequestFile | undefined> {
  const [row] = await selectRequestFiles(db).where(and(eq(files.id, fileId), ownFirm(auth, files.companyId)));
  return row && toRequestFile(auth, row);
}

/** Every upload and download of a firm's files with who made it, newest first (their request is authorised). */
export function accessesOfFirmFiles(db: DbOrTx, companyId: number, fileIds: number[]) {
  return db
    .select({
      id: fileAccesses.id,
      fileId: fileAccesses.fileId,
      action: fileAccesses.action,
      ip: fileAccesses.ip,
      userId: fileAccesses.userId,
      fullName: userDirectory.fullName,
      userCompanyId: userDirectory.companyId,
      createdAt: fileAccesses.createdAt,
    })
    .from(fileAccesses)
    .leftJoin(userDirectory, eq(userDirectory.userId, fileAccesses.userId))
    .where(and(eq(fileAccesses.companyId, companyId), idIn(fileAccesses.fileId, fileIds)))
    .orderBy(desc(fileAccesses.createdAt), desc(fileAccesses.id));
}

/** The first file stored under `key` (and with `fileId`, when given) of a request the caller can see. */
export async function visibleFileWithKey(db: DbOrTx, auth: Auth, key: string, fileId?: number) {
  const [file] = await db
    .select({ id: files.id, name: files.name })
    .from(files)
    .innerJoin(requests, and(eq(requests.id, files.requestId), sameFirm(requests.companyId, files.companyId)))
    .where(
      and(fileId === undefined ? undefined : eq(files.id, fileId), eq(files.url, key), visibleRequests(auth)),
    )
    .orderBy(files.id)
    .limit(1);
  return file;
}

/**
 * Whether `key` is the HIPAA form of a client or the HIPAA or intake form of a request the caller can see,
 * a company release form the caller may read, or any provider's request form.
 */
export async function isVisibleFormLink(db: DbOrTx, auth: Auth, key: string): Promise<boolean> {
  const found = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(patients)
      .where(and(eq(patients.hipaaConsentUrl, key), visiblePatients(auth)))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(requests)
      .where(
        and(or(eq(requests.hipaaConsentUrl, key), eq(requests.intakeFormUrl, key)), visibleRequests(auth)),
      )
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(and(eq(companies.releaseFormUrl, key), visibleCompanyDocuments(auth)))
      .limit(1),
    db.select({ one: sql`1` }).from(providers).where(eq(providers.medicalRequestUrl, key)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

/** The client's records (not archived, not supporting) in requests the caller can see, by provider. */
export function zipFilesOfClient(db: DbOrTx, auth: Auth, patientId: number) {
  return db
    .select({ id: files.id, name: files.name, url: files.url, provider: providers.name })
    .from(files)
    .innerJoin(requests, and(eq(requests.id, files.requestId), sameFirm(requests.companyId, files.companyId)))
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .where(
      and(
        eq(requests.patientId, patientId),
        eq(files.archived, false),
        eq(files.supportingFile, false),
        visibleRequests(auth),
      ),
    )
    .orderBy(asc(providers.name), asc(files.createdAt), asc(files.id));
}

export async function visibleClientName(db: DbOrTx, auth: Auth, patientId: number) {
  const [patient] = await db
    .select({ id: patients.id, fullName: patients.fullName })
    .from(patients)
    .where(and(eq(patients.id, patientId), visiblePatients(auth)));
  return patient;
}

/** Up to `limit` files without a hash after id `after`, by id (every firm's: a chore). */
export function filesWithoutHash(db: DbOrTx, after: number, limit: number) {
  return db
    .select({ id: files.id, url: files.url })
    .from(files)
    .where(and(isNull(files.sha256), gt(files.id, after)))
    .orderBy(asc(files.id))
    .limit(limit);
}

/** Records a file's hash unless it has one already. */
export async function setMissingFileHash(db: DbOrTx, fileId: number, sha256: string): Promise<void> {
  await db
    .update(files)
    .set({ sha256 })
    .where(and(eq(files.id, fileId), isNull(files.sha256)));
}
