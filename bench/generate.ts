/**
 * Fills a PostgreSQL database with benchmark volumes: 500 law firms, 1,000,000 requests of which
 * 100,000 belong to one firm, files for received requests with their audit rows, and about 5,000,000
 * notes, billings with their invoice lines, and form links. Clients and providers scale with the requests.
 * On a database that already holds requests it only adds what an earlier version did not generate.
 *
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/dd_bench npx tsx bench/generate.ts
 *
 * BENCH_NOTES=0 skips the notes; BENCH_REQUESTS and BENCH_FIRMS scale the run down for a quick try.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { openDatabase } from '../apps/server/src/db/client';
import {
  BENCH_PASSWORD,
  BENCH_STAFF_EMAIL,
  type BenchSizes,
  billingsSql,
  filesSql,
  firmsSql,
  formLinksSql,
  lastNoteSql,
  notesSql,
  oneClientSql,
  patientsSql,
  providersSql,
  requestsSql,
  requestTypeChoicesSql,
  requestTypesSql,
  usersSql,
  verifiedProvidersSql,
} from './generate-sql';

export const INTERNAL_COMPANY_ID = Number(process.env.INTERNAL_COMPANY_ID ?? 1);

export function benchDatabaseUrl(): string {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'Set BENCH_DATABASE_URL (or DATABASE_URL) to an empty PostgreSQL database, e.g.\n' +
        '  createdb dd_bench && BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/dd_bench npm run bench',
    );
  }
  return url;
}

export function benchSizes(requests = Number(process.env.BENCH_REQUESTS ?? 1_000_000)): BenchSizes {
  return {
    firms: Number(process.env.BENCH_FIRMS ?? 500),
    requests,
    bigFirmRequests: Math.round(requests / 10),
    // 20,000 providers at 1M requests, scaled with the requests (a 10k database holds 200).
    providers: Math.max(100, Math.round(requests / 50)),
    internalStaff: 50,
    notesPerRequest: Number(process.env.BENCH_NOTES ?? 5),
  };
}

async function step(client: pg.PoolClient, name: string, sql: string): Promise<number> {
  const started = performance.now();
  await client.query(sql);
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${name.padEnd(34)} ${seconds.toFixed(1)} s`);
  return seconds;
}

export async function generate(
  url = benchDatabaseUrl(),
  sizes = benchSizes(),
): Promise<{ generated: boolean; seconds: number }> {
  // Migrations first: the schema is the application's own.
  const database = await openDatabase({ url });
  await database.close();
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  try {
    const existing = await client.query<{ n: string }>('select count(*) as n from requests');
    if (Number(existing.rows[0].n) > 0) {
      console.log(`bench database already holds ${existing.rows[0].n} requests; generation skipped`);
      return { generated: await topUp(client), seconds: 0 };
    }
    console.log(`generating ${sizes.requests} requests for ${sizes.firms} firms…`);
    const started = performance.now();
    const hash = await hashPassword(BENCH_PASSWORD);
    await client.query(`insert into companies (id, name) overriding system value
      values (${INTERNAL_COMPANY_ID}, 'Direct Docs') on conflict (id) do nothing`);
    await client.query(
      `select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
    );
    // Bulk load without per-row foreign-key triggers; the statements build consistent rows.
    await client.query('set session_replication_role = replica');
    await client.query("set work_mem = '256MB'");
    await client.query("set maintenance_work_mem = '512MB'");
    await step(client, 'firms', firmsSql(sizes));
    await step(client, 'users', usersSql(sizes, INTERNAL_COMPANY_ID, hash));
    await step(client, 'providers', providersSql(sizes));
    await step(client, 'patients', patientsSql());
    await step(client, 'request types', requestTypesSql());
    await step(client, 'requests', requestsSql(sizes, INTERNAL_COMPANY_ID));
    await step(client, 'one client', oneClientSql());
    await step(client, 'request type choices', requestTypeChoicesSql());
    await step(client, 'files and file accesses', filesSql(INTERNAL_COMPANY_ID));
    await step(client, 'billings and invoice lines', billingsSql());
    await step(client, 'form links', formLinksSql());
    if (sizes.notesPerRequest > 0) {
      await step(client, 'notes', notesSql(sizes.notesPerRequest));
      // Triggers are off during the load (session_replication_role): the newest note is set in one pass.
      await step(client, 'newest note per request', lastNoteSql());
    }
    // The same for the data dashboard's running tallies (migration 0013).
    await step(client, 'dashboard tallies', 'select rebuild_request_tallies(), rebuild_invoice_tallies()');
    await client.query('set session_replication_role = origin');
    await step(client, 'vacuum analyze', 'vacuum analyze');
    const seconds = (performance.now() - started) / 1000;
    console.log(`generated in ${seconds.toFixed(0)} s; sign in as ${BENCH_STAFF_EMAIL} / ${BENCH_PASSWORD}`);
    return { generated: true, seconds };
  } finally {
    client.release();
    await pool.end();
  }
}

/**
 * What a database generated by an earlier version of this file lacks, added in place: billings with their
 * invoice lines, form links and verified providers. Then the running tallies are rebuilt and the planner's statistics renewed.
 */
async function topUp(client: pg.PoolClient): Promise<boolean> {
  const missing = async (sql: string) => (await client.query<{ missing: boolean }>(sql)).rows[0].missing;
  const billings = await missing('select not exists (select 1 from billings) as missing');
  const links = await missing(
    "select not exists (select 1 from providers where medical_request_url like 'provider-forms/bench-%') as missing",
  );
  const unverified = await missing(
    'select not exists (select 1 from providers where verified_at is not null) as missing',
  );
  if (!billings && !links && !unverified) return false;
  await client.query('set session_replication_role = replica');
  await client.query("set work_mem = '256MB'");
  if (billings) await step(client, 'billings and invoice lines', billingsSql());
  if (links) await step(client, 'form links', formLinksSql());
  if (unverified) await step(client, 'verified providers', verifiedProvidersSql());
  await step(client, 'dashboard tallies', 'select rebuild_request_tallies(), rebuild_invoice_tallies()');
  await client.query('set session_replication_role = origin');
  await step(client, 'vacuum analyze', 'vacuum analyze');
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  generate().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
