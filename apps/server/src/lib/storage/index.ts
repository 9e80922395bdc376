import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

/** Picks the storage driver from configuration: S3 when S3_BUCKET is set, else DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(path.join(config.dataDir, 'files'));
}

export { createLocalStorage } from './local';
export { createS3Client, createS3Storage } from './s3';
export { isValidKey, type Storage, StorageNotFoundError } from './storage';
