import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { ownFirm, sameFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import { fileAccesses, files, requests, uploads } from '../../db/schema';

/** SQL for attaching uploads to requests, changing files and logging their accesses (files.service.ts). */

type FileValues = typeof files.$inferInsert;
type FileAccessValues = typeof fileAccesses.$inferInsert;

/** The file when its request is visible to the caller. */
export async function visibleFile(db: DbOrTx, auth: Auth, fileId: number) {
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
  return row;
}

/** The hash the upload call took of the object stored under `key`. */
export async function uploadHash(db: DbOrTx, key: string) {
  const [received] = await db.select({ sha256: uploads.sha256 }).from(uploads).where(eq(uploads.key, key));
  return received;
}

export async function visibleRequestKey(db: DbOrTx, auth: Auth, requestId: number) {
  const [request] = await db
    .select({ id: requests.id, companyId: requests.companyId })
    .from(requests)
    .where(and(eq(requests.id, requestId), visibleRequests(auth)));
  return request;
}

/** Answers the new file's id. */
export async function insertFile(tx: DbOrTx, values: FileValues): Promise<number> {
  const [row] = await tx.insert(files).values(values).returning({ id: files.id });
  return row.id;
}

export async function insertFileAccesses(db: DbOrTx, rows: FileAccessValues[]): Promise<void> {
  await db.insert(fileAccesses).values(rows);
}

/** Locks the request of the caller's firm's file, when the caller can see it; answers its id. */
export async function lockVisibleRequestOfFile(tx: Tx, auth: Auth, fileId: number) {
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
  return row;
}

export async function updateFile(
  tx: DbOrTx,
  file: { id: number; companyId: number },
  changes: Partial<FileValues>,
): Promise<void> {
  await tx
    .update(files)
    .set(changes)
    .where(and(eq(files.id, file.id), eq(files.companyId, file.companyId)));
}

/** The caller's firm's files among `fileIds` (every firm's for internal users), with their keys. */
export function filesOfCallerFirm(tx: DbOrTx, auth: Auth, fileIds: number[]) {
  return tx
    .select({ id: files.id, url: files.url, companyId: files.companyId })
    .from(files)
    .where(and(inArray(files.id, fileIds), ownFirm(auth, files.companyId)));
}

/** Marks the first download of the caller's firm's requests that these files (records, not supporting) belong to. */
export async function markFirstDownloadOfFiles(tx: DbOrTx, auth: Auth, fileIds: number[]): Promise<void> {
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

/** Keeps each received upload's hash with its key. */
export async function insertUploads(db: DbOrTx, rows: (typeof uploads.$inferInsert)[]): Promise<void> {
  await db.insert(uploads).values(rows);
}
