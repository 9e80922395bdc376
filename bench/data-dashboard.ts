/**
 * The staff data dashboard and reports at benchmark volume: GET /api/home/dashboard/ with
 * open requests only (the first load) and with closed requests, the charts, and the completed-with-fees
 * report (page 1 and page 50), each through the app and as its service's SQL alone, cold (first call
 * after start) and warm. The worker signs in with a role holding view_fees and view_company_counts.
 *
 * Goals: the dashboard's three calls answer within 300 ms cold (the first call after the server started),
 * every other call within 100 ms at p95 warm; the run exits non-zero when a call misses its goal.
 *
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/dd_bench npx tsx bench/data-dashboard.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { dataDashboard } from '../apps/server/src/modules/datadashboard/datadashboard.service';
import { dashboardTrends } from '../apps/server/src/modules/datadashboard/trends.queries';
import { completedWithFees } from '../apps/server/src/modules/reports/completed-fees.service';
import {
  assignmentTable,
  paralegalList,
  providerReport,
  reportRequests,
  staffReport,
} from '../apps/server/src/modules/reports/staff-reports.service';
import { signIn, startBenchApp } from './bench-app';
import { benchDatabaseUrl, benchSizes, generate, INTERNAL_COMPANY_ID } from './generate';
import { BENCH_STAFF_EMAIL, BENCH_WORKER_EMAIL } from './generate-sql';
import { type Timing, timed } from './measure';
import { writeSection } from './results-file';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const DASHBOARD_COLD_MS = 300;
const CALL_P95_MS = 100;

async function grantReports(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await pool.query(
      `insert into roles (name, permissions) values ('Bench reports', array['view_fees', 'view_company_counts'])
       on conflict (name) do nothing`,
    );
    await pool.query(
      `update users set role_id = (select id from roles where name = 'Bench reports') where email = $1`,
      [BENCH_WORKER_EMAIL],
    );
  } finally {
    await pool.end();
  }
}

/** The big firm (100,000 requests) and its first paralegal, whose reports are the largest. */
async function bigFirm(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ id: number; company_id: number }>(
      `select p.id, p.company_id from users s join users p on p.company_id = s.company_id and not p.is_staff
       where s.email = $1 order by p.id limit 1`,
      [BENCH_STAFF_EMAIL],
    );
    return { firmId: rows[0].company_id, paralegalId: rows[0].id };
  } finally {
    await pool.end();
  }
}

async function main() {
  const url = benchDatabaseUrl();
  await generate();
  await grantReports(url);
  const { firmId, paralegalId } = await bigFirm(url);
  const bench = await startBenchApp(url);
  const { app, database } = bench;
  try {
    const { headers, auth } = await signIn(bench, BENCH_WORKER_EMAIL);
    const db = database.db;
    const options = (openOnly: boolean) => ({ openOnly, internalCompanyId: INTERNAL_COMPANY_ID });
    const fees = (page: number) => ({
      order_by: '-closed_date' as const,
      limit: 10,
      offset: (page - 1) * 10,
    });
    const internalCompanyId = INTERNAL_COMPANY_ID;
    const me = auth.userId;
    const page1 = { limit: 10, offset: 0, order_by: '-created_at' as const };
    const calls = [
      {
        name: 'Data dashboard, open requests (first load)',
        url: '/api/home/dashboard/?status_open=true',
        sql: () => dataDashboard(db, auth, options(true)),
      },
      {
        name: 'Data dashboard with closed requests',
        url: '/api/home/dashboard/',
        sql: () => dataDashboard(db, auth, options(false)),
      },
      {
        name: 'Charts (12 weeks, ages)',
        url: '/api/home/dashboard/trends/',
        sql: () => dashboardTrends(db, auth),
      },
      {
        name: 'Completed with fees, page 1',
        url: '/api/completed-requests-with-fees/?page=1&page_size=10',
        sql: () => completedWithFees(db, auth, fees(1)),
      },
      {
        name: 'Completed with fees, page 50',
        url: '/api/completed-requests-with-fees/?page=50&page_size=10',
        sql: () => completedWithFees(db, auth, fees(50)),
      },
      {
        name: 'Employee report (cards)',
        url: `/api/reports/staff/?employee=${me}`,
        sql: () => staffReport(db, auth, { employee: me }, { internalCompanyId }),
      },
      {
        name: 'Law firm report (cards), 100,000-request firm',
        url: `/api/reports/staff/?law_firm=${firmId}`,
        sql: () => staffReport(db, auth, { law_firm: firmId }, { internalCompanyId }),
      },
      {
        name: 'Paralegal report (cards)',
        url: `/api/reports/staff/?paralegal=${paralegalId}`,
        sql: () => staffReport(db, auth, { paralegal: paralegalId }, { internalCompanyId }),
      },
      {
        name: 'Card table: employee, requests > 15 days',
        url: `/api/reports/staff/requests/?employee=${me}&card=requests_fifteen_days_old`,
        sql: () =>
          reportRequests(db, auth, {
            subject: { employee: me },
            card: 'requests_fifteen_days_old',
            ...page1,
          }),
      },
      {
        name: 'Card table: every request, note > 30 days',
        url: '/api/reports/staff/requests/?card=requests_thirty_days_old_note',
        sql: () => reportRequests(db, auth, { subject: {}, card: 'requests_thirty_days_old_note', ...page1 }),
      },
      {
        name: 'Assignment table',
        url: '/api/reports/assignments/',
        sql: () => assignmentTable(db, auth, { internalCompanyId }),
      },
      {
        name: 'Paralegal list, page 1',
        url: '/api/reports/paralegals/',
        sql: () => paralegalList(db, auth, { limit: 10, offset: 0, internalCompanyId }),
      },
      {
        name: 'Provider report, page 1',
        url: '/api/reports/providers/',
        sql: () => providerReport(db, auth, { limit: 10, offset: 0 }),
      },
    ];
    const rows: string[] = [];
    const misses: string[] = [];
    for (const call of calls) {
      const started = performance.now();
      const first = await app.inject({ url: call.url, headers });
      const cold = performance.now() - started;
      if (first.statusCode !== 200) throw new Error(`${call.url}: ${first.statusCode} ${first.body}`);
      const warm: Timing = await timed(() => app.inject({ url: call.url, headers }), RUNS, WARMUP);
      const sqlOnly: Timing = await timed(call.sql, RUNS, WARMUP);
      const ms = (n: number) => n.toFixed(0);
      const dashboard = call.url.startsWith('/api/home/dashboard/');
      const goal = dashboard ? `cold < ${DASHBOARD_COLD_MS}` : `p95 < ${CALL_P95_MS}`;
      const met = dashboard ? cold < DASHBOARD_COLD_MS : warm.p95 < CALL_P95_MS;
      if (!met) misses.push(call.name);
      rows.push(
        `| ${call.name} | ${ms(cold)} | ${ms(warm.p50)} | ${ms(warm.p95)} | ${ms(sqlOnly.p50)} | ${ms(sqlOnly.p95)} | ${goal} | ${met ? 'yes' : '**no**'} |`,
      );
      console.log(
        `${call.name.padEnd(44)} cold ${ms(cold)} ms, warm p95 ${ms(warm.p95)} ms, SQL p95 ${ms(sqlOnly.p95)} ms`,
      );
    }
    const sizes = benchSizes();
    await writeSection(
      'data-dashboard',
      [
        `## Staff data dashboard and reports (${sizes.requests.toLocaleString('en-US')} requests)`,
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} with \`bench/data-dashboard.ts\` on PostgreSQL, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)} at the end; ${RUNS} warm runs after ${WARMUP} warm-up calls. "Cold" is the first call after the server started. "SQL" is the service alone (its queries and the little JavaScript that shapes them), without HTTP, authentication or validation.`,
        '',
        '| Call | Cold ms | Warm p50 ms | Warm p95 ms | SQL p50 ms | SQL p95 ms | Goal ms | Met |',
        '|---|---:|---:|---:|---:|---:|---|---|',
        ...rows,
      ].join('\n'),
    );
    if (misses.length) {
      console.error(`${misses.length} of ${calls.length} calls miss their goal: ${misses.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await bench.close();
  }
}

await main();
