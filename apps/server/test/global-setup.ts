import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';

/**
 * Migrates once before the workers start. With DATABASE_URL, that PostgreSQL database; otherwise a PGlite
 * database whose data directory is dumped to a file every test file starts from (DD_PGLITE_TEMPLATE):
 * copying it takes a fraction of a second where creating and migrating one takes seconds.
 */
export default async function setup() {
  const reportDeadWorkers = watchWorkers();
  const database = await openDatabase({ url: process.env.DATABASE_URL });
  if (database.kind === 'postgres') {
    await database.close();
    return reportDeadWorkers;
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `dd-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.DD_PGLITE_TEMPLATE = file;
  return () => {
    rmSync(file, { force: true });
    reportDeadWorkers();
  };
}

/**
 * A worker that dies (a native crash, the machine's out-of-memory killer) is reported by Vitest only as
 * "Worker exited unexpectedly", without the file it was running. Each worker notes the file it starts in
 * DD_RUNNING_DIR (test/per-file.ts) and removes the note when the file ends; a note left at the end names it.
 */
function watchWorkers() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dd-running-'));
  process.env.DD_RUNNING_DIR = dir;
  return () => {
    for (const note of readdirSync(dir))
      console.error(
        `A test worker (process ${note}) died while running ${readFileSync(path.join(dir, note), 'utf8')}`,
      );
    rmSync(dir, { recursive: true, force: true });
  };
}
