import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@dd/shared';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/app-types';
import { type Database, openDatabase } from '../src/db/client';
import { notes, requests, requestTypes } from '../src/db/schema';
import { REQUEST_TYPE_NAMES } from '../src/db/seed/requests';
import { createDeps } from '../src/deps';
import { requestBody } from '../src/modules/requests/requests.fixtures';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
  uploadKey,
} from './factories';
import { INTERNAL_COMPANY_ID, testEnv } from './helpers';

/**
 * A PostgreSQL restart or failover ends every connection of every instance. The server process is
 * started for real on a database of its own (it refuses data encrypted with keys other than its own, as
 * the shared test database holds), with its own application_name so only its connections are ended,
 * and they are terminated twice
 * during a burst of orders and notes: the process lives on, each call is either stored and answered
 * 201 or answered 503 and not stored, and readiness comes back. PostgreSQL only: PGlite lives inside
 * the process and has no connection to lose.
 */
const url = process.env.DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const APP_NAME = `dd_connection_loss_${process.pid}`;
const BURST_MS = 3000;
/** When, into the burst, every connection of the server is ended. */
const TERMINATE_AT_MS = [800, 1900];
const WORKERS = 6;

let child: ChildProcess;
let base: string;
let dataDir: string;
let databaseUrl: string;
let database: Database;
let deps: AppDeps;
const output: string[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function readyStatus(): Promise<number> {
  try {
    return (await fetch(`${base}/readyz`)).status;
  } catch {
    return 0;
  }
}

async function waitReady(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output.join('')}`);
    if ((await readyStatus()) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become ready:\n${output.join('')}`);
}

/** Ends every connection the server process holds, busy or idle; answers how many. */
async function terminateServerConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [APP_NAME],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!url)('a lost database connection', () => {
  beforeAll(async () => {
    const name = `dd_connection_loss_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = Object.assign(new URL(url as string), { pathname: `/${name}` }).toString();
    const config = testEnv({ DATABASE_URL: databaseUrl });
    database = await openDatabase({ url: databaseUrl });
    await database.db.execute(
      sql`insert into companies (id, name) values (${INTERNAL_COMPANY_ID}, 'Direct Docs')`,
    );
    await database.db.execute(
      sql`select setval(pg_get_serial_sequence('companies', 'id'), ${INTERNAL_COMPANY_ID})`,
    );
    await database.db.insert(requestTypes).values(REQUEST_TYPE_NAMES.map((n) => ({ name: n })));
    deps = createDeps(config, database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dd-connection-loss-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const serverUrl = new URL(databaseUrl);
    serverUrl.searchParams.set('application_name', APP_NAME);
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: serverUrl.toString(),
        // The test's own keys, so the tokens it issues are the server's too.
        JWT_SECRET: deps.config.JWT_SECRET,
        DATA_KEY: deps.config.DATA_KEY,
        INTERNAL_COMPANY_ID: String(deps.config.INTERNAL_COMPANY_ID),
        PUBLIC_URL: 'http://app.test',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    await waitReady(60_000);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await database?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  });

  it('fails only the calls it cut off, stores every answered write, and the process lives on', async () => {
    const company = await createCompany(deps.db);
    const paralegal = await signedIn(deps, { companyId: company.id });
    const patient = await createPatient(deps.db, company.id, {
      hipaaConsentUrl: uploadKey(paralegal.user.id, 'hipaa-forms', 'consent.pdf'),
    });
    const providers = await Promise.all([
      createProvider(deps.db),
      createProvider(deps.db),
      createProvider(deps.db),
    ]);
    const firm = { company, staff: paralegal, paralegal, colleague: paralegal, patient, providers };
    const targets = await Promise.all(
      providers.map((p) =>
        createRequest(deps.db, {
          patientId: patient.id,
          companyId: company.id,
          userId: paralegal.user.id,
          providerId: p.id,
        }),
      ),
    );
    const headers = { ...firm.paralegal.headers, 'content-type': 'application/json' };
    interface Outcome {
      kind: 'order' | 'note';
      marker: string;
      path: string;
      body: unknown;
      status: number;
      error?: string;
    }
    const outcomes: Outcome[] = [];
    let sequence = 0;
    let stopAt = Number.POSITIVE_INFINITY;

    async function worker(index: number) {
      while (Date.now() < stopAt) await call(index);
    }

    /** Orders carry an Idempotency-Key (the marker), as the web app sends: a failed one is sent again below. */
    async function send(path: string, body: unknown, key?: string) {
      try {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { ...headers, ...(key && { 'idempotency-key': key }) },
          body: JSON.stringify(body),
        });
        const json = (await res.json().catch(() => ({}))) as { error?: string };
        return { status: res.status, error: json.error };
      } catch (error) {
        // No answer at all: the process is gone (checked below with its output).
        return { status: 0, error: String(error) };
      }
    }

    async function call(index: number) {
      const n = sequence++;
      const marker = `burst-${process.pid}-${n}`;
      const kind = (n + index) % 2 === 0 ? 'order' : 'note';
      const body =
        kind === 'order'
          ? requestBody(firm, {
              provider: [firm.providers[n % firm.providers.length].id],
              special_instructions: marker,
              override_duplicates: true,
            })
          : { request: targets[n % targets.length].id, text: marker };
      const path = kind === 'order' ? '/api/home/request/' : '/api/home/notes/';
      const answer = await send(path, body, kind === 'order' ? marker : undefined);
      outcomes.push({ kind, marker, path, body, ...answer });
    }

    let terminated = 0;
    async function terminator() {
      const start = Date.now();
      for (const at of TERMINATE_AT_MS) {
        await new Promise((resolve) => setTimeout(resolve, start + at - Date.now()));
        terminated += await terminateServerConnections();
      }
    }

    // Warm: the first calls of a fresh process load code, and the burst should measure connections.
    await call(0);
    await call(0);
    expect(outcomes.map((o) => o.status)).toEqual([201, 201]);
    outcomes.length = 0;
    stopAt = Date.now() + BURST_MS;
    await Promise.all([...Array.from({ length: WORKERS }, (_, i) => worker(i)), terminator()]);
    const summary = JSON.stringify(outcomes.map((o) => `${o.kind} ${o.status}`));

    expect(child.exitCode, output.join('')).toBeNull();
    expect(terminated).toBeGreaterThan(0);
    await waitReady(10_000);

    const unexpected = outcomes.filter((o) => o.status !== 201 && o.status !== 503);
    expect(unexpected).toEqual([]);
    const failed = outcomes.filter((o) => o.status === 503);
    // Six calls are always on their way: ending the connections cuts some of them off.
    expect(failed.length, summary).toBeGreaterThan(0);
    for (const f of failed) expect(f.error).toBe(MSG.connectionLost);
    const markersOf = (kind: string) => outcomes.filter((o) => o.kind === kind).map((o) => o.marker);
    /** The markers stored in the orders' special instructions, one row each. */
    const ordersStored = () =>
      deps.db
        .select({ marker: requests.specialInstructions })
        .from(requests)
        .where(inArray(requests.specialInstructions, markersOf('order')));
    const storedOrders = await ordersStored();
    const storedNotes = await deps.db
      .select({ marker: notes.text })
      .from(notes)
      .where(inArray(notes.text, markersOf('note')));
    const stored = new Set([...storedOrders, ...storedNotes].map((r) => r.marker));
    const answered = outcomes.filter((o) => o.status === 201).map((o) => o.marker);
    expect(answered.filter((m) => !stored.has(m))).toEqual([]);
    expect(failed.map((o) => o.marker).filter((m) => stored.has(m))).toEqual([]);
    // Orders are one row each: nothing was stored twice.
    expect(storedOrders.length).toBe(new Set(storedOrders.map((r) => r.marker)).size);
    expect(answered.length, summary).toBeGreaterThan(0);

    // The client sends each failed order again with its key: each is then stored exactly once.
    const failedOrders = failed.filter((o) => o.kind === 'order');
    for (const o of failedOrders) expect((await send(o.path, o.body, o.marker)).status).toBe(201);
    for (const o of outcomes.filter((x) => x.kind === 'order' && x.status === 201).slice(0, 3))
      expect((await send(o.path, o.body, o.marker)).status).toBe(201);
    const ordersNow = await ordersStored();
    expect(ordersNow).toHaveLength(markersOf('order').length);
    expect(new Set(ordersNow.map((r) => r.marker)).size).toBe(ordersNow.length);
  });
});
