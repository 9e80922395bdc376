import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { type AccessFixtures, accessFixtures, type Caller } from './access-fixtures';
import { getContext, randomIp, type TestContext } from './helpers';

/**
 * Property-based fuzzing of every documented route, generated from the OpenAPI document
 * the route schemas produce: wrong types, missing and extra fields, huge strings and numbers, NUL bytes,
 * unicode and nested objects, as three kinds of caller. Properties: never a 5xx (a 2xx answer passed
 * its response schema, or it would be a 500), and a refused call (4xx) changes no business table.
 * CI runs a fixed seed and FUZZ_RUNS cases in all (1,000); the nightly mode sets FUZZ_RUNS=10000 and
 * a FUZZ_SEED of its own. On PostgreSQL the suite gets a database of its own, since the checksum
 * compares whole tables.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const CALLERS: Caller[] = ['anonymous', 'firmStaff', 'internalAdmin'];

/** Tables a refused call may write on purpose: session upkeep, rate limits, the audit of refusals. */
const BOOKKEEPING = new Set([
  'sessions',
  'refresh_tokens',
  'rate_limit_hits',
  'audit_events',
  '__drizzle_migrations',
]);
/** Calls that end the caller's own session or password: they would turn the rest of the run into 401s. */
const SKIPPED = new Set(['POST /users/token/revoke/', 'POST /users/logout/', 'POST /users/changePassword/']);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
};
interface Operation {
  method: string;
  path: string;
  params: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

const hostile = fc.constantFrom<unknown>(
  null,
  true,
  0,
  -1,
  2147483648,
  1e308,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(20_000),
  'a\u0000b',
  '\u202e\u200b\ufeff',
  '😀'.repeat(300),
  "'; drop table users; --",
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  [],
  [[[]]],
  {},
  { nested: { deeper: { deepest: [1, { a: null }] } } },
);

function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return hostile;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, depth + 1)), hostile);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), hostile);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const typed: fc.Arbitrary<unknown> =
    type === 'string'
      ? fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.string({ unit: 'grapheme', maxLength: 20 }),
          fc.constantFrom('2026-11-26', 'a@b.example', '1'),
        )
      : type === 'integer'
        ? fc.oneof(fc.integer(), fc.integer({ min: 1, max: 50 }))
        : type === 'number'
          ? fc.double()
          : type === 'boolean'
            ? fc.boolean()
            : type === 'array'
              ? fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 4 })
              : type === 'object'
                ? objectOf(schema, depth + 1)
                : hostile;
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: hostile });
}

/** Some declared fields (each may be missing), sometimes an extra one. */
function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const fields = fc.record(Object.fromEntries(entries.map(([k, s]) => [k, arbitraryFor(s, depth)])), {
    requiredKeys: [],
  });
  return fc
    .tuple(fields, fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id'), hostile)))
    .map(([object, extra]) => (extra ? { ...object, [extra[0]]: extra[1] } : object));
}

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper === 'HEAD' || SKIPPED.has(`${upper} ${path.replace(/\{(\w+)\}/g, ':$1')}`)) continue;
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      out.push({
        method: upper,
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

let ctx: TestContext;
let fx: AccessFixtures;
let ops: Operation[];
const adminUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  if (adminUrl) {
    const ownDatabase = `dd_fuzz_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // Earlier runs' databases (this run's is still open when its file ends, so each run clears the last).
    const { rows } = await client.query<{ name: string }>(
      "select datname as name from pg_database where datname like 'dd\\_fuzz\\_%'",
    );
    for (const { name } of rows) await client.query(`drop database if exists ${name}`).catch(() => undefined);
    await client.query(`create database ${ownDatabase}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${ownDatabase}`;
    process.env.DATABASE_URL = url.toString();
  }
  try {
    ctx = await getContext();
  } finally {
    if (adminUrl) process.env.DATABASE_URL = adminUrl;
  }
  fx = await accessFixtures(ctx.deps);
  ops = operations(ctx.app.swagger() as never);
}, 60_000);

/** One checksum per business table: a refused call must leave every one as it was. */
let checksumQuery: string | undefined;

async function fingerprint(): Promise<Record<string, string>> {
  if (!checksumQuery) {
    const tables = await queryRows<{ name: string }>(
      ctx.deps.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    checksumQuery = tables
      .map((t) => t.name)
      .filter((name) => !BOOKKEEPING.has(name))
      .map(
        (name) =>
          `select '${name}' as name, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as sum from "${name}" t`,
      )
      .join(' union all ');
  }
  const rows = await queryRows<{ name: string; sum: string }>(ctx.deps.db, sql.raw(checksumQuery));
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

const pathValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', '2147483648', '99999999999', 'abc', '1.5', '%00', 'home', 'provider'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const SLICES = 16;
const answered: Record<string, number> = {};

/** Runs the cases of one operation; answers what broke a property. */
async function fuzzOperation(op: Operation, runs: number, seed: number): Promise<string[]> {
  const failures: string[] = [];
  const params = op.params.length ? fc.tuple(...op.params.map(() => pathValue)) : fc.constant([] as string[]);
  const query = fc.record(
    Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, arbitraryFor(s).map((v) => String(v))])),
    { requiredKeys: [] },
  );
  const body = op.body
    ? fc.oneof({ weight: 4, arbitrary: arbitraryFor(op.body) }, { weight: 1, arbitrary: hostile })
    : fc.constant(undefined);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...CALLERS), params, query, body, async (caller, values, q, payload) => {
      let url = op.path;
      op.params.forEach((name, i) => {
        url = url.replace(`{${name}}`, values[i]);
      });
      const search = new URLSearchParams(q as Record<string, string>).toString();
      const before = await fingerprint();
      const res = await ctx.app.inject({
        method: op.method as 'GET',
        url: search ? `${url}?${search}` : url,
        headers: { ...fx.headers(caller), 'content-type': 'application/json' },
        remoteAddress: randomIp(),
        ...(op.method === 'GET' ? {} : { payload: JSON.stringify(payload ?? {}) }),
      });
      const label = `${op.method} ${url} as ${caller} → ${res.statusCode}`;
      answered[res.statusCode] = (answered[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) failures.push(`${label}: ${res.body.slice(0, 200)}`);
      if (res.statusCode >= 400 && res.statusCode < 500) {
        const after = await fingerprint();
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length) failures.push(`${label} changed ${changed.join(', ')}`);
      }
    }),
    { numRuns: runs, seed },
  );
  return failures;
}

describe('fuzzing every documented route', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(150);
  });

  // Sixteen slices of the routes, so no single test runs long.
  for (let slice = 0; slice < SLICES; slice++) {
    it(`slice ${slice + 1} of ${SLICES}: never answers 5xx, and a refused call changes nothing`, async () => {
      const perRoute = Math.max(1, Math.round(RUNS / ops.length));
      const failures: string[] = [];
      for (const [index, op] of ops.entries()) {
        if (index % SLICES === slice) failures.push(...(await fuzzOperation(op, perRoute, SEED + index)));
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it(`reached both accepted calls and refusals (${RUNS} cases in all, seed ${SEED})`, () => {
    const total = Object.values(answered).reduce((a, b) => a + b, 0);
    console.info(`fuzz: ${total} cases over ${ops.length} operations, answers ${JSON.stringify(answered)}`);
    expect(total).toBeGreaterThanOrEqual(Math.min(RUNS, ops.length));
    expect(Object.keys(answered).some((code) => code.startsWith('2'))).toBe(true);
    expect(Object.keys(answered).some((code) => code.startsWith('4'))).toBe(true);
  });
});
