/**
 * POST /getFileUrl/'s look-up (findReadable: which record makes a stored object readable) for each kind of
 * link, at 10,000 and 1,000,000 requests, as Direct Docs staff and as the big firm's staff user. Storage is
 * left out (the bench databases' files are not on disk). Goal: p95 under 5 ms; exits non-zero otherwise.
 *
 *   BENCH_DATABASE_URL=…/dd_bench_1m BENCH_SMALL_DATABASE_URL=…/dd_bench_10k npx tsx file-links.ts
 */
import pg from 'pg';
import { loadAuth } from '../apps/server/src/auth/session';
import { openDatabase } from '../apps/server/src/db/client';
import { findReadable } from '../apps/server/src/modules/files/files.access';
import { INTERNAL_COMPANY_ID } from './generate';
import { BENCH_STAFF_EMAIL, BENCH_WORKER_EMAIL, BIG_FIRM_NAME } from './generate-sql';
import { smallThenBig, type Timing, timed } from './measure';
import { writeSection } from './results-file';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const GOAL_MS = 5;

/** One stored link of each kind, of the big firm's records where a record has a firm. */
const KEYS: [string, string][] = [
  [
    'records file of a request',
    'select f.url as key from files f join requests r on r.id = f.request_id where r.company_id = $1 and not f.supporting_file order by f.id desc limit 1',
  ],
  [
    "request's HIPAA form",
    'select hipaa_consent_url as key from requests where company_id = $1 and hipaa_consent_url is not null order by id desc limit 1',
  ],
  [
    "request's intake form",
    'select intake_form_url as key from requests where company_id = $1 and intake_form_url is not null order by id desc limit 1',
  ],
  [
    "client's HIPAA form",
    'select hipaa_consent_url as key from patients where company_id = $1 and hipaa_consent_url is not null order by id desc limit 1',
  ],
  [
    "firm's release form",
    'select release_form_url as key from companies where release_form_url is not null and $1::int > 0 order by id limit 1',
  ],
  [
    "provider's request form",
    'select medical_request_url as key from providers where medical_request_url is not null and $1::int > 0 order by id desc limit 1',
  ],
  ['a link nobody saved', "select 'hipaa-forms/nobody-saved-this.pdf' as key where $1::int > 0"],
];

async function measure(url: string) {
  const database = await openDatabase({ url });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const one = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows[0];
    const firm = (await one('select id from companies where name = $1', [BIG_FIRM_NAME])).id as number;
    const callers = [];
    for (const [name, email] of [
      ['Direct Docs staff', BENCH_WORKER_EMAIL],
      ['firm staff', BENCH_STAFF_EMAIL],
    ]) {
      const id = (await one('select id from users where email = $1', [email])).id as number;
      const auth = await loadAuth(database.db, id, INTERNAL_COMPANY_ID);
      if (!auth) throw new Error(`${email} not found`);
      callers.push({ name, auth });
    }
    const out = new Map<string, { found: boolean; timing: Timing }>();
    for (const [kind, sql] of KEYS) {
      const key = (await one(sql, [firm])).key as string;
      for (const caller of callers) {
        const found = (await findReadable(database.db, caller.auth, key)) !== null;
        const timing = await timed(() => findReadable(database.db, caller.auth, key), RUNS, 20);
        out.set(`${kind}, ${caller.name}`, { found, timing });
      }
    }
    return out;
  } finally {
    await pool.end();
    await database.close();
  }
}

async function main() {
  const { small, big, loads } = await smallThenBig(measure);
  const lines = [
    '| link, caller | readable | 10k p95 | 1M p50 | 1M p95 | p95 < 5 ms |',
    '|---|:-:|---:|---:|---:|:-:|',
  ];
  let misses = 0;
  for (const [name, b] of big) {
    const s = small.get(name);
    const ok = b.timing.p95 < GOAL_MS;
    if (!ok) misses++;
    lines.push(
      `| ${name} | ${b.found ? 'yes' : 'no'} | ${s?.timing.p95.toFixed(2)} | ${b.timing.p50.toFixed(2)} | ${b.timing.p95.toFixed(2)} | ${ok ? 'yes' : '**no**'} |`,
    );
    console.log(`${name.padEnd(48)} 1M p95 ${b.timing.p95.toFixed(2)} ms`);
  }
  await writeSection(
    'file-links',
    `## Form links at 10,000 and 1,000,000 requests (\`/getFileUrl/\`'s look-up)

Produced by \`npx tsx bench/file-links.ts\` on ${new Date().toISOString().slice(0, 10)}: \`findReadable\` (which record makes a stored
object readable: a request's file, a request's or client's HIPAA form, an intake form, a firm's release form, a
provider's form) for one link of each kind, ${RUNS} timed calls each after 20 warm-up calls; the storage check
that follows it in the call is left out. Load average ${loads[0].toFixed(2)} at the start, ${loads[1].toFixed(2)} at the end.
Each form column has a partial index on its non-empty values (migration 0025).

${lines.join('\n')}

Times in milliseconds.`,
  );
  if (misses) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
