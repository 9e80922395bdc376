import { opendir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { DiskUsage } from '@dd/shared';
import type { Db, DbOrTx } from '../../db/client';
import {
  type DiskUsageRow,
  databaseSizeText,
  insertDiskUsage,
  insertDiskUsageAt,
  latestDiskUsage,
  lockDailySnapshot,
  snapshotBetween,
} from './diskusage.queries';

/**
 * Disk snapshots of the data volume: total, free and used bytes (statfs of the data directory), with
 * the database's size and, when files are stored on this disk, theirs. Taken when a server starts and
 * once a day after; any instance may take the daily one, and the advisory lock keeps it to one a day.
 */
export interface DiskPaths {
  dataDir: string;
  /** The stored files' directory, or null when they live in object storage. */
  filesDir: string | null;
}

const DAILY_LOCK = 0x6469736b; // 'disk'
const DAY_MS = 86_400_000;

/** Walks the directory as a stream, so a store of a million files is measured in constant memory. */
async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const entries = await opendir(dir, { recursive: true }).catch(() => null);
  if (!entries) return 0;
  for await (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
    total += info?.size ?? 0;
  }
  return total;
}

async function databaseSize(db: DbOrTx): Promise<number | null> {
  try {
    return Number(await databaseSizeText(db));
  } catch {
    return null;
  }
}

/** The volume holding `dir`: a data directory not created yet is measured on its parent's volume. */
async function volumeOf(dir: string) {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const fs = await statfs(at).catch(() => null);
    if (fs || at === path.dirname(at)) return fs ?? statfs('/');
  }
}

async function measure(db: DbOrTx, paths: DiskPaths) {
  const fs = await volumeOf(paths.dataDir);
  const total = fs.blocks * fs.bsize;
  return {
    total,
    free: fs.bavail * fs.bsize,
    used: (fs.blocks - fs.bfree) * fs.bsize,
    databaseBytes: await databaseSize(db),
    filesBytes: paths.filesDir ? await directorySize(paths.filesDir) : null,
  };
}

const present = (row: DiskUsageRow): DiskUsage => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  total: row.total,
  free: row.free,
  used: row.used,
  database_bytes: row.databaseBytes,
  files_bytes: row.filesBytes,
});

export async function takeSnapshot(db: Db, paths: DiskPaths): Promise<DiskUsage> {
  return present(await insertDiskUsage(db, await measure(db, paths)));
}

/** The daily snapshot: taken unless one was taken in the day before `now` (by this instance or another). */
export async function takeDailySnapshot(db: Db, paths: DiskPaths, now = new Date()): Promise<boolean> {
  const values = await measure(db, paths);
  return db.transaction(async (tx) => {
    await lockDailySnapshot(tx, DAILY_LOCK);
    const since = new Date(now.getTime() - DAY_MS + 60_000);
    if (await snapshotBetween(tx, since, now)) return false;
    await insertDiskUsageAt(tx, values, now);
    return true;
  });
}

export async function listDiskUsage(db: DbOrTx, limit: number): Promise<DiskUsage[]> {
  const rows = await latestDiskUsage(db, limit);
  return rows.map(present);
}
