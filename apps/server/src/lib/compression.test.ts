import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createFile, firmWithRequest } from '../../test/factories';
import { getContext } from '../../test/helpers';
import { storeObject } from '../modules/files/files.test-utils';

/** JSON answers travel compressed (the staff data dashboard's is hundreds of kB); file downloads stream as stored. */
describe('compressed answers', () => {
  it('compresses a JSON answer over 1 kB for a client that accepts it, and only then', async () => {
    const { app } = await getContext();
    const plain = await app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const res = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(res.rawPayload.length * 3);
    expect(JSON.parse(body.toString())).toEqual(plain.json());

    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('streams a downloaded file as it is stored, whatever its type', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const text = Buffer.from('Progress note. '.repeat(5000));
    const key = await storeObject(deps, `provider-records/test-${randomUUID()}.txt`, text);
    const file = await createFile(deps.db, firm.request.id, {
      name: 'Notes.txt',
      url: key,
      contentType: 'text/plain',
    });
    const link = await app.inject({
      method: 'POST',
      url: '/getFileUrl/',
      headers: firm.paralegal.headers,
      payload: { url: file.url, file: file.id },
    });
    const res = await app.inject({ url: link.json().url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(text)).toBe(true);
  });
});
