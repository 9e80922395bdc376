import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { getContext } from './helpers';

/** The built web app: every unknown path is the app's index page; a malformed path is a 400, not a 500. */
let app: App;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;
/** The build keeps no compressed copy of a file under 1 kB. */
const TINY = 'export const tiny = 1;';

beforeAll(async () => {
  const { deps } = await getContext();
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'dd-web-'));
  const index = '<!doctype html><title>Direct Docs</title>';
  writeFileSync(path.join(webDist, 'index.html'), index);
  writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(index));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), SCRIPT);
  writeFileSync(path.join(webDist, 'assets', 'main-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(webDist, 'assets', 'main-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(webDist, 'assets', 'tiny-abc123.js'), TINY);
  app = await buildApp(deps, { webDist });
});
afterAll(() => app?.close());

describe('serving the web app', () => {
  it('answers a screen path with the index page', async () => {
    const res = await app.inject({ url: '/dashboard/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Direct Docs');
  });

  it("sends the build's brotli or gzip copy to browsers that accept it, cached for a year", async () => {
    const br = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    // The stored copy itself, with its length: never compressed again on the fly (a chunked answer).
    expect(gz.headers['content-length']).toBe(String(gzipSync(SCRIPT).length));
    const plain = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a small build file as it is, with its length, instead of compressing it on the fly', async () => {
    const res = await app.inject({
      url: '/assets/tiny-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(TINY.length));
    expect(res.body).toBe(TINY);
  });

  it('never lets a browser keep an old index page', async () => {
    const res = await app.inject({ url: '/login/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Direct Docs');
  });

  it('answers a malformed percent escape with 400', async () => {
    const res = await app.inject({ url: '/%E0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });
});
