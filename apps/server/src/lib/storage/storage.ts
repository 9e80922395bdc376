import type { Readable } from 'node:stream';

/**
 * Object storage behind one interface (local disk or S3). Keys are forward-slash paths such as
 * 'provider-records/u12/<uuid>-report.pdf'; every driver checks them with `checkKey` first.
 */
export interface Storage {
  /** Streams `body` to `key`, replacing what was there. Nothing is left behind when the body fails. */
  put(key: string, body: Readable, opts: { contentType: string }): Promise<{ size: number }>;
  /** The object's bytes; throws StorageNotFoundError when it does not exist. */
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at ${key}`);
  }
}

class InvalidKeyError extends Error {
  constructor(readonly key: string) {
    super('Invalid storage key');
  }
}

const MAX_KEY_LENGTH = 1024;

/** A usable key: relative, forward slashes only, no empty, '.' or '..' segments, no control characters. */
export function isValidKey(key: string): boolean {
  if (!key || key.length > MAX_KEY_LENGTH) return false;
  if (key.startsWith('/') || key.includes('\\')) return false;
  if (/\p{Cc}/u.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return key;
}
