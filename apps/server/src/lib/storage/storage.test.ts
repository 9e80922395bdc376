import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createS3Client,
  createS3Storage,
  isValidKey,
  type Storage,
  StorageNotFoundError,
} from './index';

/** One contract for both drivers: the local one on a temp folder, the S3 one against a real s3rver. */
function failingBody(good: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) this.destroy(new Error('client went away'));
      else {
        sent = true;
        this.push(good);
      }
    },
  });
}

function contract(name: string, setup: () => Promise<{ storage: Storage; teardown: () => Promise<void> }>) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, teardown } = await setup());
    }, 60_000);
    afterAll(async () => teardown?.());

    const key = (file = 'report.pdf') => `provider-records/u1/${randomUUID()}-${file}`;

    it('stores a stream and reads the same bytes back', async () => {
      const bytes = randomBytes(70_000);
      const k = key();
      expect(await storage.put(k, Readable.from([bytes]), { contentType: 'application/pdf' })).toEqual({
        size: bytes.length,
      });
      expect(await storage.stat(k)).toEqual({ size: bytes.length });
      expect((await buffer(await storage.get(k))).equals(bytes)).toBe(true);
    });

    it('streams a body larger than one upload part', async () => {
      const chunk = randomBytes(1024 * 1024);
      const k = key('big.pdf');
      const body = Readable.from(Array.from({ length: 6 }, () => chunk));
      expect(await storage.put(k, body, { contentType: 'application/pdf' })).toEqual({
        size: 6 * chunk.length,
      });
      const back = await buffer(await storage.get(k));
      expect(back.length).toBe(6 * chunk.length);
      expect(back.subarray(5 * chunk.length).equals(chunk)).toBe(true);
    });

    it('replaces an object written twice', async () => {
      const k = key();
      await storage.put(k, Readable.from([Buffer.from('first version')]), { contentType: 'text/plain' });
      await storage.put(k, Readable.from([Buffer.from('second')]), { contentType: 'text/plain' });
      expect((await buffer(await storage.get(k))).toString()).toBe('second');
    });

    it('answers null, not-found and no-op for a missing object', async () => {
      const k = key('missing.pdf');
      expect(await storage.stat(k)).toBeNull();
      await expect(storage.get(k)).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it('deletes an object', async () => {
      const k = key();
      await storage.put(k, Readable.from([Buffer.from('%PDF-1.7')]), { contentType: 'application/pdf' });
      await storage.delete(k);
      expect(await storage.stat(k)).toBeNull();
    });

    it('leaves nothing behind when the body fails', async () => {
      const k = key('broken.pdf');
      await expect(
        storage.put(k, failingBody(randomBytes(1000)), { contentType: 'application/pdf' }),
      ).rejects.toThrow();
      expect(await storage.stat(k)).toBeNull();
    });

    it('refuses keys that escape or are not plain forward-slash paths', async () => {
      for (const bad of ['../etc/passwd', 'a/../b', '/abs/key', 'a\\b', 'a//b', 'a/./b', '', 'a/\u0000']) {
        await expect(storage.stat(bad), bad).rejects.toThrow('Invalid storage key');
        await expect(
          storage.put(bad, Readable.from([Buffer.from('x')]), { contentType: 'x' }),
        ).rejects.toThrow('Invalid storage key');
      }
    });
  });
}

contract('local', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dd-storage-'));
  return { storage: createLocalStorage(dir), teardown: () => rm(dir, { recursive: true, force: true }) };
});

contract('S3', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dd-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  const settings = {
    bucket: 'dd-test-files',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = createS3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return {
    storage: createS3Storage(settings, client),
    teardown: async () => {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('local storage on disk', () => {
  it('writes under the root in nested folders and keeps no temporary files', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dd-storage-'));
    const storage = createLocalStorage(dir);
    await storage.put('provider-records/demo.pdf', Readable.from([Buffer.from('%PDF')]), {
      contentType: 'application/pdf',
    });
    await expect(
      storage.put('supporting-documents/u3/x.pdf', failingBody(Buffer.from('%PDF')), {
        contentType: 'application/pdf',
      }),
    ).rejects.toThrow();
    expect(await readdir(path.join(dir, 'provider-records'))).toEqual(['demo.pdf']);
    expect(await readdir(path.join(dir, 'supporting-documents', 'u3'))).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts the seed-style keys', () => {
    expect(isValidKey('provider-records/demo-10001-1.pdf')).toBe(true);
    expect(isValidKey('provider-records/u12/3f0e-report (final).pdf')).toBe(true);
  });
});
