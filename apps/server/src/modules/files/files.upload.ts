import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FILE_MSG,
  MAX_FILES_PER_UPLOAD,
  UPLOAD_BUCKETS,
  type UploadBucket,
  UploadFieldsSchema,
  uploadTooLargeMessage,
} from '@dd/shared';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../authz';
import type { Db } from '../../db/client';
import { badRequest, HttpError } from '../../lib/errors';
import { SNIFF_BYTES, type SniffedType, sniffFileType } from '../../lib/file-type';
import { isValidKey, type Storage } from '../../lib/storage';
import { insertUploads } from './files.service.queries';

/**
 * POST /api/photoUpload/: reads the multipart body, checking each file's size while it streams and its
 * type from its first bytes, then moves the accepted files into storage under `${bucket}/u${user}/...`.
 * Files are spooled to a private temp folder first because clients send `bucket_name` after `files[]`;
 * storage is touched only once every file and field has passed, and a failure there removes what was stored.
 */
export const MULTIPART_LIMITS = (maxBytes: number) => ({
  files: MAX_FILES_PER_UPLOAD,
  // One byte over the limit reaches the guard, which answers 413 with the product's message.
  fileSize: maxBytes + 1,
  fields: 10,
  fieldSize: 10_000,
  parts: MAX_FILES_PER_UPLOAD + 10,
  headerPairs: 100,
});

class UploadGuard extends Transform {
  size = 0;
  type: SniffedType | null = null;
  /** The SHA-256 of every byte received, taken as they stream through (never the whole file in memory). */
  readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxMb: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new HttpError(413, uploadTooLargeMessage(this.maxMb)));
    this.hash.update(chunk);
    if (this.type) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback) {
    if (this.type) return done();
    this.release(done);
  }

  private release(done: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = sniffFileType(head);
    if (!this.type) return done(new HttpError(415, FILE_MSG.wrongType));
    done(null, head);
  }
}

interface Spooled {
  path: string;
  filename: string;
  type: SniffedType;
  sha256: string;
  size: number;
}

/** A safe file-name tail for a storage key: letters, digits, dot, dash, underscore; at most 100 characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+/, '')
    .slice(-100);
  return clean || 'file';
}

const LIMIT_ERRORS: Record<string, string> = {
  FST_FILES_LIMIT: FILE_MSG.tooManyFiles,
  FST_PARTS_LIMIT: FILE_MSG.tooManyFiles,
  FST_FIELDS_LIMIT: 'Too many form fields in the upload.',
};

async function spoolParts(request: FastifyRequest, dir: string, maxMb: number) {
  const maxBytes = maxMb * 1024 * 1024;
  const fields: Record<string, string> = {};
  const spooled: Spooled[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'files[]' && part.fieldname !== 'files') {
        part.file.resume();
        throw badRequest(`Unexpected file field ${part.fieldname}; send files as files[].`);
      }
      const guard = new UploadGuard(maxBytes, maxMb);
      const target = path.join(dir, String(spooled.length));
      await pipeline(part.file, guard, createWriteStream(target));
      spooled.push({
        path: target,
        filename: part.filename || 'file',
        type: guard.type!,
        sha256: guard.hash.digest('hex'),
        size: guard.size,
      });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && LIMIT_ERRORS[code]) throw badRequest(LIMIT_ERRORS[code]);
    throw error;
  }
  return { fields, spooled };
}

/** The slowest upload accepted: average kilobits per second from the start, judged after the grace period. */
export interface UploadRate {
  minKbps: number;
  graceMs: number;
}

const RATE_CHECK_MS = 250;

/**
 * Settles with `work`, or rejects with 408 once the body, past the grace period, has arrived at an average
 * below the minimum rate. A client trickling a few bytes a second is never idle, so without this only
 * REQUEST_TIMEOUT_SECONDS would stop it, minutes later.
 */
function withMinimumRate<T>(request: FastifyRequest, work: Promise<T>, rate: UploadRate): Promise<T> {
  const started = Date.now();
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
  };
  // A 'data' listener does not change the flow: the multipart parser is already piped from the body.
  request.raw.on('data', count);
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<never>((_resolve, reject) => {
    timer = setInterval(() => {
      const elapsedMs = Date.now() - started;
      if (elapsedMs < rate.graceMs || request.raw.readableEnded) return;
      const kbps = (received * 8) / elapsedMs; // bits per millisecond = kilobits per second
      if (kbps < rate.minKbps) reject(new HttpError(408, FILE_MSG.uploadTooSlow));
    }, RATE_CHECK_MS);
  });
  return Promise.race([work, tooSlow]).finally(() => {
    clearInterval(timer);
    request.raw.off('data', count);
  });
}

export interface StoredUpload {
  url: string;
  filename: string;
  order: number;
  sha256: string;
}

/**
 * Uploads are spooled inside DATA_DIR, on the volume the operator protects, never in the system temp
 * folder, and what a crash left there is removed at the next start (removeLeftoverUploads).
 */
export function uploadStagingDir(dataDir: string): string {
  return path.join(dataDir, 'uploads-in-progress');
}

/** Removes every folder a stopped server left in the staging folder; says how many it removed. */
export async function removeLeftoverUploads(dataDir: string): Promise<number> {
  const staging = uploadStagingDir(dataDir);
  const left = await readdir(staging).catch(() => []);
  await Promise.all(left.map((name) => rm(path.join(staging, name), { recursive: true, force: true })));
  return left.length;
}

export async function receiveUpload(
  request: FastifyRequest,
  auth: Auth,
  deps: { db: Db; storage: Storage; maxMb: number; rate: UploadRate; dataDir: string },
): Promise<StoredUpload[]> {
  if (!request.isMultipart()) throw badRequest(FILE_MSG.notMultipart);
  const staging = uploadStagingDir(deps.dataDir);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(staging, 'dd-upload-'));
  const stored: string[] = [];
  const spooling = spoolParts(request, dir, deps.maxMb);
  let cutOff = false;
  try {
    const { fields, spooled } = await withMinimumRate(request, spooling, deps.rate).catch((error) => {
      cutOff = error instanceof HttpError && error.statusCode === 408;
      throw error;
    });
    const parsed = UploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(issue.message, { [String(issue.path[0] ?? '_')]: issue.message });
    }
    if (spooled.length === 0) throw badRequest(FILE_MSG.noFiles);
    const prefix = `${parsed.data.bucket_name}/u${auth.userId}/`;
    const result: StoredUpload[] = [];
    for (const [order, file] of spooled.entries()) {
      const key = `${prefix}${randomUUID()}-${sanitizeFileName(file.filename)}`;
      stored.push(key);
      await deps.storage.put(key, createReadStream(file.path), { contentType: file.type.mime });
      result.push({ url: key, filename: file.filename, order, sha256: file.sha256 });
    }
    // The hash of what was received is kept with its key: a file attached from it records this hash.
    await insertUploads(
      deps.db,
      spooled.map((file, order) => ({
        key: result[order].url,
        sha256: file.sha256,
        sizeBytes: file.size,
        userId: auth.userId,
        companyId: auth.companyId,
      })),
    );
    return result;
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
    throw error;
  } finally {
    // A cut-off upload keeps spooling until its connection closes (after the 408 is sent): remove the
    // folder once it stops, without holding the answer back.
    const removeDir = () => rm(dir, { recursive: true, force: true });
    const cleanUp = spooling.then(removeDir, removeDir);
    if (!cutOff) await cleanUp;
  }
}

/** Owner and bucket of a key made by this upload route, or null for any other key. */
export function parseUploadKey(key: string): { bucket: UploadBucket; userId: number } | null {
  const match = /^([a-z-]+)\/u(\d+)\/[^/]+$/.exec(key);
  const bucket = UPLOAD_BUCKETS.find((b) => b === match?.[1]);
  return match && bucket && isValidKey(key) ? { bucket, userId: Number(match[2]) } : null;
}

/** The key was uploaded by this user (other modules: check before saving a form url someone sends). */
export function isOwnUpload(userId: number, key: string): boolean {
  return parseUploadKey(key)?.userId === userId;
}
