/**
 * Throughput of the app against a minimal server running the same SQL, each in a process of its own and
 * the load generator in a third, alternating round by round: the firm's request list (10 rows), the
 * staff To Do list (100 rows) and a write (a staff note). The app starts as `npm start` starts it
 * (src/main.ts through tsx, its default log level, its log written to a file as a terminal would take it).
 *
 *   BENCH_DATABASE_URL=postgresql://…/dd_mine BENCH_REQUESTS=10000 npx tsx bench/throughput.ts
 *
 * The run writes notes into that database (generated first when it is empty): never point it at a
 * database someone else reads.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { loadAuth } from '../apps/server/src/auth/session';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { createDeps } from '../apps/server/src/deps';
import { dashboardScope } from '../apps/server/src/modules/dashboard/dashboard.service';
import { addNote } from '../apps/server/src/modules/notes/notes.service';
import {
  filterConditions,
  RequestListQuery,
} from '../apps/server/src/modules/requests/requests.filters.queries';
import { listedNameMatches } from '../apps/server/src/modules/requests/requests.name-filters.queries';
import { listVisibleRequests, withRelated } from '../apps/server/src/modules/requests/requests.queries';
import { cpuSpent, readCpu } from './cpu-time';
import { benchDatabaseUrl, generate, INTERNAL_COMPANY_ID } from './generate';
import { BENCH_PASSWORD, BENCH_STAFF_EMAIL, BENCH_WORKER_EMAIL } from './generate-sql';
import type { LoadResult, LoadSpec } from './load';
import type { Statement } from './measure';
import type { MinimalCalls } from './minimal-server';
import { writeSection } from './results-file';
import { benchScenarios } from './scenarios';
import { startServer, stopServer, waitForServer } from './server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3710);
const MINIMAL_PORT = APP_PORT + 1;
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const RELATED = 'working_on,patient__company,provider,user,requester';

/** Runs `fn` on a drizzle database that records every statement it sends. */
async function captured(url: string, fn: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
  }) as unknown as Db;
  try {
    await fn(db);
    return statements;
  } finally {
    await pool.end();
  }
}

/** The staff list's statements in their phases: names searched, then page and count, then related rows. */
async function staffListPhases(url: string, auth: Awaited<ReturnType<typeof loadAuth>>, query: string) {
  const phases: Statement[][] = [];
  const params = RequestListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  let rows: Awaited<ReturnType<typeof listVisibleRequests>>['rows'] = [];
  let conditions: ReturnType<typeof filterConditions> | undefined;
  phases.push(
    await captured(url, async (db) => {
      conditions = filterConditions(params, auth!, await listedNameMatches(db, params));
    }),
  );
  phases.push(
    await captured(url, async (db) => {
      ({ rows } = await listVisibleRequests(db, auth!, {
        conditions: conditions!,
        orderBy: params.order_by,
        limit: params.limit,
        offset: params.offset,
        cursor: params.cursor,
      }));
    }),
  );
  phases.push(await captured(url, (db) => withRelated(db, rows, params.related)));
  return { phases: phases.filter((p) => p.length > 0), rows: rows.length };
}

function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'load-process.ts', JSON.stringify(spec)], {
      cwd: benchDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`load: ${code}`)),
    );
  });
}

interface Measured extends LoadResult {
  /** CPU milliseconds per call: the server process, and every PostgreSQL process together. */
  serverMs: number;
  postgresMs: number;
}

/** One round of load with the CPU the server and PostgreSQL spent on it, per call. */
async function measured(serverPid: number, spec: LoadSpec): Promise<Measured> {
  const before = readCpu(serverPid);
  const result = await runLoad(spec);
  const spent = cpuSpent(before, readCpu(serverPid));
  const calls = result.requestsPerSecond * spec.seconds;
  return { ...result, serverMs: spent.server / calls, postgresMs: spent.postgres / calls };
}

/** Node options from a variable: space-separated, an empty one passing none. */
const nodeArgsFrom = (value?: string) => value?.split(' ').filter(Boolean);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const url = benchDatabaseUrl();
  await generate(url);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'dd-throughput-'));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: tmp,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // The server remembers which key opened the database's data: every run on it uses the same one.
    DATA_KEY: createHash('sha256').update('dd-bench-data-key').digest('hex'),
    INTERNAL_COMPANY_ID: String(INTERNAL_COMPANY_ID),
    SEED_DEMO: 'false',
  });
  await pool.query('update users set password_hash = $1 where email = $2 and password_hash is null', [
    await hashPassword(BENCH_PASSWORD),
    BENCH_WORKER_EMAIL,
  ]);
  const idOf = async (email: string) =>
    (await pool.query<{ id: number }>('select id from users where email = $1', [email])).rows[0].id;
  const firmAuth = (await loadAuth(db, await idOf(BENCH_STAFF_EMAIL), INTERNAL_COMPANY_ID))!;
  const workerAuth = (await loadAuth(db, await idOf(BENCH_WORKER_EMAIL), INTERNAL_COMPANY_ID))!;

  // The statements of each call, from the app's own query functions.
  const [firmList] = await benchScenarios(db, pool, await dashboardScope(db, firmAuth, firmAuth.companyId));
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const todoQuery = `order_by=-rush&next_todo_date__lt=${tomorrow}&limit=100&related=${RELATED}`;
  const staffList = await staffListPhases(url, workerAuth, todoQuery);
  const noted = (
    await pool.query<{ id: number }>('select id from requests where active order by id desc limit 1')
  ).rows[0].id;
  const noteBody = { request: noted, text: 'Called the provider; records promised by Friday.' };
  const { mail } = createDeps(config, db);
  const noteStatements = await captured(url, (recording) =>
    recording.transaction((tx) =>
      addNote({ db: tx as never, mail, followUpDays: config.FOLLOW_UP_BUSINESS_DAYS }, workerAuth, noteBody),
    ),
  );
  const calls: MinimalCalls = {
    reads: { 'firm-list': firmList.phases, 'staff-list': staffList.phases },
    writes: { note: noteStatements },
  };
  const statementsFile = path.join(tmp, 'statements.json');
  await writeFile(statementsFile, JSON.stringify(calls));

  const logFile = path.join(tmp, 'app.log');
  const app = startServer(
    {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: tmp,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      JWT_SECRET: config.JWT_SECRET as string,
      DATA_KEY: config.DATA_KEY as string,
      INTERNAL_COMPANY_ID: String(INTERNAL_COMPANY_ID),
      SEED_DEMO: 'false',
    },
    // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles the app while it is measured.
    { logFile, nodeArgs: nodeArgsFrom(process.env.BENCH_APP_NODE_ARGS) },
  );
  const minimal = startServer(
    { ...process.env, DATABASE_URL: url, PORT: String(MINIMAL_PORT), MINIMAL_STATEMENTS: statementsFile },
    // BENCH_MINIMAL_NODE_ARGS profiles the minimal server the same way.
    {
      script: path.join(benchDir, 'minimal-server.ts'),
      nodeArgs: nodeArgsFrom(process.env.BENCH_MINIMAL_NODE_ARGS),
    },
  );
  const appBase = `http://127.0.0.1:${APP_PORT}`;
  const minimalBase = `http://127.0.0.1:${MINIMAL_PORT}`;
  try {
    await waitForServer(app, async () => (await fetch(`${appBase}/readyz`)).ok).catch(async (error) => {
      throw new Error(`${error}\n${await readFile(logFile, 'utf8')}`);
    });
    await waitForServer(minimal, async () => (await fetch(`${minimalBase}/firm-list`)).ok);
    const signIn = async (email: string) => {
      const res = await fetch(`${appBase}/users/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      });
      if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
      return { authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
    };
    const firmHeaders = await signIn(BENCH_STAFF_EMAIL);
    const workerHeaders = await signIn(BENCH_WORKER_EMAIL);
    const load = { seconds: SECONDS, connections: CONNECTIONS };
    const cases: { name: string; app: LoadSpec; minimal: LoadSpec }[] = [
      {
        name: `firm's request list (10 rows): \`${firmList.url(firmAuth.companyId)}\``,
        app: { ...load, url: `${appBase}${firmList.url(firmAuth.companyId)}`, headers: firmHeaders },
        minimal: { ...load, url: `${minimalBase}/firm-list` },
      },
      {
        name: `staff To Do list (${staffList.rows} rows): \`/api/home/request/?order_by=-rush&next_todo_date__lt=…&limit=100&related=…\``,
        app: { ...load, url: `${appBase}/api/home/request/?${todoQuery}`, headers: workerHeaders },
        minimal: { ...load, url: `${minimalBase}/staff-list` },
      },
      {
        name: 'write a staff note: `POST /api/home/notes/`',
        app: {
          ...load,
          url: `${appBase}/api/home/notes/`,
          headers: workerHeaders,
          body: noteBody,
          status: 201,
        },
        minimal: { ...load, url: `${minimalBase}/note`, body: {}, status: 201 },
      },
    ];
    const only = process.env.BENCH_ONLY;
    if (only) cases.splice(0, cases.length, ...cases.filter((c) => c.name.includes(only)));
    const loadBefore = os.loadavg()[0];
    const rows: string[] = [];
    for (const c of cases) {
      await runLoad({ ...c.app, seconds: 2 });
      await runLoad({ ...c.minimal, seconds: 2 });
      const appRuns: Measured[] = [];
      const minimalRuns: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        appRuns.push(await measured(app.child.pid!, c.app));
        minimalRuns.push(await measured(minimal.child.pid!, c.minimal));
        const [a, m] = [appRuns.at(-1)!, minimalRuns.at(-1)!];
        console.log(
          `${c.name.slice(0, 30)} round ${round + 1}: app ${a.requestsPerSecond.toFixed(0)} req/s (${a.serverMs.toFixed(2)} + ${a.postgresMs.toFixed(2)} ms CPU), minimal ${m.requestsPerSecond.toFixed(0)} req/s (${m.serverMs.toFixed(2)} + ${m.postgresMs.toFixed(2)} ms) (load ${os.loadavg()[0].toFixed(2)})`,
        );
      }
      const mean = (runs: LoadResult[]) => runs.reduce((a, r) => a + r.requestsPerSecond, 0) / runs.length;
      const errors = (runs: LoadResult[]) => runs.reduce((a, r) => a + r.errors, 0);
      const per = (runs: LoadResult[]) => runs.map((r) => r.requestsPerSecond.toFixed(0)).join(' / ');
      const cpu = (runs: Measured[]) =>
        `${median(runs.map((r) => r.serverMs)).toFixed(2)} + ${median(runs.map((r) => r.postgresMs)).toFixed(2)}`;
      rows.push(
        `| ${c.name} | ${per(appRuns)} | ${per(minimalRuns)} | ${appRuns.at(-1)!.latency.p95.toFixed(1)} / ${minimalRuns.at(-1)!.latency.p95.toFixed(1)} | ${cpu(appRuns)} / ${cpu(minimalRuns)} | ${errors(appRuns)} / ${errors(minimalRuns)} | **${(mean(appRuns) / mean(minimalRuns)).toFixed(2)}×** |`,
      );
    }
    const logBytes = (await stat(logFile)).size;
    const logLines = (await readFile(logFile, 'utf8')).split('\n').filter(Boolean).length;
    await writeSection(
      'throughput',
      `## Fixed cost per call: the app against a minimal server on the same SQL

Produced by \`npx tsx bench/throughput.ts\` on ${new Date().toISOString().slice(0, 10)} against a database of ${process.env.BENCH_REQUESTS ?? '1,000,000'} requests.
Three processes: the app started as \`npm start\` starts it (\`src/main.ts\` through tsx, \`NODE_ENV\` and \`LOG_LEVEL\` at their
defaults, its log written to a file: ${logLines} lines, ${Math.round(logBytes / 1024)} kB over the run), a minimal Fastify + pg server
(\`bench/minimal-server.ts\`) running exactly the statements the app's query functions produce for the same call (captured
through Drizzle's logger; the write runs them in one transaction), and the load generator (\`bench/load-process.ts\`,
${CONNECTIONS} keep-alive connections, a fresh process per round). ${ROUNDS} rounds of ${SECONDS} s per server and case,
alternating app and minimal server. Load average ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end
(2 cores, which both servers' processes, PostgreSQL and the load generator share: compare the ratios and the CPU per call,
not the rates).

| call | app req/s (rounds) | minimal req/s (rounds) | p95 ms app / minimal (last round) | CPU ms per call, server + PostgreSQL: app / minimal (median round) | errors app / minimal | ratio |
|---|---|---|---:|---:|---:|---:|
${rows.join('\n')}

Goal: a ratio of at least 0.8× on each call.
`,
    );
  } finally {
    await stopServer(app.child);
    await stopServer(minimal.child);
    await pool.end();
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
