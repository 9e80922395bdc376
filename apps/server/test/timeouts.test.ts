import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { FILE_MSG } from '@dd/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App, AppDeps } from '../src/app-types';
import { createDeps } from '../src/deps';
import { signedIn } from './factories';
import { getContext, testEnv } from './helpers';

/**
 * Timeouts: a real listening server (not app.inject) with small limits, driven by a raw
 * socket, so a slow or stalled client is cut off instead of holding a connection for minutes.
 */
let app: App;
let deps: AppDeps;
let port: number;

beforeAll(async () => {
  const { database } = await getContext();
  deps = createDeps(
    testEnv({ IDLE_TIMEOUT_SECONDS: '1', UPLOAD_GRACE_SECONDS: '1', MIN_UPLOAD_KBPS: '16' }),
    database.db,
  );
  app = await buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app?.close());

/** Opens a socket and collects what the server answers until it closes the connection. */
function connect() {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  const opened = Date.now();
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
  return { socket, closed, received: () => received };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);

describe('idle connections', () => {
  it('closes a connection that sends half a request and stops', async () => {
    const { socket, closed } = connect();
    socket.write('POST /api/photoUpload/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty');
    const result = await within(closed, 4000);
    expect(result).not.toBe('still open');
    socket.destroy();
  });
});

describe('minimum upload rate', () => {
  it('cuts off an upload that trickles in below the minimum rate and stores nothing', async () => {
    const caller = await signedIn(deps);
    const boundary = '----dd-trickle';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="bucket_name"\r\n\r\nsupporting-documents\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    const { socket, closed, received } = connect();
    socket.write(
      [
        'POST /api/photoUpload/ HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${caller.access}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${head.length + 100_000}`,
        '',
        head,
      ].join('\r\n'),
    );
    // 20 bytes every 200 ms: 100 bytes/s, far below 16 kbit/s, but never idle for a whole second.
    const drip = setInterval(() => socket.write(Buffer.alloc(20, 32)), 200);
    const result = await within(closed, 6000);
    clearInterval(drip);
    socket.destroy();
    expect(result).not.toBe('still open');
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(received()).toContain(FILE_MSG.uploadTooSlow);
    const userFolder = path.join(deps.config.dataDir, 'files', 'supporting-documents', `u${caller.user.id}`);
    expect(existsSync(userFolder)).toBe(false);
  });

  it('still accepts an upload that arrives at a normal pace', async () => {
    const caller = await signedIn(deps);
    const boundary = '----dd-normal';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="bucket_name"\r\n\r\nsupporting-documents\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="fast.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n${' '.repeat(4000)}\r\n--${boundary}--\r\n`;
    const res = await fetch(`http://127.0.0.1:${port}/api/photoUpload/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${caller.access}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).uploaded_files).toHaveLength(1);
  });
});
