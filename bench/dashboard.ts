/**
 * Law-firm dashboard benchmark: builds the real app against the benchmark database, signs in as the
 * big firm's staff user and times each dashboard call through app.inject next to the very same SQL
 * run straight on a pg pool. Writes the dashboard section of bench/RESULTS.md.
 *
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/dd_bench npm run bench
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadAuth } from '../apps/server/src/auth/session';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createDeps } from '../apps/server/src/deps';
import { dashboardScope } from '../apps/server/src/modules/dashboard/dashboard.service';
import { benchDatabaseUrl, benchSizes, generate, INTERNAL_COMPANY_ID } from './generate';
import { BENCH_PASSWORD, BENCH_STAFF_EMAIL } from './generate-sql';
import { explainMs, type ResultRow, resultsTable, runPhases, type Timing, timed, timedPair } from './measure';
import { writeSection } from './results-file';
import { benchScenarios } from './scenarios';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);

const loadAtStart = os.loadavg()[0];

async function main() {
  const url = benchDatabaseUrl();
  const generation = await generate();
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
    const scenarios = await benchScenarios(database.db, pool, scope);

    // The fixed cost of any authenticated call: JWT check, user look-up, access rule, Fastify.
    const baseline = await timed(() => app.inject({ url: '/api/ip/', headers }), RUNS, WARMUP);
    const rows: ResultRow[] = [];
    for (const scenario of scenarios) {
      const call = scenario.url(auth.companyId);
      const check = await app.inject({ url: call, headers });
      if (check.statusCode !== 200) throw new Error(`${call}: ${check.statusCode} ${check.body}`);
      const [appTiming, rawTiming] = await timedPair(
        () => app.inject({ url: call, headers }),
        () => runPhases(pool, scenario.phases),
        RUNS,
        WARMUP,
      );
      const explain = await explainMs(pool, scenario.phases);
      rows.push({ name: scenario.name, call, app: appTiming, raw: rawTiming, explain });
      console.log(
        `${scenario.name.padEnd(44)} app p95 ${appTiming.p95.toFixed(2)} ms, raw p95 ${rawTiming.p95.toFixed(2)} ms`,
      );
    }
    await writeResults(pool, rows, generation, baseline);
  } finally {
    await app.close();
    await pool.end();
    await database.close();
  }
}

async function writeResults(
  pool: pg.Pool,
  rows: ResultRow[],
  generation: { generated: boolean; seconds: number },
  baseline: Timing,
) {
  const count = async (table: string) =>
    Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n).toLocaleString('en-US');
  const big = await pool.query<{ n: string; open: string; files: string }>(`
    select count(*) as n, count(*) filter (where status not like 'Completed%' and status not like 'Closed%') as open,
      (select count(*) from files f join requests r on r.id = f.request_id
        where r.company_id = u.company_id) as files
    from requests r join users u on u.company_id = r.company_id and u.email = '${BENCH_STAFF_EMAIL}'
    group by u.company_id`);
  const version = (await pool.query('show server_version')).rows[0].server_version;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const sizes = benchSizes();
  const text = `## Law-firm dashboard

Produced by \`BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/dd_bench npm run bench\`
(bench/generate.ts fills an empty database, bench/dashboard.ts measures). ${new Date().toISOString().slice(0, 10)}.

### Machine and data
- ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL ${version} (default settings: 128 MB shared_buffers, TCP on localhost).
- Data: ${await count('companies')} companies (${sizes.firms} law firms), ${await count('users')} users, ${await count('patients')} clients, ${await count('providers')} providers, ${await count('requests')} requests, ${await count('files')} files, ${await count('file_accesses')} file accesses, ${await count('notes')} notes.
- The measured firm: ${Number(big.rows[0]?.n ?? 0).toLocaleString('en-US')} requests (${Number(big.rows[0]?.open ?? 0).toLocaleString('en-US')} open), ${Number(big.rows[0]?.files ?? 0).toLocaleString('en-US')} files; signed in as its staff user (sees the whole firm).
- Load average (1 min) ${loadAtStart.toFixed(2)} when the run started, ${os.loadavg()[0].toFixed(2)} when it ended (other work on the machine inflates the numbers).
- ${generation.generated ? `Generation took ${generation.seconds.toFixed(0)} s in this run.` : 'The data was generated by an earlier run.'}

### Method
Each call runs through \`app.inject\` (the real Fastify app with authentication, the access rule, Zod
validation and response serialization; no network). "Raw SQL" runs the same SQL statements the service builds
(taken from its Drizzle queries with \`toSQL()\`) straight on a \`pg\` pool, in the same pattern (page and count
side by side). The two alternate, call by call (${WARMUP} warm-up pairs, then ${RUNS} timed pairs), so both see the
same background load.
"EXPLAIN ANALYZE" is PostgreSQL's own execution time of those statements (\`timing off\`; longest statement
of each parallel phase, summed over phases).

### Results
${resultsTable(rows)}

For comparison, an authenticated call that does no work of its own (\`GET /api/ip/\`: token check, user
look-up, access rule, Fastify) takes ${baseline.p50.toFixed(2)} ms at p50 and ${baseline.p95.toFixed(2)} ms at p95 here. That fixed
cost is why calls whose SQL runs in well under a millisecond cannot stay within 1.5× of the raw SQL time.

### What makes these fast
- \`requests_dashboard_idx\` (company_id, status, created_at, user_id, requester_id, patient_id, provider_id)
  WHERE active: counts and filters of the lists become index-only scans (migration 0001_dashboard_indexes).
- The page query first picks the page's request ids, joining only the table the sort key lives in, then
  joins client, provider and users for those rows only.
- \`files_ready_request_idx\` and \`files_ready_created_idx\` (partial, on records files a firm may download):
  the Download Records page walks files newest first; its count stops at DOWNLOAD_RECORDS_LIMIT (1,000), so
  a firm with years of records does not count tens of thousands of files on every dashboard load.
`;
  await writeSection('dashboard', text);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
