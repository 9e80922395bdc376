/** The real app on a benchmark database, and a signed-in caller, as every benchmark starts. */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import type { App } from '../apps/server/src/app-types';
import { loadAuth } from '../apps/server/src/auth/session';
import type { Auth } from '../apps/server/src/authz';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { createDeps } from '../apps/server/src/deps';
import { INTERNAL_COMPANY_ID } from './generate';
import { BENCH_PASSWORD } from './generate-sql';

export interface BenchApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** The production configuration (no logging, no demo data) on the database at `url`. */
export async function startBenchApp(url: string): Promise<BenchApp> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: path.join(os.tmpdir(), 'dd-bench'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    INTERNAL_COMPANY_ID: String(INTERNAL_COMPANY_ID),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await openDatabase({ url });
  const app = await buildApp(createDeps(config, database.db));
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Signs in through the API as `email` (the generator's password): its bearer header and its Auth. */
export async function signIn(bench: BenchApp, email: string) {
  const login = await bench.app.inject({
    method: 'POST',
    url: '/users/token/',
    payload: { email, password: BENCH_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().access}` };
  const me = (await bench.app.inject({ url: '/users/user/', headers })).json();
  const auth: Auth | null = await loadAuth(bench.database.db, me.id, INTERNAL_COMPANY_ID);
  if (!auth) throw new Error(`${email} not found`);
  return { headers, auth };
}
