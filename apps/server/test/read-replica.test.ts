import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App, AppDeps } from '../src/app-types';
import { type Database, openDatabase } from '../src/db/client';
import { requestTypes } from '../src/db/schema';
import { REQUEST_TYPE_NAMES } from '../src/db/seed/requests';
import { createDeps } from '../src/deps';
import { createCompany, createProvider, INTERNAL_ADMIN, signedIn } from './factories';
import { INTERNAL_COMPANY_ID, testEnv } from './helpers';

/**
 * The server with DATABASE_READ_URL on a real streaming replica (scripts/replica-postgres.sh starts the
 * pair; REPLICA_TEST_URLS=<primary url>,<replica url>). The replica-read routes answer from the replica,
 * which is shown by pausing the replica's replay: a row written on the primary meanwhile is not in their
 * answers until replay resumes. A caller who just wrote reads the primary, on any instance; an unreachable
 * replica leaves the routes answering from the primary.
 */
const urls = process.env.REPLICA_TEST_URLS?.split(',').map((u) => u.trim());
const name = `dd_replica_${process.pid}`;

function inDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

let primaryAdmin: pg.Client;
let replicaAdmin: pg.Client;
let database: Database;
let deps: AppDeps;
let app: App;
/** How many times a connection of the app's replica pool was taken for a query. */
let replicaUses = 0;
let admin: Awaited<ReturnType<typeof signedIn>>;
let firmId: number;

/** Waits until the replica has replayed everything the primary had written when called. */
async function replayed() {
  const { rows } = await primaryAdmin.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows: done } = await replicaAdmin.query<{ ok: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok',
      [rows[0].lsn],
    );
    if (done[0].ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the replica did not replay the primary within 30 s');
}

async function pauseReplay() {
  await replicaAdmin.query('select pg_wal_replay_pause()');
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await replicaAdmin.query<{ state: string }>(
      'select pg_get_wal_replay_pause_state() as state',
    );
    if (rows[0].state === 'paused') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the replica did not pause its replay');
}

async function resumeReplay() {
  await replicaAdmin.query('select pg_wal_replay_resume()');
}

async function providersNamed(target: App, token: Record<string, string>, tag: string): Promise<number> {
  const res = await target.inject({
    method: 'GET',
    url: `/api/reports/providers/?name=${encodeURIComponent(tag)}`,
    headers: token,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { count: number }).count;
}

/** Every route that reads from the replica, as an internal administrator calls it. */
function replicaRoutes() {
  return [
    '/api/home/dashboard/',
    '/api/home/dashboard/?status_open=true',
    '/api/home/dashboard/trends/',
    '/api/home/dashboard/deadlines/',
    '/api/completed-requests-with-fees/',
    '/api/reports/staff/',
    '/api/reports/staff/requests/',
    '/api/reports/assignments/',
    '/api/reports/paralegals/',
    '/api/reports/providers/',
    `/api/invoices/${firmId}/csv/`,
    '/api/search/records/?q=knee',
  ];
}

/** An instance of the server on the test's database; a second one shares the first's keys (`like`). */
async function openApp(readUrl: string, like?: AppDeps['config']) {
  const [primaryUrl] = urls as string[];
  const config = {
    ...(like ?? testEnv({ DATABASE_URL: inDatabase(primaryUrl, name) })),
    DATABASE_READ_URL: readUrl,
  };
  const opened = await openDatabase({ url: config.DATABASE_URL, readUrl: config.DATABASE_READ_URL });
  const made = createDeps(config, opened.db, opened.reader);
  return { database: opened, deps: made, app: await buildApp(made) };
}

describe.skipIf(!urls)('reads from a streaming replica (DATABASE_READ_URL)', () => {
  beforeAll(async () => {
    const [primaryUrl, replicaUrl] = urls as string[];
    primaryAdmin = new pg.Client({ connectionString: primaryUrl });
    replicaAdmin = new pg.Client({ connectionString: replicaUrl });
    await Promise.all([primaryAdmin.connect(), replicaAdmin.connect()]);
    await primaryAdmin.query(`drop database if exists ${name} with (force)`);
    await primaryAdmin.query(`create database ${name}`);
    ({ database, deps, app } = await openApp(inDatabase(replicaUrl, name)));
    const pool = (database.reader as unknown as { $client: pg.Pool }).$client;
    pool.on('acquire', () => {
      replicaUses += 1;
    });
    await database.db.execute(sql`
      insert into companies (id, name) values (${INTERNAL_COMPANY_ID}, 'Direct Docs') on conflict (id) do nothing`);
    await database.db.execute(
      sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
    );
    await database.db
      .insert(requestTypes)
      .values(REQUEST_TYPE_NAMES.map((type) => ({ name: type })))
      .onConflictDoNothing();
    admin = await signedIn(deps, INTERNAL_ADMIN);
    firmId = (await createCompany(deps.db)).id;
    await replayed();
  });

  afterAll(async () => {
    if (!urls) return;
    await resumeReplay().catch(() => undefined);
    await app?.close();
    await database?.close();
    await primaryAdmin?.query(`drop database if exists ${name} with (force)`);
    await Promise.all([primaryAdmin?.end(), replicaAdmin?.end()]);
  });

  it('answers each replica-read route, and reads it from the replica', async () => {
    for (const url of replicaRoutes()) {
      const before = replicaUses;
      const res = await app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(200);
      expect(replicaUses, `${url} read from the replica`).toBeGreaterThan(before);
    }
  });

  it('shows a row written on the primary once the replica has replayed it', async () => {
    const tag = `Replica Clinic ${randomUUID().slice(0, 8)}`;
    await pauseReplay();
    try {
      await createProvider(deps.db, { name: tag });
      // On the primary already, but the replica has not replayed it: the report does not list it yet.
      expect(await providersNamed(app, admin.headers, tag)).toBe(0);
    } finally {
      await resumeReplay();
    }
    await replayed();
    expect(await providersNamed(app, admin.headers, tag)).toBe(1);
  });

  it('lets a caller who just wrote read it at once, on another instance too', async () => {
    const other = await buildApp(createDeps(deps.config, database.db, database.reader));
    const colleague = await signedIn(deps, INTERNAL_ADMIN);
    await replayed();
    const tag = `Fresh Clinic ${randomUUID().slice(0, 8)}`;
    await pauseReplay();
    try {
      const made = await app.inject({
        method: 'POST',
        url: '/api/home/provider/',
        headers: admin.headers,
        payload: { name: tag },
      });
      expect(made.statusCode).toBe(200);
      const before = replicaUses;
      // The writer sees their provider at once, on this instance and on the other one (the load balancer's
      // next pick), read from the primary.
      expect(await providersNamed(app, admin.headers, tag)).toBe(1);
      expect(await providersNamed(other, admin.headers, tag)).toBe(1);
      expect(replicaUses).toBe(before);
      // A colleague who wrote nothing reads the replica, which has not replayed it yet.
      expect(await providersNamed(app, colleague.headers, tag)).toBe(0);
      expect(replicaUses).toBeGreaterThan(before);
    } finally {
      await resumeReplay();
      await other.close();
    }
  });

  it('answers from the primary when the replica cannot be reached', async () => {
    const [, replicaUrl] = urls as string[];
    // A port nothing listens on: the replica is down.
    const down = new URL(inDatabase(replicaUrl, name));
    down.port = '1';
    const unreachable = await openApp(down.toString(), deps.config);
    try {
      const tag = `Lone Clinic ${randomUUID().slice(0, 8)}`;
      await createProvider(deps.db, { name: tag });
      for (const url of replicaRoutes()) {
        const res = await unreachable.app.inject({ method: 'GET', url, headers: admin.headers });
        expect(res.statusCode, url).toBe(200);
      }
      expect(await providersNamed(unreachable.app, admin.headers, tag)).toBe(1);
    } finally {
      await unreachable.app.close();
      await unreachable.database.close();
    }
  });
});
