import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { getContext, testEnv } from '../../../test/helpers';
import { buildApp } from '../../app';
import type { App, AppDeps } from '../../app-types';
import { createDeps } from '../../deps';

/** GET /metrics: behind its token, per route pattern, with the outbox and the process. */
const TOKEN = 'scrape-token-0123456789';
let app: App;
let deps: AppDeps;

beforeAll(async () => {
  const base = await getContext();
  deps = createDeps(testEnv({ METRICS_TOKEN: TOKEN }), base.deps.db);
  app = await buildApp(deps);
});
afterAll(async () => app?.close());

const scrape = async (authorization?: string) =>
  app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('counts calls by route pattern and status, never by the ids in the path', async () => {
    const user = await signedIn(deps);
    await app.inject({ url: '/api/home/request/987654321/', headers: user.headers });
    await app.inject({ url: '/healthz' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/home\/request\/:id\/",status="404"\} 1/,
    );
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toMatch(/outbox_pending_messages \d+/);
    expect(text).toMatch(/outbox_oldest_pending_age_seconds [\d.e+-]+/);
    expect(text).toMatch(/job_queue_due_jobs \d+/);
    expect(text).toMatch(/job_queue_oldest_due_age_seconds [\d.e+-]+/);
    expect(text).toMatch(/job_queue_failed_last_day \d+/);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).not.toContain('987654321');
  });

  it('answers 401 without the right token, and 404 when no token is configured', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(401);
    const { app: plain } = await getContext();
    expect(
      (await plain.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
  });
});
