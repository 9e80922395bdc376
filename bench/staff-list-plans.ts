/**
 * The PostgreSQL plans of one staff-list call (name look-ups, page, count) with buffers, for reading why a
 * case is slow: `npx tsx staff-list-plans.ts 'order_by=internal_number'` (BENCH_DATABASE_URL: the database).
 */
import pg from 'pg';
import { benchDatabaseUrl } from './generate';
import { planText, type Statement } from './measure';
import { caseStatements } from './staff-list-report';

async function main() {
  const query = process.argv[2] ?? '';
  const pool = new pg.Pool({ connectionString: benchDatabaseUrl(), max: 2, options: '-c jit=off' });
  try {
    const { lookups, page, count } = await caseStatements(pool, query);
    const statements: [string, Statement][] = [
      ...lookups.map((s) => ['name look-up', s] as [string, Statement]),
      ['page', page],
      ['count', count],
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
