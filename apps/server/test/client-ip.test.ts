import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App, AppDeps } from '../src/app-types';
import { fileAccesses } from '../src/db/schema';
import { createDeps } from '../src/deps';
import { clientIpKey } from '../src/lib/client-ip';
import { storeObject } from '../src/modules/files/files.test-utils';
import { createFile, firmWithRequest, signedIn } from './factories';
import { getContext, randomIp, testEnv } from './helpers';

/**
 * The client address comes from the socket unless TRUST_PROXY names the proxies in front,
 * and only a valid IP address is ever stored (the HIPAA file-access log) or used as a rate-limit key.
 */
const XSS = '<img src=x onerror=alert(1)>';

/** A second app on the same database that trusts one proxy hop. */
let behindProxy: { app: App; deps: AppDeps };
beforeAll(async () => {
  const { database } = await getContext();
  const deps = createDeps(testEnv({ TRUST_PROXY: '1' }), database.db);
  behindProxy = { app: await buildApp(deps), deps };
});
afterAll(() => behindProxy?.app.close());

async function ipSeen(app: App, deps: AppDeps, remoteAddress: string, forwarded?: string) {
  const caller = await signedIn(deps);
  const res = await app.inject({
    url: '/api/ip/',
    headers: { ...caller.headers, ...(forwarded && { 'x-forwarded-for': forwarded }) },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.json().ip;
}

/** Downloads a request file through a signed link and returns the IP its access-log row holds. */
async function loggedDownloadIp(app: App, deps: AppDeps, remoteAddress: string, forwarded: string) {
  const firm = await firmWithRequest(deps);
  const key = await storeObject(deps, `provider-records/test-${randomUUID()}.pdf`);
  const file = await createFile(deps.db, firm.request.id, { url: key, contentType: 'application/pdf' });
  const link = await app.inject({
    method: 'POST',
    url: '/getFileUrl/',
    headers: firm.paralegal.headers,
    payload: { url: key },
  });
  expect(link.statusCode, link.body).toBe(200);
  const res = await app.inject({
    url: link.json().url,
    headers: { 'x-forwarded-for': forwarded },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  const rows = await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, file.id));
  expect(rows).toHaveLength(1);
  return rows[0].ip;
}

describe('without TRUST_PROXY (the default)', () => {
  it('ignores X-Forwarded-For: GET /api/ip/ answers the socket address', async () => {
    const { app, deps } = await getContext();
    const socket = randomIp();
    expect(await ipSeen(app, deps, socket, '203.0.113.7')).toBe(socket);
    expect(await ipSeen(app, deps, socket, XSS)).toBe(socket);
  });

  it('logs a download with the socket address, whatever X-Forwarded-For says', async () => {
    const { app, deps } = await getContext();
    const socket = randomIp();
    expect(await loggedDownloadIp(app, deps, socket, '203.0.113.7')).toBe(socket);
    expect(await loggedDownloadIp(app, deps, socket, XSS)).toBe(socket);
  });
});

describe('with TRUST_PROXY=1 (one proxy in front)', () => {
  it('uses the address the proxy forwards', async () => {
    const { app, deps } = behindProxy;
    expect(await ipSeen(app, deps, randomIp(), '203.0.113.8')).toBe('203.0.113.8');
    expect(await ipSeen(app, deps, randomIp(), '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await loggedDownloadIp(app, deps, randomIp(), '2001:db8::1')).toBe('2001:db8::1');
  });

  it('never stores or answers a forwarded value that is not an IP address', async () => {
    const { app, deps } = behindProxy;
    expect(await ipSeen(app, deps, randomIp(), XSS)).toBeNull();
    expect(await loggedDownloadIp(app, deps, randomIp(), XSS)).toBeNull();
    expect(await loggedDownloadIp(app, deps, randomIp(), '203.0.113.300')).toBeNull();
  });
});

describe('rate-limit keys', () => {
  it('key a garbled forwarded address by the peer that sent it, so it cannot escape a per-IP limit', () => {
    expect(clientIpKey({ ip: '203.0.113.8', socket: { remoteAddress: '10.0.0.1' } } as never)).toBe(
      '203.0.113.8',
    );
    expect(clientIpKey({ ip: XSS, socket: { remoteAddress: '10.0.0.1' } } as never)).toBe('10.0.0.1');
    expect(clientIpKey({ ip: '::ffff:192.0.2.4', socket: {} } as never)).toBe('192.0.2.4');
  });
});
