/**
 * The staff list at 10,000 and 1,000,000 requests: every case of bench/staff-list-cases.ts (the screen's
 * own orders and filters, and the API's other calls), each measured on the small database and then at
 * once on the large one, so both see the same load. Writes its section of bench/RESULTS.md and exits
 * non-zero when a case misses its goal (p95 under GOAL_MS at 1M, and within GROWTH_LIMIT of 10k).
 *
 *   BENCH_DATABASE_URL=…/dd_bench_1m BENCH_SMALL_DATABASE_URL=…/dd_bench_10k npm run bench:staff
 */
import os from 'node:os';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { type BenchApp, signIn, startBenchApp } from './bench-app';
import { benchDatabaseUrl, benchSizes, generate } from './generate';
import { BENCH_PASSWORD, BENCH_WORKER_EMAIL } from './generate-sql';
import { type Timing, timed } from './measure';
import { writeSection } from './results-file';
import { type CaseData, type StaffCase, staffCases, uncovered } from './staff-list-cases';
import { explainCase, staffListSection } from './staff-list-report';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const SMALL_REQUESTS = 10_000;
export const GOAL_MS = 100;
export const GROWTH_LIMIT = 2;
const RELATED = 'working_on,patient__company,provider,user,requester';
/** Only the cases whose name contains this text (a quick look at a few). */
const ONLY = process.env.BENCH_ONLY?.toLowerCase();

interface Side {
  url: string;
  bench: BenchApp;
  headers: Record<string, string>;
  pool: pg.Pool;
  total: number;
}

export interface CaseResult extends StaffCase {
  rows: [number, number];
  small: Timing;
  big: Timing;
  explain: number;
  load: number;
}

async function openSide(url: string, requests: number): Promise<Side> {
  await generate(url, benchSizes(requests));
  const pool = new pg.Pool({ connectionString: url, max: 4, options: '-c jit=off' });
  await pool.query('update users set password_hash = $1 where email = $2 and password_hash is null', [
    await hashPassword(BENCH_PASSWORD),
    BENCH_WORKER_EMAIL,
  ]);
  const bench = await startBenchApp(url);
  const { headers } = await signIn(bench, BENCH_WORKER_EMAIL);
  const total = Number((await pool.query('select count(*) as n from requests')).rows[0].n);
  return { url, bench, headers, pool, total };
}

/** Ids the cases name, read from the large database (the small one is checked to hold them too). */
async function caseData(pool: pg.Pool): Promise<CaseData> {
  const one = async (sql: string) => Number((await pool.query(sql)).rows[0].id);
  return {
    bigFirm: await one("select id from companies where name = 'Bench Big Firm Law Group'"),
    worker: await one(
      'select working_on_id as id from requests where working_on_id is not null group by 1 order by count(*) desc limit 1',
    ),
    client: await one('select patient_id as id from requests group by 1 order by count(*) desc limit 1'),
    provider: await one('select provider_id as id from requests group by 1 order by count(*) desc limit 1'),
    paralegal: await one('select user_id as id from requests group by 1 order by count(*) desc limit 1'),
    today: new Date().toISOString().slice(0, 10),
  };
}

async function call(side: Side, query: string) {
  const url = `/api/home/request/?${query}&limit=100&related=${RELATED}`;
  let res = await side.bench.app.inject({ url, headers: side.headers });
  if (res.statusCode === 401) {
    // A run outlasts a session: sign in again (untimed calls only ever see this once per session).
    side.headers = (await signIn(side.bench, BENCH_WORKER_EMAIL)).headers;
    res = await side.bench.app.inject({ url, headers: side.headers });
  }
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().results.length as number;
}

async function main() {
  const small = await openSide(process.env.BENCH_SMALL_DATABASE_URL ?? '', SMALL_REQUESTS);
  const big = await openSide(benchDatabaseUrl(), benchSizes().requests);
  const loadAtStart = os.loadavg()[0];
  const results: CaseResult[] = [];
  try {
    const cases = staffCases(await caseData(big.pool));
    const missing = uncovered(cases);
    if (missing.length) throw new Error(`no benchmark case reaches: ${missing.join(', ')}`);
    for (const c of cases) {
      if (ONLY && !c.name.toLowerCase().includes(ONLY)) continue;
      const rows: [number, number] = [await call(small, c.query), await call(big, c.query)];
      const load = os.loadavg()[0];
      const smallTiming = await timed(() => call(small, c.query), RUNS, WARMUP);
      const bigTiming = await timed(() => call(big, c.query), RUNS, WARMUP);
      const explain = await explainCase(big.url, c.query);
      results.push({ ...c, rows, small: smallTiming, big: bigTiming, explain, load });
      console.log(
        `${c.name.padEnd(58)} 10k p95 ${smallTiming.p95.toFixed(1).padStart(6)}  1M p95 ${bigTiming.p95.toFixed(1).padStart(6)} ms  (load ${load.toFixed(2)})`,
      );
    }
  } finally {
    for (const side of [small, big]) {
      await side.bench.close();
      await side.pool.end();
    }
  }
  const misses = results.filter((r) => r.big.p95 >= GOAL_MS || r.big.p95 > GROWTH_LIMIT * r.small.p95);
  if (!ONLY) {
    await writeSection(
      'staff-list',
      staffListSection({
        results,
        totals: [small.total, big.total],
        loads: [loadAtStart, os.loadavg()[0]],
        runs: RUNS,
        warmup: WARMUP,
        related: RELATED,
        goalMs: GOAL_MS,
        growthLimit: GROWTH_LIMIT,
      }),
    );
  }
  if (misses.length) {
    console.error(`${misses.length} of ${results.length} cases miss their goal:`);
    for (const m of misses) console.error(`  ${m.name}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
