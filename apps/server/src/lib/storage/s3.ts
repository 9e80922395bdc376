import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, type Storage, StorageNotFoundError } from './storage';

/** S3 driver (AWS S3, MinIO or any S3-compatible server), streaming both ways. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export function createS3Client(settings: Omit<S3Settings, 'bucket'>): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Many S3-compatible servers reject the SDK's default streaming checksums (aws-chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

export function createS3Storage(settings: S3Settings, client: S3Client = createS3Client(settings)): Storage {
  const Bucket = settings.bucket;
  return {
    async put(key, body, opts) {
      let size = 0;
      const counted = new PassThrough();
      counted.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      body.on('error', (error) => counted.destroy(error));
      body.pipe(counted);
      // Small bodies go up in one PutObject, larger ones as a multipart upload that is aborted on failure.
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: counted, ContentType: opts.contentType },
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        counted.destroy();
        throw error;
      }
      return { size };
    },

    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!(result.Body instanceof Readable)) throw new Error(`Unexpected body for ${key}`);
        return result.Body;
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
