/**
 * The money screens at 10,000 and 1,000,000 requests: the invoices' firm list, and the invoice of the big firm
 * (its page of lines with the totals of every filtered line) with each filter the screen offers. Runs the
 * services the routes call, without HTTP. Goal: p95 under 100 ms at 1M and within 2× of 10k; exits
 * non-zero otherwise.
 *
 *   BENCH_DATABASE_URL=…/dd_bench_1m BENCH_SMALL_DATABASE_URL=…/dd_bench_10k npx tsx money-screens.ts
 */
import type { InvoiceFilter } from '@dd/shared';
import pg from 'pg';
import { loadAuth } from '../apps/server/src/auth/session';
import { openDatabase } from '../apps/server/src/db/client';
import { invoicePage, listInvoiceCompanies } from '../apps/server/src/modules/billing/invoices.service';
import { INTERNAL_COMPANY_ID } from './generate';
import { BENCH_WORKER_EMAIL, BIG_FIRM_NAME } from './generate-sql';
import { growthTable, smallThenBig, type Timing, timed } from './measure';
import { writeSection } from './results-file';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PAGE = { limit: 25, offset: 0 };

/** The invoice screen's filters; the provider and client are the big firm's most used ones. */
const INVOICE_CASES: [string, (ids: { provider: number; client: number }) => InvoiceFilter][] = [
  ['invoice, every line', () => ({})],
  ['invoice, unbilled lines', () => ({ billing: 'unbilled' })],
  ['invoice, status Closed', () => ({ status: 'closed' })],
  ['invoice, one status', () => ({ status: 'Completed - Documents Arrived' })],
  ['invoice, one provider', ({ provider }) => ({ provider })],
  ['invoice, one client', ({ client }) => ({ client })],
  ['invoice, one quarter', () => ({ start_date: '2025-01-01', end_date: '2025-03-31' })],
];

async function measure(url: string) {
  const database = await openDatabase({ url });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const one = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows[0];
    const firm = (await one('select id from companies where name = $1', [BIG_FIRM_NAME])).id as number;
    const ids = {
      provider: (
        await one(
          'select provider_id as id from requests where company_id = $1 group by 1 order by count(*) desc limit 1',
          [firm],
        )
      ).id as number,
      client: (
        await one(
          'select patient_id as id from requests where company_id = $1 group by 1 order by count(*) desc limit 1',
          [firm],
        )
      ).id as number,
    };
    const workerId = (await one('select id from users where email = $1', [BENCH_WORKER_EMAIL])).id as number;
    const auth = await loadAuth(database.db, workerId, INTERNAL_COMPANY_ID);
    if (!auth) throw new Error(`${BENCH_WORKER_EMAIL} not found`);
    const out = new Map<string, { rows: number; timing: Timing }>();
    const list = () => listInvoiceCompanies(database.db, INTERNAL_COMPANY_ID, PAGE);
    out.set('firm list, page 1', { rows: (await list()).total, timing: await timed(list, RUNS, 5) });
    for (const [name, filterOf] of INVOICE_CASES) {
      const run = () => invoicePage(database.db, auth, firm, filterOf(ids), PAGE);
      const first = await run();
      out.set(name, { rows: first.count, timing: await timed(run, RUNS, 5) });
    }
    return out;
  } finally {
    await pool.end();
    await database.close();
  }
}

async function main() {
  const { small, big, loads } = await smallThenBig(measure);
  const { table, misses } = growthTable(small, big, 'lines (10k / 1M)', (s, b) => `${s.rows} / ${b.rows}`);
  await writeSection(
    'money-screens',
    `## Money screens at 10,000 and 1,000,000 requests: the invoices' firm list and the big firm's invoice

Produced by \`npx tsx bench/money-screens.ts\` on ${new Date().toISOString().slice(0, 10)}: the services the routes call
(\`listInvoiceCompanies\`, and \`invoicePage\`, a page of 25 lines with the totals of every filtered line), signed
in as a Direct Docs staff member, ${RUNS} timed calls per case after 5 warm-up calls, 10k then 1M. The big firm has
a tenth of the requests. Load average ${loads[0].toFixed(2)} at the start, ${loads[1].toFixed(2)} at the end.

${table}

Times in milliseconds; "lines" is the firms listed for the firm list.`,
  );
  if (misses) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
