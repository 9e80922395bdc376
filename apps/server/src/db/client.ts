import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgErrorCode } from '../lib/constraint-errors';
import * as schema from './schema';
import { keepStatementsPrepared } from './statement-cache';
import { backfillTenantColumns } from './tenant-backfill';
import { validatePendingConstraints } from './validate-constraints';
import { widenIdColumns } from './widen-ids';

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir (or in memory). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute` (node-postgres and PGlite answer in different shapes). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

export interface Database {
  db: Db;
  /** Where the replica-read routes read (decision 068): a streaming replica when `readUrl` is given, else `db`. */
  reader: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * The embedded database serves one small installation: PostgreSQL's default buffers (128 MB) mostly sit
 * in the process's memory unused, so they are kept small (README: when to move to PostgreSQL).
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  'wal_buffers=1MB',
];

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * `template`: a PGlite data directory dump (`dumpDataDir`) to start from, so each test file copies one
 * migrated database instead of creating and migrating its own (test/global-setup.ts).
 */
export async function openDatabase(options: {
  url?: string;
  /** A streaming replica of `url`'s database (no migrations run there: it replays the primary's). */
  readUrl?: string;
  dir?: string;
  template?: Blob;
  /** Sees every statement the app sends to the primary (the tests' tenant-condition check). */
  logQuery?: (query: string) => void;
}): Promise<Database> {
  const logger = options.logQuery && { logQuery: options.logQuery };
  if (options.url) {
    const pool = openPool(options.url);
    const db = drizzlePg(pool, { schema, logger });
    await migrateAlone(pool, async () => {
      await againOnLockConflict('Migrations', () => migratePg(db, { migrationsFolder }));
      await backfillTenantColumns(db as unknown as Db);
      await againOnLockConflict('The id swap', () =>
        widenIdColumns(db as unknown as Db, { concurrently: true }),
      );
      await validatePendingConstraints(db as unknown as Db);
    });
    if (!options.readUrl)
      return {
        db: db as unknown as Db,
        reader: db as unknown as Db,
        kind: 'postgres',
        close: () => pool.end(),
      };
    const readPool = openPool(options.readUrl);
    const reader = drizzlePg(readPool, { schema });
    return {
      db: db as unknown as Db,
      reader: reader as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), readPool.end()]);
      },
    };
  }
  const client = openPglite(options.dir, options.template);
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder });
  await backfillTenantColumns(db as unknown as Db);
  await widenIdColumns(db as unknown as Db, { concurrently: false });
  await validatePendingConstraints(db as unknown as Db);
  return {
    db: db as unknown as Db,
    reader: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/**
 * One pool per server (the primary's, and the replica's when there is one), with the same settings.
 * A connection that cannot be opened within 5 s fails the query instead of waiting forever (a network
 * partition).
 * No JIT: the app's statements are index walks that stop early; compiling one costs 10-50 ms whenever the
 * planner's estimate for a capped count or a LIMIT runs high (decision 046).
 * An idle connection stays open a minute, not the driver's ten seconds: a new one costs 5-15 ms to open
 * and its first plan over `requests` another 5-10 ms (the server process loads the table's indexes), which
 * every query of a screen opened after a short pause paid again. Not longer: load balancers and NAT between
 * the server and the database drop connections idle for about four minutes without telling either end.
 * Each connection keeps the statements it runs prepared (statement-cache.ts).
 */
function openPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 60_000,
    options: '-c jit=off',
  });
  survivesLostConnections(pool);
  pool.on('connect', keepStatementsPrepared);
  return pool;
}

/**
 * bigint values (ids, counts, cents) as numbers, as the embedded database gives them: node-postgres gives
 * them as strings. Every id and amount stays below 2^53, which a number holds exactly; a larger value is
 * left as its string rather than rounded. Set on node-postgres's shared parsers, since Drizzle passes
 * those with each query (a pool's own `types` would be overridden).
 */
const int8 = (text: string): number | string => {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
};
pg.types.setTypeParser(pg.types.builtins.INT8, int8);
/** bigint[] (`{1,2,NULL}`) alike; an array of two or more dimensions keeps node-postgres's strings. */
const INT8_ARRAY = 1016 as never;
const int8Strings = pg.types.getTypeParser(INT8_ARRAY) as (text: string) => unknown;
pg.types.setTypeParser(INT8_ARRAY, (text: string) => {
  const inner = text.slice(1, -1);
  if (inner.includes('{')) return int8Strings(text);
  return inner === '' ? [] : inner.split(',').map((item) => (item === 'NULL' ? null : int8(item)));
});

/**
 * A connection the server ends (a restart, a failover, an operator) emits 'error'; with no listener that
 * ends the process. The pool listens only while a connection is idle, so one checked out for a transaction
 * gets its own listener for life: the query in flight fails (answered 503), the transaction's release
 * drops the broken connection, and the next query opens a fresh one.
 */
function survivesLostConnections(pool: pg.Pool) {
  // The pool's own 'error' event repeats what the connection's listener below already logged.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', (error: Error & { code?: string }) => {
      console.warn(`Database connection lost (${error.code ?? error.message}); the pool opens a new one.`);
    });
  });
}

/**
 * Several instances started at once (a rolling deploy) would each apply the same migrations and all but
 * one would fail. One connection holds an advisory lock while this instance migrates; the others wait
 * for it, then find nothing left to apply. They ask for it again every half second rather than wait in
 * `pg_advisory_lock`: a statement waiting there holds a snapshot, and the `CREATE INDEX CONCURRENTLY` of
 * the migrating instance (widen-ids.ts) waits for every older snapshot to end, so both would wait forever.
 */
const MIGRATION_LOCK = 7_264_001;
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>) {
  const lock = await pool.connect();
  try {
    while (!(await lock.query('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK])).rows[0].ok)
      await new Promise((resolve) => setTimeout(resolve, 500));
    await migrate();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}

/**
 * A migration that changes keys locks tables the running release keeps using, and PostgreSQL may end a
 * deadlock between the two by failing the migration (the running query waited for one table while holding
 * another). The migrations run in one transaction, so a failed run left nothing behind: run them again.
 * The same holds for the swap of widened id columns (widen-ids.ts), whose steps before it are kept.
 */
const LOCK_CONFLICTS = new Set(['40P01', '55P03']);
async function againOnLockConflict(what: string, migrate: () => Promise<void>, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate();
    } catch (error) {
      const code = pgErrorCode(error);
      if (!code || !LOCK_CONFLICTS.has(code) || attempt === tries) throw error;
      console.warn(`${what} lost a lock conflict with running queries (${code}); running again.`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** The embedded database itself (no migrations): for the app above, and for backup and restore. */
export function openPglite(dir?: string, template?: Blob): PGlite {
  return new PGlite({
    dataDir: dir,
    extensions: { pg_trgm },
    loadDataDir: template,
    postgresqlconf: PGLITE_SETTINGS,
  });
}
