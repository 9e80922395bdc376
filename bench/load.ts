/** A closed-loop HTTP load generator: `connections` keep-alive loops calling one URL for `seconds`. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentiles, type Timing } from './measure';

export interface LoadResult {
  requestsPerSecond: number;
  latency: Timing;
  errors: number;
}

function call(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

export async function load(
  target: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const url = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const status = await call(agent, url, headers).catch(() => 0);
        if (status !== 200) errors++;
        samples.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requestsPerSecond: samples.length / elapsed, latency: percentiles(samples), errors };
}
