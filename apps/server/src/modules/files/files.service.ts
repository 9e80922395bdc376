import { type CreateFileInput, FILE_MSG, type RequestFile, type UpdateFileInput } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize, can } from '../../authz/policy';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { files } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { sniffFileType } from '../../lib/file-type';
import type { Storage } from '../../lib/storage';
import { queueRecordIndexing } from '../recordsearch/search.index';
import { digestStored, type StoredDigest, storedHead } from './files.hash';
import { getRequestFile } from './files.queries';
import {
  filesOfCallerFirm,
  insertFile,
  insertFileAccesses,
  lockVisibleRequestOfFile,
  markFirstDownloadOfFiles,
  updateFile,
  uploadHash,
  visibleFile,
  visibleRequestKey,
} from './files.service.queries';
import { parseUploadKey } from './files.upload';

/** Attaching uploads to requests, verifying and removing files, and the file-access audit trail. */

/** The file when its request is visible to the caller (another firm's file is simply not found). */
export async function findVisibleFile(db: DbOrTx, auth: Auth, fileId: number) {
  const row = await visibleFile(db, auth, fileId);
  if (!row) throw notFound();
  return row;
}

/**
 * The hash taken when the upload call received the object; an object stored some other way (the seed, an
 * upload from before hashes were kept) is hashed now, streamed from storage.
 */
async function receivedDigest(db: Db, storage: Storage, key: string): Promise<StoredDigest> {
  const received = await uploadHash(db, key);
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
  const request = await visibleRequestKey(db, auth, input.request);
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
    const id = await insertFile(tx, {
      name: input.name,
      url: input.url,
      requestId: request.id,
      companyId: request.companyId,
      supportingFile: supporting,
      sizeBytes: stat.size,
      contentType,
      sha256: digest.sha256,
    });
    await insertFileAccesses(tx, [
      {
        action: 'UPLOAD',
        ip,
        fileId: id,
        companyId: request.companyId,
        fileKey: input.url,
        userId: auth.userId,
      },
    ]);
    await queueRecordIndexing(tx, { id, contentType, supportingFile: supporting });
    return id;
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
  const row = await lockVisibleRequestOfFile(tx, auth, fileId);
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
  await updateFile(tx, file, changes);
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
  const found = new Map((await filesOfCallerFirm(tx, auth, fileIds)).map((f) => [f.id, f]));
  await insertFileAccesses(
    tx,
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
  await insertFileAccesses(db, [
    { action: 'DOWNLOAD', ip, fileKey: key, userId: auth.userId, companyId: auth.companyId },
  ]);
}

/**
 * Internal staff downloads are logged but are not the firm's download; supporting documents (the firm's
 * own uploads) do not count as receiving the records.
 */
async function markFirstDownload(tx: DbOrTx, auth: Auth, fileIds: number[]): Promise<void> {
  if (!can(auth, 'file.countAsFirmDownload')) return;
  await markFirstDownloadOfFiles(tx, auth, fileIds);
}
