import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import type { App, AppDeps } from '../src/app-types';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { requestTypes } from '../src/db/schema';
import { REQUEST_TYPE_NAMES } from '../src/db/seed/requests';
import { createDeps } from '../src/deps';
import { recordStatement } from './tenant-statements';

/**
 * One database and one app per test file (PGlite in memory, or DATABASE_URL). Tests isolate by
 * creating their own companies with the factories, never by counting global rows.
 */
export const INTERNAL_COMPANY_ID = 1;

export interface TestContext {
  app: App;
  deps: AppDeps;
  database: Database;
}

let context: Promise<TestContext> | undefined;

export function testEnv(overrides: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `dd-test-${process.pid}`),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('hex'),
    INTERNAL_COMPANY_ID: String(INTERNAL_COMPANY_ID),
    PUBLIC_URL: 'http://app.test',
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...overrides,
  });
}

/** The migrated PGlite database global-setup.ts dumped, when there is one. */
function pgliteTemplate(): Blob | undefined {
  const file = process.env.DD_PGLITE_TEMPLATE;
  return file && !process.env.DATABASE_URL ? new Blob([readFileSync(file)]) : undefined;
}

async function create(): Promise<TestContext> {
  // Storage goes with the file's database: ids start again in each file's database, so a shared folder
  // would show one file's uploads to the next file's user with the same id.
  const config = testEnv({ DATA_DIR: await mkdtemp(path.join(os.tmpdir(), `dd-test-${process.pid}-`)) });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    template: pgliteTemplate(),
    logQuery: recordStatement,
  });
  await database.db.execute(sql`
    insert into companies (id, name) values (${INTERNAL_COMPANY_ID}, 'Direct Docs') on conflict (id) do nothing`);
  await database.db.execute(
    // Never moves the sequence backwards: on PostgreSQL other test files insert companies at the same time.
    sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), nextval(pg_get_serial_sequence('companies', 'id'))))`,
  );
  // The request types a real installation lists (the seed's), so requests can choose them by name.
  await database.db
    .insert(requestTypes)
    .values(REQUEST_TYPE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  const deps = createDeps(config, database.db);
  const app = await buildApp(deps);
  return { app, deps, database };
}

/** The test file's app and database, made on first use and closed after the file (test/per-file.ts). */
export function getContext(): Promise<TestContext> {
  context ??= create();
  return context;
}

/**
 * Closes the file's app and database. Test files share a worker's modules (`isolate: false`), so without
 * this the next file in the worker would get this file's database: test/per-file.ts runs it after every
 * file, and a file that drops its own database calls it first.
 */
export async function closeContext(): Promise<void> {
  const ctx = await context;
  context = undefined;
  await ctx?.app.close();
  await ctx?.database.close();
  if (ctx) await rm(ctx.deps.config.dataDir, { recursive: true, force: true });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A fresh client address, so per-IP rate limits of one test never touch another (PostgreSQL shares them). */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2] || 1}`;
}
