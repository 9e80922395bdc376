import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { defaultBatesPrefix, RECORDS_PACKAGE_MSG } from '@dd/shared';
import type { Db, Tx } from '../../db/client';
import { conflict } from '../../lib/errors';
import { enqueueJob, type JobContext } from '../../lib/jobs';
import { sanitizeFileName } from '../files/files.upload';
import { pdfPool } from '../pdfforms/pdf-pool';
import {
  batesClientOfRequest,
  insertBatesRanges,
  lockedBatesCounter,
  setStampedCopy,
  unnumberedRecords,
  unstampedRanges,
} from './package.queries';
import { type RecordsDeps, readablePdf } from './package.unlock';

/**
 * Bates numbering at delivery (decision 056). Before the send's transaction every verified medical PDF
 * not yet numbered is read and counted (decrypted or refused); inside it the client's counter row is
 * locked and each file takes the next pages' numbers, so numbering runs on across deliveries with no
 * hole and no number given twice. A job then stamps copies (the originals stay as received).
 */
export const STAMP_JOB = 'records.stamp';

export interface PreparedDelivery {
  requestId: number;
  pages: Map<number, number>;
}

export async function prepareDelivery(
  db: Db,
  deps: RecordsDeps,
  requestId: number,
): Promise<PreparedDelivery> {
  const pages = new Map<number, number>();
  for (const file of await unnumberedRecords(db, requestId)) {
    pages.set(file.id, (await readablePdf(deps, file)).pageCount);
  }
  return { requestId, pages };
}

/** In the send's transaction, after its checks: numbers the prepared files and queues their stamping. */
export async function numberDelivery(tx: Tx, prepared: PreparedDelivery): Promise<void> {
  const list = await unnumberedRecords(tx, prepared.requestId);
  if (list.some((file) => !prepared.pages.has(file.id))) throw conflict(RECORDS_PACKAGE_MSG.filesChanged);
  // Every send queues the stamping: a file whose stamping failed before is tried again.
  await enqueueJob(tx, {
    kind: STAMP_JOB,
    key: `${STAMP_JOB}:${prepared.requestId}`,
    payload: { requestId: prepared.requestId },
  });
  if (list.length === 0) return;
  const client = await batesClientOfRequest(tx, prepared.requestId);
  let next = await lockedBatesCounter(tx, client);
  const prefix = client.prefix ?? defaultBatesPrefix(client.lastName);
  const ranges = list.map((file) => {
    const firstNumber = next;
    next += prepared.pages.get(file.id)!;
    return {
      fileId: file.id,
      patientId: client.id,
      companyId: client.companyId,
      prefix,
      firstNumber,
      lastNumber: next - 1,
    };
  });
  await insertBatesRanges(tx, client.id, ranges, next);
}

/** The job: a stamped copy of each numbered file of the request that has none yet, stored and hashed. */
export async function stampDelivered(
  deps: RecordsDeps & { db: Db },
  requestId: number,
  context?: JobContext,
): Promise<number> {
  const list = await unstampedRanges(deps.db, requestId);
  for (const [done, file] of list.entries()) {
    const { bytes } = await readablePdf(deps, file);
    const stamped = Buffer.from(await pdfPool().stampBates(bytes, file.prefix, file.first));
    const key = `bates/r${requestId}/${randomUUID()}-${sanitizeFileName(file.name)}`;
    await deps.storage.put(key, Readable.from([stamped]), { contentType: 'application/pdf' });
    const sha256 = createHash('sha256').update(stamped).digest('hex');
    await setStampedCopy(deps.db, file.fileId, { stampedUrl: key, stampedSha256: sha256 });
    await context?.progress(done + 1, list.length);
  }
  return list.length;
}
