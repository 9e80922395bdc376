import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { getContext } from './helpers';

/** The built web app: every unknown path is the app's index page; a malformed path is a 400, not a 500. */
let app: App;

beforeAll(async () => {
  const { deps } = await getContext();
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'dd-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Direct Docs</title>');
  app = await buildApp(deps, { webDist });
});
afterAll(() => app?.close());

describe('serving the web app', () => {
  it('answers a screen path with the index page', async () => {
    const res = await app.inject({ url: '/dashboard/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Direct Docs');
  });

  it('answers a malformed percent escape with 400', async () => {
    const res = await app.inject({ url: '/%E0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });
});
