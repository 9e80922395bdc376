import { type CreateFileInput, FILE_MSG, type RequestFile, type UpdateFileInput } from '@dd/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { authorize, can } from '../../authz/policy';
import { ownFirm, sameFirm, visibleRequests } from '../../authz/scopes';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { fileAccesses, files, requests, uploads } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { sniffFileType } from '../../lib/file-type';
import type { Storage } from '../../lib/storage';
import { queueRecordIndexing } from '../recordsearch/search.index';
import { digestStored, type StoredDigest, storedHead } from './files.hash';
import { getRequestFile } from './files.queries';
import { parseUploadKey } from './files.upload';

/** Attaching uploads to requests, verifying and removing files, and the file-access audit trail. */

/** The file when its request is visible to the caller (another firm's file is simply not found). */
export async function findVisibleFile(db: DbOrTx, auth: Auth, fileId: number) {
  const [row] = await db
    .select({
      id: files.id,
      url: files.url,
      name: files.name,
      contentType: files.contentType,
      verifiedById: files.verifiedById,
      requestId: files.requestId,
      companyId: files.companyId,
    })
    .from(files)
    .innerJoin(requests, and(eq(requests.id, files.requestId), sameFirm(requests.companyId, files.companyId)))
    .where(and(eq(files.id, fileId), visibleRequests(auth)));
  if (!row) throw notFound();
  return row;
}

/**
 * The hash taken when the upload call received the object; an object stored some other way (the seed, an
 * upload from before hashes were kept) is hashed now, streamed from storage.
 */
async function receivedDigest(db: Db, storage: Storage, key: string): Promise<StoredDigest> {
  const [received] = await db.select({ sha256: uploads.sha256 }).from(uploads).where(eq(uploads.key, key));
  if (!received) return digestStored(storage, key);
  return { sha256: received.sha256, head: await storedHead(storage, key) };
}

export async function createRequestFile(
  db: Db,
  storage: Storage,
  auth: Auth,
  input: CreateFileInput,
  ip: string | null,
): Promise<RequestFile> {
  const [request] = await db
    .select({ id: requests.id, companyId: requests.companyId })
    .from(requests)
    .where(and(eq(requests.id, input.request), visibleRequests(auth)));
  if (!request) throw notFound();

  const upload = parseUploadKey(input.url);
  if (!upload || upload.userId !== auth.userId)
    throw badRequest(FILE_MSG.notYourUpload, { url: FILE_MSG.notYourUpload });
  // Anyone else's upload is a supporting document whatever they ask for.
  const supporting = can(auth, 'file.addRecords') ? input.supporting_file : true;
  if (!supporting && upload.bucket !== 'provider-records') {
    throw badRequest(FILE_MSG.recordsBucket, { url: FILE_MSG.recordsBucket });
  }
  const stat = await storage.stat(input.url);
  if (!stat) throw badRequest(FILE_MSG.uploadMissing, { url: FILE_MSG.uploadMissing });
  const digest = await receivedDigest(db, storage, input.url);
  const contentType = sniffFileType(digest.head)?.mime ?? null;

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({
        name: input.name,
        url: input.url,
        requestId: request.id,
        companyId: request.companyId,
        supportingFile: supporting,
        sizeBytes: stat.size,
        contentType,
        sha256: digest.sha256,
      })
      .returning({ id: files.id });
    await tx.insert(fileAccesses).values({
      action: 'UPLOAD',
      ip,
      fileId: row.id,
      companyId: request.companyId,
      fileKey: input.url,
      userId: auth.userId,
    });
    await queueRecordIndexing(tx, { id: row.id, contentType, supportingFile: supporting });
    return row.id;
  });
  return (await getRequestFile(db, auth, id))!;
}

export async function updateRequestFile(
  db: Db,
  auth: Auth,
  fileId: number,
  input: UpdateFileInput,
): Promise<RequestFile> {
  return db.transaction(async (tx) => {
    await lockRequestOfFile(tx, auth, fileId);
    const file = await findVisibleFile(tx, auth, fileId);
    await applyFileChange(tx, auth, file, input);
    return (await getRequestFile(tx, auth, file.id))!;
  });
}

/**
 * Verification and removal decide whether staff may send the records (sendToLawyer counts the verified
 * medical files under the request's lock), so they change under the same lock: a send never completes on
 * a count that a concurrent un-verify has already made untrue.
 */
async function lockRequestOfFile(tx: Tx, auth: Auth, fileId: number): Promise<void> {
  const [row] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(
          requests.id,
          tx
            .select({ id: files.requestId })
            .from(files)
            .where(and(eq(files.id, fileId), ownFirm(auth, files.companyId))),
        ),
        visibleRequests(auth),
      ),
    )
    .for('update');
  if (!row) throw notFound();
}

async function applyFileChange(
  tx: Tx,
  auth: Auth,
  file: Awaited<ReturnType<typeof findVisibleFile>>,
  input: UpdateFileInput,
): Promise<void> {
  if (input.archived !== undefined) authorize(auth, 'file.archive');
  const changes: Partial<typeof files.$inferInsert> = {};
  if (input.archived !== undefined) changes.archived = input.archived;
  if (input.verified_by !== undefined) {
    if (input.verified_by !== null && input.verified_by !== auth.userId) {
      throw badRequest(FILE_MSG.verifyAsYourself, { verified_by: FILE_MSG.verifyAsYourself });
    }
    authorize(auth, 'file.verify', { verifiedById: file.verifiedById });
    changes.verifiedById = input.verified_by;
  }
  await tx
    .update(files)
    .set(changes)
    .where(and(eq(files.id, file.id), eq(files.companyId, file.companyId)));
}

/**
 * Writes DOWNLOAD rows for these files and, when the downloader belongs to the request's law firm, marks
 * the request's first download.
 */
export async function logDownloads(
  tx: DbOrTx,
  auth: Auth,
  fileIds: number[],
  ip: string | null,
): Promise<void> {
  if (fileIds.length === 0) return;
  const found = new Map(
    (
      await tx
        .select({ id: files.id, url: files.url, companyId: files.companyId })
        .from(files)
        .where(and(inArray(files.id, fileIds), ownFirm(auth, files.companyId)))
    ).map((f) => [f.id, f]),
  );
  await tx.insert(fileAccesses).values(
    fileIds.map((fileId) => ({
      action: 'DOWNLOAD' as const,
      ip,
      fileId,
      // A missing file fails the row's foreign key anyway.
      companyId: found.get(fileId)?.companyId ?? auth.companyId,
      fileKey: found.get(fileId)?.url ?? null,
      userId: auth.userId,
    })),
  );
  await markFirstDownload(tx, auth, fileIds);
}

/** A DOWNLOAD row for a stored object no files row holds (a client's HIPAA form, a release form...). */
export async function logKeyDownload(db: DbOrTx, auth: Auth, key: string, ip: string | null): Promise<void> {
  await db
    .insert(fileAccesses)
    .values({ action: 'DOWNLOAD', ip, fileKey: key, userId: auth.userId, companyId: auth.companyId });
}

/**
 * Internal staff downloads are logged but are not the firm's download; supporting documents (the firm's
 * own uploads) do not count as receiving the records.
 */
async function markFirstDownload(tx: DbOrTx, auth: Auth, fileIds: number[]): Promise<void> {
  if (!can(auth, 'file.countAsFirmDownload')) return;
  await tx
    .update(requests)
    .set({ firstDownloadedAt: sql`now()` })
    .where(
      and(
        eq(requests.companyId, auth.companyId),
        isNull(requests.firstDownloadedAt),
        inArray(
          requests.id,
          tx
            .select({ id: files.requestId })
            .from(files)
            .where(
              and(
                inArray(files.id, fileIds),
                eq(files.companyId, auth.companyId),
                eq(files.supportingFile, false),
              ),
            ),
        ),
      ),
    );
}
