import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { appendFileSync, writeFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { users } from '../src/db/schema';
import { multipart } from '../src/modules/files/files.test-utils';
import { type AccessFixtures, accessFixtures, CALLERS, type Caller } from './access-fixtures';
import { ACCESS_MATRIX } from './access-matrix';
import { firmWithRequest } from './factories';
import { chooseCaller, type FuzzCall, mutate, type Operation, operationsOf, validCall } from './fuzz-calls';
import { NEVER_GENERATED, randomSource } from './fuzz-mutations';
import { closeContext, getContext, randomIp, type TestContext } from './helpers';

/**
 * Fuzzing every registered route with calls that reach its code: each case starts from a valid call
 * (real ids of a seeded set of records, a caller the route's rule admits, now and then any of the
 * eight kinds of caller) and changes one field, query parameter, path id or upload part at most,
 * either within its schema or with a hostile value. Properties: never a 5xx, and a refused call (4xx)
 * changes no business table. The suite counts, per route, the calls that reached the handler (access
 * and validation passed: Fastify's handler diagnostics channel), and fails when a route is never
 * reached or fewer than 60% of all calls are.
 * CI runs a fixed seed and FUZZ_RUNS cases (1,000); `npm run fuzz` runs 10,000, FUZZ_SEED picks others,
 * FUZZ_REPORT=file writes the per-route table. On PostgreSQL the suite makes a database of its own
 * (the checksums compare whole tables) and drops it at the end.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const SLICES = 48;
const REACHED_GOAL = 0.6;

/** Tables a refused call may write on purpose: session upkeep, rate limits, the audit of refusals. */
const BOOKKEEPING = new Set([
  'sessions',
  'refresh_tokens',
  'rate_limit_hits',
  'audit_events',
  '__drizzle_migrations',
]);
/** A wrong date of birth on a signing link is counted on the link and audited, on purpose (decision 061). */
const SIGNING_REFUSAL_RECORDS = new Set(['signing_requests', 'signing_events']);
/**
 * Changes the caller's own password, which ends every session of that caller for the rest of the run; and
 * the live-updates stream, which stays open by design (its access is in the matrix, its answers in
 * events.test.ts).
 */
const SKIPPED = new Set(['POST /users/changePassword/', 'GET /api/events/', 'HEAD /api/events/']);

let ctx: TestContext;
let fx: AccessFixtures;
let ops: Operation[];
/** Real ids the mutations swap in: the target firm's records, another firm's, a user who is no caller. */
let ids: number[];
const adminUrl = process.env.DATABASE_URL;
let ownDatabase: string | undefined;

/** The route whose handler the last call entered, from Fastify's diagnostics channel. */
let entered: string | undefined;
const onHandler = (store: unknown) => {
  const { route } = store as { route: { method: string; url: string } };
  entered = `${route.method} ${route.url}`;
};
const HANDLER_START = 'tracing:fastify.request.handler:start';

beforeAll(async () => {
  if (adminUrl) {
    ownDatabase = `dd_fuzz_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
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
  const other = await firmWithRequest(ctx.deps);
  const bystander = await fx.freshUser();
  const second = await fx.freshRequest();
  for (const caller of CALLERS) if (caller !== 'anonymous') NEVER_GENERATED.add(fx.userId(caller));
  ids = [
    ...[fx.request, fx.patient, fx.provider, fx.note, fx.file, second, bystander].map((r) => r.id),
    ...[other.request, other.patient, other.company].map((r) => r.id),
  ].filter((id) => !NEVER_GENERATED.has(id));
  ops = operationsOf(ctx.app.routeAccess, ctx.app.swagger() as never).filter((op) => !SKIPPED.has(op.key));
  diagnostics.subscribe(HANDLER_START, onHandler);
  await keepCallers();
}, 60_000);

afterAll(async () => {
  diagnostics.unsubscribe(HANDLER_START, onHandler);
  await closeContext();
  if (!ownDatabase) return;
  // Its own database only; `with (force)` ends this file's pooled connections to it, if still open.
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${ownDatabase} with (force)`);
  await client.end();
});

/**
 * The fuzzing callers as they started. A valid call may deactivate one of them or change its flags (the
 * invite grid rewrites every user of the firm, and a mutation may turn a row's `active` off): that
 * caller is put back and signed in again, so the rest of the run still calls as eight kinds of caller.
 */
const callerRows = async () =>
  new Map(
    (
      await ctx.deps.db
        .select({
          id: users.id,
          isActive: users.isActive,
          isStaff: users.isStaff,
          isAdminUser: users.isAdminUser,
          roleId: users.roleId,
          companyId: users.companyId,
        })
        .from(users)
        .where(inArray(users.id, SIGNED_IN.map(fx.userId)))
    ).map(({ id, ...row }) => [id, JSON.stringify(row)]),
  );
const SIGNED_IN = CALLERS.filter((caller) => caller !== 'anonymous');
let callersAsTheyStarted: Map<number, string> | undefined;
const renewed = new Map<Caller, { authorization?: string }>();
const headersOf = (caller: Caller) => renewed.get(caller) ?? fx.headers(caller);

async function keepCallers() {
  const now = await callerRows();
  callersAsTheyStarted ??= now;
  for (const caller of SIGNED_IN) {
    const id = fx.userId(caller);
    const then = callersAsTheyStarted.get(id)!;
    if (now.get(id) === then) continue;
    await ctx.deps.db.update(users).set(JSON.parse(then)).where(eq(users.id, id));
    renewed.set(caller, await fx.freshSession(caller));
  }
}

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

interface Tally {
  calls: number;
  reached: number;
  statuses: Record<number, number>;
}
const tallies = new Map<string, Tally>();

function urlOf(op: Operation, call: FuzzCall): string {
  const path = op.url.replace(/:(\w+)|\*/g, (match, name?: string) => {
    const value = call.params?.[name ?? '*'];
    return value === undefined ? match : encodeURI(String(value));
  });
  return call.query ? `${path}?${call.query}` : path;
}

/** Runs the cases of one route; answers what broke a property. */
async function fuzzOperation(op: Operation, runs: number, seed: number): Promise<string[]> {
  const rng = randomSource(seed);
  const failures: string[] = [];
  const tally: Tally = tallies.get(op.key) ?? { calls: 0, reached: 0, statuses: {} };
  tallies.set(op.key, tally);
  for (let n = 0; n < runs; n++) {
    const caller = chooseCaller(rng, op, n === 0);
    const valid = await validCall(op, fx, caller, ctx.deps);
    // The first case of each route is its valid call as it stands.
    const { call, mutation } = n === 0 ? { call: valid, mutation: 'none' } : mutate(rng, op, valid, ids);
    const body = call.parts
      ? multipart(call.parts)
      : call.body === undefined || op.method === 'GET'
        ? undefined
        : { payload: JSON.stringify(call.body), headers: { 'content-type': 'application/json' } };
    const session = ACCESS_MATRIX[op.key]?.endsSession ? await fx.freshSession(caller) : headersOf(caller);
    const url = urlOf(op, call);
    const before = await fingerprint();
    entered = undefined;
    const res = await ctx.app.inject({
      method: op.method as 'GET',
      url,
      headers: { ...session, ...body?.headers },
      remoteAddress: randomIp(),
      ...(body ? { payload: body.payload } : {}),
    });
    tally.calls++;
    if (entered === op.key) tally.reached++;
    tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] ?? 0) + 1;
    const label = `${op.method} ${url} as ${caller}, mutation ${mutation} → ${res.statusCode}`;
    if (process.env.FUZZ_DEBUG)
      appendFileSync(process.env.FUZZ_DEBUG, `${label}${entered === op.key ? ' (reached)' : ''}\n`);
    if (res.statusCode >= 500) failures.push(`${label}: ${res.body.slice(0, 200)}`);
    if (res.statusCode >= 400 && res.statusCode < 500) {
      const after = await fingerprint();
      const changed = Object.keys(after).filter(
        (t) =>
          after[t] !== before[t] &&
          !(op.key.startsWith('POST /api/signing/') && SIGNING_REFUSAL_RECORDS.has(t)),
      );
      if (changed.length) failures.push(`${label} changed ${changed.join(', ')}`);
    }
    await keepCallers();
  }
  return failures;
}

function report(): string {
  const rows = [...tallies].sort(([a], [b]) => a.localeCompare(b));
  const total = rows.reduce((sum, [, t]) => sum + t.calls, 0);
  const reached = rows.reduce((sum, [, t]) => sum + t.reached, 0);
  const lines = [
    `${total} calls over ${rows.length} routes (seed ${SEED}); ${reached} reached a handler (${Math.round((100 * reached) / total)}%)`,
    '',
    '| Route | Calls | Reached the handler | Answers |',
    '|---|---:|---:|---|',
    ...rows.map(
      ([key, t]) =>
        `| \`${key}\` | ${t.calls} | ${t.reached} | ${Object.entries(t.statuses)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')} |`,
    ),
  ];
  return lines.join('\n');
}

describe('fuzzing every registered route with calls that reach its handler', () => {
  it('finds every registered route', () => {
    expect(ops.length).toBeGreaterThan(170);
  });

  for (let slice = 0; slice < SLICES; slice++) {
    it(`slice ${slice + 1} of ${SLICES}: never answers 5xx, and a refused call changes nothing`, async () => {
      const perRoute = Math.max(2, Math.ceil(RUNS / ops.length));
      const failures: string[] = [];
      for (const [index, op] of ops.entries()) {
        if (index % SLICES === slice) failures.push(...(await fuzzOperation(op, perRoute, SEED + index)));
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it(`every route was reached, and at least ${REACHED_GOAL * 100}% of all calls reached a handler`, () => {
    const text = report();
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, `${text}\n`);
    console.info(`fuzz: ${text.split('\n')[0]}`);
    const never = [...tallies].filter(([, t]) => t.reached === 0).map(([key]) => key);
    expect(never, 'routes no call reached').toEqual([]);
    const calls = [...tallies.values()].reduce((sum, t) => sum + t.calls, 0);
    const reached = [...tallies.values()].reduce((sum, t) => sum + t.reached, 0);
    expect(reached / calls).toBeGreaterThanOrEqual(REACHED_GOAL);
  });
});
