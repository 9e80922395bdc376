/** A closed-loop HTTP load generator: `connections` keep-alive loops calling one URL for `seconds`. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentiles, type Timing } from './measure';

export interface LoadSpec {
  url: string;
  headers?: Record<string, string>;
  /** A JSON body makes the call a POST. */
  body?: unknown;
  /** The answer that counts as a success (200; 201 for a write). */
  status?: number;
  seconds: number;
  connections: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  latency: Timing;
  errors: number;
}

function call(agent: http.Agent, url: URL, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers, method: body === undefined ? 'GET' : 'POST' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const headers = { ...spec.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + spec.seconds * 1000;
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const status = await call(agent, url, headers, body).catch(() => 0);
        if (status !== (spec.status ?? 200)) errors++;
        samples.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requestsPerSecond: samples.length / elapsed, latency: percentiles(samples), errors };
}
