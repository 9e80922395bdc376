import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config';
import { openPglite } from '../db/client';
import { embeddedDatabaseOwner, embeddedInUseMessage } from '../db/embedded-owner';

/**
 * `npm run backup -- DIR` and `npm run restore -- BACKUP`. A backup is a folder: the
 * database (PostgreSQL: `pg_dump --format=custom`; embedded: the PGlite data directory, gzipped), the
 * stored files when they live under DATA_DIR (S3 keeps its own versions), the generated keys when there
 * are any (without DATA_KEY the SSNs cannot be read), and a manifest. Restore goes into an empty data
 * directory or an empty PostgreSQL database only, so it never mixes two installations. The embedded
 * database can be backed up only while the server is stopped (one process owns it).
 */
const run = promisify(execFile);

export interface BackupManifest {
  format: 1;
  created_at: string;
  database: 'pglite' | 'postgres';
  files: 'included' | 'in S3';
  keys: boolean;
}

/** The embedded database is read or written by one process at a time: never while a server has it. */
function refuseWhileServed(config: Config) {
  const pid = config.DATABASE_URL ? null : embeddedDatabaseOwner(config.dataDir);
  if (pid !== null) throw new Error(embeddedInUseMessage(config.dataDir, pid));
}

const paths = (config: Config) => ({
  db: path.join(config.dataDir, 'db'),
  files: path.join(config.dataDir, 'files'),
  keys: path.join(config.dataDir, 'keys.json'),
});

export async function backup(config: Config, outDir: string, now = new Date()): Promise<string> {
  const dir = path.join(path.resolve(outDir), `dd-backup-${now.toISOString().replace(/[:.]/g, '-')}`);
  const from = paths(config);
  refuseWhileServed(config);
  if (!config.DATABASE_URL && !existsSync(from.db))
    throw new Error(`There is no embedded database at ${from.db}.`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (config.DATABASE_URL) {
    // Made 0600 before pg_dump writes into it (pg_dump's own file would follow the umask: 0644).
    const dump = path.join(dir, 'database.dump');
    await writeFile(dump, '', { mode: 0o600 });
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, config.DATABASE_URL]);
    await chmod(dump, 0o600);
  } else {
    const client = openPglite(from.db);
    await client.waitReady;
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(path.join(dir, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()), {
        mode: 0o600,
      });
    } finally {
      await client.close();
    }
  }
  if (!config.S3_BUCKET && existsSync(from.files))
    await cp(from.files, path.join(dir, 'files'), { recursive: true });
  const keys = existsSync(from.keys);
  if (keys) await copyFile(from.keys, path.join(dir, 'keys.json'));
  const manifest: BackupManifest = {
    format: 1,
    created_at: now.toISOString(),
    database: config.DATABASE_URL ? 'postgres' : 'pglite',
    files: config.S3_BUCKET ? 'in S3' : 'included',
    keys,
  };
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

export async function restore(config: Config, backupDir: string): Promise<BackupManifest> {
  refuseWhileServed(config);
  const from = path.resolve(backupDir);
  const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error('This backup was written by another version.');
  const to = paths(config);
  const target = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new Error(`This backup holds the ${manifest.database} database; the settings point at ${target}.`);
  }
  if (existsSync(to.keys) && manifest.keys)
    throw new Error(`${to.keys} exists: restore into an empty data directory.`);
  if (existsSync(to.files) && (await readdir(to.files)).length > 0) {
    throw new Error(`${to.files} is not empty: restore into an empty data directory.`);
  }
  if (config.DATABASE_URL) {
    const { stdout } = await run('psql', [
      config.DATABASE_URL,
      '-Atc',
      "select count(*) from information_schema.tables where table_schema = 'public'",
    ]);
    if (Number(stdout.trim()) > 0) throw new Error('The database is not empty: restore into a new database.');
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${config.DATABASE_URL}`,
      path.join(from, 'database.dump'),
    ]);
    // A dump holds no planner statistics: without them the first queries on a million requests are
    // planned blind (a sequential scan where an index walk answers in milliseconds) until autovacuum runs.
    await run('psql', [config.DATABASE_URL, '-Atc', 'analyze']);
  } else {
    if (existsSync(to.db) && (await readdir(to.db)).length > 0) {
      throw new Error(`${to.db} is not empty: restore into an empty data directory.`);
    }
    await mkdir(to.db, { recursive: true });
    const dump = new Blob([await readFile(path.join(from, 'database.tar.gz'))]);
    const client = openPglite(to.db, dump);
    await client.waitReady;
    await client.exec('analyze');
    await client.close();
  }
  if (existsSync(path.join(from, 'files'))) await cp(path.join(from, 'files'), to.files, { recursive: true });
  if (manifest.keys) {
    await mkdir(config.dataDir, { recursive: true });
    await copyFile(path.join(from, 'keys.json'), to.keys);
  }
  return manifest;
}
