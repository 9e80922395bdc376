/**
 * Fixed cost per call (issue 9 §2): the firm dashboard's request list over HTTP, through the real app
 * (token check, session and user look-up, access rule, Zod validation, response serialization) against a
 * minimal Fastify server that runs the very same SQL statements on a pg pool and returns their rows.
 * Both run in this process, measured alternately with the same closed-loop client. Writes the
 * throughput section of bench/RESULTS.md.
 *
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/dd_bench npm run bench:throughput
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadAuth } from '../apps/server/src/auth/session';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createDeps } from '../apps/server/src/deps';
import { dashboardScope } from '../apps/server/src/modules/dashboard/dashboard.service';
import { benchDatabaseUrl, generate, INTERNAL_COMPANY_ID } from './generate';
import { BENCH_PASSWORD, BENCH_STAFF_EMAIL } from './generate-sql';
import { type LoadResult, load } from './load';
import { writeSection } from './results-file';
import { benchScenarios } from './scenarios';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function main() {
  const url = benchDatabaseUrl();
  await generate(url);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: path.join(os.tmpdir(), 'dd-bench'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('hex'),
    INTERNAL_COMPANY_ID: String(INTERNAL_COMPANY_ID),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await openDatabase({ url });
  const app = await buildApp(createDeps(config, database.db));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const minimal = Fastify();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/users/token/',
      payload: { email: BENCH_STAFF_EMAIL, password: BENCH_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
    const headers = { authorization: `Bearer ${login.json().access}` };
    const me = (await app.inject({ url: '/users/user/', headers })).json();
    const auth = await loadAuth(database.db, me.id, INTERNAL_COMPANY_ID);
    if (!auth) throw new Error('bench user not found');
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
    await app.close();
    await pool.end();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
