/**
 * The data administration's request list at 10,000 and 1,000,000 requests: the first page, the last
 * reachable page (the count stops at 10,000), and the search box on each thing it matches. Runs the
 * module's own listRecords (page and capped count side by side), without HTTP. Goal: p95 under 100 ms at
 * 1M and within 2× of 10k; exits non-zero otherwise.
 *
 *   BENCH_DATABASE_URL=…/dd_bench_1m BENCH_SMALL_DATABASE_URL=…/dd_bench_10k npx tsx data-admin.ts
 */
import { ADMIN_COUNT_CAP } from '@dd/shared';
import { openDatabase } from '../apps/server/src/db/client';
import { listRecords } from '../apps/server/src/modules/data-admin/data-admin.queries';
import { modelsIndex } from '../apps/server/src/modules/data-admin/models';
import { ONE_CLIENT } from './generate-sql';
import { growthTable, smallThenBig, type Timing, timed } from './measure';
import { writeSection } from './results-file';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const PAGE = 20;
const CASES: [string, { offset: number; search?: string }][] = [
  ['first page', { offset: 0 }],
  ['last reachable page', { offset: ADMIN_COUNT_CAP - PAGE }],
  ['search: an id', { offset: 0, search: '5000' }],
  ['search: an internal number, whole', { offset: 0, search: '15000' }],
  ['search: part of an internal number', { offset: 0, search: '1234' }],
  ['search: one client', { offset: 0, search: ONE_CLIENT.lastName.toLowerCase() }],
  ['search: a common name (clients and providers)', { offset: 0, search: 'mercy' }],
  ['search: two letters (id only)', { offset: 0, search: 'ng' }],
];

async function measure(url: string) {
  const database = await openDatabase({ url });
  try {
    const index = await modelsIndex(database.db);
    const model = index.get('home', 'request');
    const out = new Map<string, { rows: number; count: number; timing: Timing }>();
    for (const [name, q] of CASES) {
      const run = () => listRecords(database.db, model, index.relatedOf, { limit: PAGE, ...q });
      const first = await run();
      out.set(name, { rows: first.results.length, count: first.count, timing: await timed(run, RUNS, 10) });
    }
    return out;
  } finally {
    await database.close();
  }
}

async function main() {
  const { small, big, loads } = await smallThenBig(measure);
  const { table, misses } = growthTable(
    small,
    big,
    'rows, count (10k / 1M)',
    (s, b) => `${s.rows}, ${s.count} / ${b.rows}, ${b.count}`,
  );
  await writeSection(
    'data-admin',
    `## Data administration: the request list at 10,000 and 1,000,000 requests

Produced by \`npx tsx bench/data-admin.ts\` on ${new Date().toISOString().slice(0, 10)}: the module's \`listRecords\` (page of ${PAGE} and capped
count side by side, as the list call runs them), ${RUNS} timed calls per case after 10 warm-up calls, 10k
then 1M. The search looks in the id (a whole number), the internal number, the client's and the provider's
name, each through its index (decision 046). Load average ${loads[0].toFixed(2)} at the start, ${loads[1].toFixed(2)} at the end.

${table}

Times in milliseconds.`,
  );
  if (misses) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
