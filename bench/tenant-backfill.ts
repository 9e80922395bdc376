/**
 * Times an upgrade as a starting instance runs it: the pending migrations, then the steps after them (the
 * tenant backfill of decision 071, the validation of keys added NOT VALID of decision 075), on a database
 * at an earlier release's schema. A separate process meanwhile writes as an instance of that release
 * would: a note inserted without company_id, a file row updated, a request's notes read, one after another.
 * The probe's slowest calls show whether a step held a lock that blocked the running release.
 *
 *   BENCH_DATABASE_URL=…/<a copy of the 1M database at an earlier release> npx tsx bench/tenant-backfill.ts
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client';
import { benchDatabaseUrl } from './generate';
import { percentiles } from './measure';

const PROBE = `
import pg from 'pg';
const client = new pg.Client({ connectionString: process.env.URL });
await client.connect();
const { rows: [range] } = await client.query('select min(id) as lo, max(id) as hi from requests');
const { rows: [files] } = await client.query('select min(id) as lo, max(id) as hi from files');
const pick = (r) => Number(r.lo) + Math.floor(Math.random() * (Number(r.hi) - Number(r.lo)));
const samples = [];
let stop = false;
process.on('message', () => { stop = true; });
while (!stop) {
  const started = performance.now();
  const request = pick(range);
  await client.query("insert into notes (text, request_id) values ('probe', $1)", [request]);
  await client.query('update files set archived = archived where id = $1', [pick(files)]);
  await client.query('select id from notes where request_id = $1 order by created_at desc limit 20', [request]);
  samples.push(performance.now() - started);
  await new Promise((r) => setTimeout(r, 50));
}
await client.query("delete from notes where text = 'probe'");
process.send(samples, () => process.exit(0));
`;

async function main() {
  const url = benchDatabaseUrl();
  const probe = spawn(process.execPath, ['--input-type=module', '-e', PROBE], {
    env: { ...process.env, URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const samples = new Promise<number[]>((resolve) => probe.on('message', (m) => resolve(m as number[])));
  await new Promise((r) => setTimeout(r, 2000));
  const started = performance.now();
  const database = await openDatabase({ url });
  const seconds = (performance.now() - started) / 1000;
  await database.close();
  probe.send('stop');
  const probed = await samples;
  const t = percentiles(probed);
  const slow = probed.filter((ms) => ms > 1000).length;
  console.log(`migrations and the steps after them: ${seconds.toFixed(0)} s`);
  console.log(
    `probe (insert a note, update a file, read notes) ${probed.length} rounds: p50 ${t.p50.toFixed(1)} ms, ` +
      `p99 ${t.p99.toFixed(1)} ms, max ${Math.max(...probed).toFixed(0)} ms, over 1 s: ${slow}`,
  );
}

await main();
