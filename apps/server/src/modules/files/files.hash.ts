import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { SNIFF_BYTES } from '../../lib/file-type';
import type { JobContext } from '../../lib/jobs';
import { type Storage, StorageNotFoundError } from '../../lib/storage';
import { filesWithoutHash, setMissingFileHash } from './files.queries';

/**
 * Chain of custody (decision 056): the SHA-256 of each request file, taken by streaming the stored object
 * through the hash (constant memory, whatever the file's size) when the file is attached, and by a
 * background chore for files stored before hashes were kept.
 */
export interface StoredDigest {
  sha256: string;
  /** The object's first bytes, for sniffing its type. */
  head: Buffer;
}

export async function digestStored(storage: Storage, key: string): Promise<StoredDigest> {
  const stream = await storage.get(key);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    if (headLength < SNIFF_BYTES) {
      head.push(bytes.subarray(0, SNIFF_BYTES - headLength));
      headLength += Math.min(bytes.length, SNIFF_BYTES - headLength);
    }
  }
  return { sha256: hash.digest('hex'), head: Buffer.concat(head) };
}

/** The object's first bytes only (for its type), when its hash is already known. */
export async function storedHead(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= SNIFF_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

export const HASH_BACKFILL_JOB = 'files.hash-backfill';
const BATCH = 100;

/**
 * Hashes every file still without a hash, oldest first, in batches; an object missing from storage is
 * skipped (and tried again on the next run). Answers how many files it hashed.
 */
export async function backfillFileHashes(
  deps: { db: Db; storage: Storage },
  context?: JobContext,
): Promise<number> {
  let after = 0;
  let hashed = 0;
  for (;;) {
    const batch = await filesWithoutHash(deps.db, after, BATCH);
    if (batch.length === 0) return hashed;
    for (const file of batch) {
      after = file.id;
      let digest: StoredDigest;
      try {
        digest = await digestStored(deps.storage, file.url);
      } catch (error) {
        if (error instanceof StorageNotFoundError) continue;
        throw error;
      }
      await setMissingFileHash(deps.db, file.id, digest.sha256);
      hashed++;
    }
    await context?.progress(hashed, hashed + BATCH);
  }
}
