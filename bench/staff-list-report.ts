/** The staff list benchmark's PostgreSQL time per case and its section of bench/RESULTS.md. */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Auth } from '../apps/server/src/authz';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import {
  filterConditions,
  RequestListQuery,
} from '../apps/server/src/modules/requests/requests.filters.queries';
import {
  listCountCap,
  listedNameMatches,
  listedNewProvider,
} from '../apps/server/src/modules/requests/requests.name-filters.queries';
import {
  REQUEST_COUNT_CAP,
  requestCountQuery,
  requestPageQuery,
} from '../apps/server/src/modules/requests/requests.queries';
import { explainMs, type Statement } from './measure';
import type { CaseResult } from './staff-list';

/** Direct Docs staff: what the list's access rule gives them (every firm's requests). */
export const STAFF: Auth = {
  userId: 0,
  companyId: 0,
  isStaff: true,
  isInternal: true,
  isAdminUser: false,
  emailConfirmed: true,
  permissions: new Set(),
  timezone: 'UTC',
};

/**
 * The statements one staff-list call runs, built by the module's own query functions: the name look-ups
 * (run here, as the call runs them, and caught by the logger), then the page and the count.
 */
export async function caseStatements(
  pool: pg.Pool,
  query: string,
): Promise<{ lookups: Statement[]; page: Statement; count: Statement }> {
  const looked: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => looked.push({ sql, params }) },
  }) as unknown as Db;
  const params = RequestListQuery.parse(Object.fromEntries(new URLSearchParams(`${query}&limit=100`)));
  const names = { ...(await listedNameMatches(db, params)), ...(await listedNewProvider(db, params)) };
  const conditions = filterConditions(params, STAFF, names);
  const cap = listCountCap(params, names) ?? REQUEST_COUNT_CAP;
  const options = {
    conditions,
    orderBy: params.order_by,
    limit: params.limit,
    offset: params.offset,
    cursor: params.cursor,
    clientNameContains: params.patient__full_name__icontains,
  };
  return {
    lookups: looked.splice(0),
    page: requestPageQuery(db, STAFF, options).toSQL(),
    count: requestCountQuery(db, STAFF, conditions, cap).toSQL(),
  };
}

/**
 * EXPLAIN ANALYZE of the statements a call runs: the name look-ups, then the page and the count side by
 * side (the longer one counts).
 */
export async function explainCase(url: string, query: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' });
  try {
    const { lookups, page, count } = await caseStatements(pool, query);
    return await explainMs(
      pool,
      [lookups, [page, count]].filter((phase) => phase.length > 0),
    );
  } finally {
    await pool.end();
  }
}

const ms = (n: number) => n.toFixed(1);
const mark = (ok: boolean) => (ok ? 'yes' : '**no**');

export function staffListSection(run: {
  results: CaseResult[];
  totals: [number, number];
  loads: [number, number];
  runs: number;
  warmup: number;
  related: string;
  goalMs: number;
  growthLimit: number;
}): string {
  const { results, totals, goalMs, growthLimit } = run;
  const lines = [
    `| case | rows (10k / 1M) | 10k p95 | 1M p50 | 1M p95 | PostgreSQL at 1M | growth p95 | load (1 min) | p95 < ${goalMs} ms | growth ≤ ${growthLimit}× |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|',
  ];
  for (const r of results) {
    const growth = r.big.p95 / r.small.p95;
    lines.push(
      `| ${r.name}<br>\`${r.query}\` | ${r.rows[0]} / ${r.rows[1]} | ${ms(r.small.p95)} | ${ms(r.big.p50)} | ${ms(r.big.p95)} | ` +
        `${ms(r.explain)} | ${growth.toFixed(2)}× | ${r.load.toFixed(2)} | ${mark(r.big.p95 < goalMs)} | ${mark(growth <= growthLimit)} |`,
    );
  }
  const misses = results.filter((r) => r.big.p95 >= goalMs || r.big.p95 > growthLimit * r.small.p95);
  return `## Staff list at 10,000 and 1,000,000 requests: every order and filter the screen offers

Produced by \`npm run bench:staff\` (bench/staff-list.ts) on ${new Date().toISOString().slice(0, 10)}. The cases come from the
screen's own definitions (\`@dd/shared\` staff-list.ts: views, sortable columns both ways, filters and their
choices) through bench/staff-list-cases.ts: every order in the To Do, All and Archived views, every filter
with each sample value alone and combined with the client search 'nguyen', and the list API's other filters
and orderings. A filter or ordering of the API that no case reaches stops the run. Databases: ${totals[0].toLocaleString('en-US')} and
${totals[1].toLocaleString('en-US')} requests from the same generator (clients and providers scale with the requests).
Signed in as a Direct Docs staff member; every call asks for 100 rows with the screen's related set
(\`related=${run.related}\`) through \`app.inject\`. Per case: ${run.warmup} warm-up calls, then ${run.runs} timed calls on the 10k
database and at once the same on the 1M one, so both see the same load; "load" is the machine's 1-minute load
average when the case started (the machine is shared, so read the growth). "PostgreSQL" is EXPLAIN ANALYZE of
the call's statements (name look-ups, then the longer of page and count). Load average ${run.loads[0].toFixed(2)} at the
start, ${run.loads[1].toFixed(2)} at the end.

**${results.length - misses.length} of ${results.length} cases meet both goals** (p95 under ${goalMs} ms at 1M, and at most ${growthLimit}× the 10k p95).

${lines.join('\n')}

Times in milliseconds. What makes them fast, and what does not yet: docs/decisions/046-fast-on-every-path.md.`;
}
