import { rmSync, writeFileSync } from 'node:fs';
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
  const database = await openDatabase({ url: process.env.DATABASE_URL });
  if (database.kind === 'postgres') {
    await database.close();
    return;
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `dd-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.DD_PGLITE_TEMPLATE = file;
  return () => rmSync(file, { force: true });
}
