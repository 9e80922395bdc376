/**
 * The PostgreSQL plans of one staff-list call (name look-ups, page, count) with buffers, for reading why a
 * case is slow: `npx tsx staff-list-plans.ts 'order_by=internal_number'` (BENCH_DATABASE_URL: the database).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { filterConditions, RequestListQuery } from '../apps/server/src/modules/requests/requests.filters';
import {
  listCountCap,
  listedNameMatches,
  listedNewProvider,
} from '../apps/server/src/modules/requests/requests.name-filters';
import {
  REQUEST_COUNT_CAP,
  requestCountQuery,
  requestPageQuery,
} from '../apps/server/src/modules/requests/requests.queries';
import { benchDatabaseUrl } from './generate';
import { planText, type Statement } from './measure';
import { STAFF } from './staff-list-report';

async function main() {
  const query = process.argv[2] ?? '';
  const pool = new pg.Pool({ connectionString: benchDatabaseUrl(), max: 2, options: '-c jit=off' });
  const looked: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => looked.push({ sql, params }) },
  }) as unknown as Db;
  try {
    const params = RequestListQuery.parse(Object.fromEntries(new URLSearchParams(`${query}&limit=100`)));
    const names = { ...(await listedNameMatches(db, params)), ...(await listedNewProvider(db, params)) };
    const conditions = filterConditions(params, STAFF, names);
    const cap = listCountCap(params, names) ?? REQUEST_COUNT_CAP;
    const options = { conditions, orderBy: params.order_by, limit: params.limit, offset: params.offset };
    const statements: [string, Statement][] = [
      ...looked.splice(0).map((s) => ['name look-up', s] as [string, Statement]),
      ['page', requestPageQuery(db, STAFF, options).toSQL()],
      ['count', requestCountQuery(db, STAFF, conditions, cap).toSQL()],
    ];
    for (const [name, s] of statements) {
      console.log(
        `--- ${name}\n${s.sql}\n${JSON.stringify(s.params).slice(0, 300)}\n${await planText(pool, s)}\n`,
      );
    }
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
