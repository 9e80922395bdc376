import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { createDeps } from '../src/deps';
import { getContext, testEnv } from './helpers';

/**
 * Strict-Transport-Security and the CSP's upgrade-insecure-requests only when the product is
 * served over https (PUBLIC_URL); over plain http they would force every script and style to https and
 * leave a blank page.
 */
let overHttps: App;
beforeAll(async () => {
  const { database } = await getContext();
  overHttps = await buildApp(createDeps(testEnv({ PUBLIC_URL: 'https://docs.example' }), database.db));
});
afterAll(() => overHttps?.close());

describe('security headers', () => {
  it('sends neither HSTS nor upgrade-insecure-requests when PUBLIC_URL is http', async () => {
    const { app } = await getContext();
    const res = await app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends both when PUBLIC_URL is https', async () => {
    const res = await overHttps.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
