import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { sameFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { batesCounters, batesRanges, files, jobs, patients, providers, requests } from '../../db/schema';

/** SQL for the records package (decision 056): Bates numbering at delivery, stamped copies, the package's files. */

type BatesRangeValues = typeof batesRanges.$inferInsert;

/** The request's verified medical PDFs that have no Bates numbers yet, oldest first. */
export function unnumberedRecords(db: DbOrTx, requestId: number) {
  return db
    .select({ id: files.id, name: files.name, url: files.url })
    .from(files)
    .leftJoin(batesRanges, eq(batesRanges.fileId, files.id))
    .where(
      and(
        eq(files.requestId, requestId),
        eq(files.archived, false),
        eq(files.supportingFile, false),
        isNotNull(files.verifiedById),
        eq(files.contentType, 'application/pdf'),
        isNull(batesRanges.fileId),
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** The request's client with its firm and Bates prefix. */
export async function batesClientOfRequest(tx: DbOrTx, requestId: number) {
  const [client] = await tx
    .select({
      id: patients.id,
      companyId: patients.companyId,
      prefix: patients.batesPrefix,
      lastName: patients.lastName,
    })
    .from(requests)
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .where(eq(requests.id, requestId));
  return client;
}

/** The client's next Bates number, its counter row created when missing and locked for update. */
export async function lockedBatesCounter(
  tx: DbOrTx,
  client: { id: number; companyId: number },
): Promise<number> {
  await tx
    .insert(batesCounters)
    .values({ patientId: client.id, companyId: client.companyId })
    .onConflictDoNothing();
  const [counter] = await tx
    .select({ next: batesCounters.nextNumber })
    .from(batesCounters)
    .where(eq(batesCounters.patientId, client.id))
    .for('update');
  return counter.next;
}

/** Records the files' ranges and moves the client's counter on to `next`. */
export async function insertBatesRanges(
  tx: DbOrTx,
  patientId: number,
  ranges: BatesRangeValues[],
  next: number,
): Promise<void> {
  await tx.insert(batesRanges).values(ranges);
  await tx.update(batesCounters).set({ nextNumber: next }).where(eq(batesCounters.patientId, patientId));
}

/** The request's numbered files with no stamped copy yet, in Bates order. */
export function unstampedRanges(db: DbOrTx, requestId: number) {
  return db
    .select({
      fileId: files.id,
      name: files.name,
      url: files.url,
      prefix: batesRanges.prefix,
      first: batesRanges.firstNumber,
    })
    .from(batesRanges)
    .innerJoin(files, eq(files.id, batesRanges.fileId))
    .where(and(eq(files.requestId, requestId), isNull(batesRanges.stampedUrl)))
    .orderBy(asc(batesRanges.firstNumber));
}

/** Records a file's stamped copy, unless one was recorded meanwhile. */
export async function setStampedCopy(
  db: DbOrTx,
  fileId: number,
  copy: { stampedUrl: string; stampedSha256: string },
): Promise<void> {
  await db
    .update(batesRanges)
    .set(copy)
    .where(and(eq(batesRanges.fileId, fileId), isNull(batesRanges.stampedUrl)));
}

/** The request, with its client and provider names, when the caller can see it. */
export async function packageRequestForCaller(db: DbOrTx, auth: Auth, requestId: number) {
  const [request] = await db
    .select({
      id: requests.id,
      companyId: requests.companyId,
      client: patients.fullName,
      provider: providers.name,
      startDate: requests.startDate,
      endDate: requests.endDate,
    })
    .from(requests)
    .innerJoin(
      patients,
      and(eq(patients.id, requests.patientId), sameFirm(patients.companyId, requests.companyId)),
    )
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .where(and(eq(requests.id, requestId), visibleRequests(auth)));
  return request;
}

/** The request's numbered files (not removed) with their ranges and stamped copies, in Bates order. */
export function numberedFilesOfRequest(db: DbOrTx, request: { id: number; companyId: number }) {
  return db
    .select({
      fileId: files.id,
      name: files.name,
      prefix: batesRanges.prefix,
      first: batesRanges.firstNumber,
      last: batesRanges.lastNumber,
      stampedUrl: batesRanges.stampedUrl,
      sha256: batesRanges.stampedSha256,
    })
    .from(batesRanges)
    .innerJoin(files, and(eq(files.id, batesRanges.fileId), sameFirm(files.companyId, batesRanges.companyId)))
    .where(
      and(eq(files.requestId, request.id), eq(files.companyId, request.companyId), eq(files.archived, false)),
    )
    .orderBy(asc(batesRanges.firstNumber));
}

/** The newest job with `key`: its status and last error. */
export async function latestJobByKey(db: DbOrTx, key: string) {
  const [job] = await db
    .select({ status: jobs.status, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.key, key))
    .orderBy(desc(jobs.id))
    .limit(1);
  return job;
}
