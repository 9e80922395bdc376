import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { dashboardScope } from '../apps/server/src/modules/dashboard/dashboard.service';
import { signIn, startBenchApp } from './bench-app';
import { benchDatabaseUrl, generate } from './generate';
import { BENCH_STAFF_EMAIL } from './generate-sql';
import { type LoadResult, load } from './load';
import { writeSection } from './results-file';
import { benchScenarios } from './scenarios';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function main() {
  const url = benchDatabaseUrl();
  await generate(url);
  const bench = await startBenchApp(url);
  const { app, database } = bench;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const minimal = Fastify();
  try {
    const { headers, auth } = await signIn(bench, BENCH_STAFF_EMAIL);
    const scope = await dashboardScope(database.db, auth, auth.companyId);
    const [scenario] = await benchScenarios(database.db, pool, scope);

    minimal.get('/list', async () => {
      const results: unknown[][] = [];
      for (const phase of scenario.phases) {
        const answers = await Promise.all(phase.map((s) => pool.query(s.sql, s.params)));
        for (const answer of answers) results.push(answer.rows);
      }
      return { results };
    });
    const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });
    const minimalAddress = await minimal.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `${appAddress}${scenario.url(auth.companyId)}`;
    const minimalUrl = `${minimalAddress}/list`;

    const appRuns: LoadResult[] = [];
    const minimalRuns: LoadResult[] = [];
    await load(appUrl, headers, 2, CONNECTIONS);
    await load(minimalUrl, {}, 2, CONNECTIONS);
    for (let round = 0; round < ROUNDS; round++) {
      appRuns.push(await load(appUrl, headers, SECONDS, CONNECTIONS));
      minimalRuns.push(await load(minimalUrl, {}, SECONDS, CONNECTIONS));
      console.log(
        `round ${round + 1}: app ${appRuns.at(-1)?.requestsPerSecond.toFixed(0)} req/s, minimal ${minimalRuns.at(-1)?.requestsPerSecond.toFixed(0)} req/s`,
      );
    }
    const mean = (runs: LoadResult[]) => runs.reduce((a, r) => a + r.requestsPerSecond, 0) / runs.length;
    const errors = (runs: LoadResult[]) => runs.reduce((a, r) => a + r.errors, 0);
    const ratio = mean(appRuns) / mean(minimalRuns);
    const row = (name: string, runs: LoadResult[]) =>
      `| ${name} | ${mean(runs).toFixed(0)} | ${runs.at(-1)?.latency.p50.toFixed(2)} | ${runs.at(-1)?.latency.p95.toFixed(2)} | ${errors(runs)} |`;
    await writeSection(
      'throughput',
      `## Fixed cost per call: the app against a minimal server on the same SQL

Produced by \`npm run bench:throughput\` (bench/throughput.ts) on ${new Date().toISOString().slice(0, 10)}. The firm dashboard's
default request list (\`${scenario.url(auth.companyId)}\`) over HTTP on loopback, ${CONNECTIONS} keep-alive connections,
${ROUNDS} rounds of ${SECONDS} s each, alternating between the real app (signed in as the big firm's staff user) and a
minimal Fastify + pg server that runs the same SQL statements and returns their rows. Load average
${os.loadavg()[0].toFixed(2)} at the end.

| server | requests/s (mean of rounds) | p50 ms (last round) | p95 ms (last round) | non-200 answers |
|---|---:|---:|---:|---:|
${row('the app', appRuns)}
${row('minimal Fastify + pg, same SQL', minimalRuns)}

Throughput ratio: **${ratio.toFixed(2)}×** (goal ≥ 0.8×).
`,
    );
  } finally {
    await minimal.close();
    await bench.close();
    await pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
