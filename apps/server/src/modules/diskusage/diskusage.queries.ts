// SQL of the disk snapshots: the database's size and the disk_usage rows.
import { desc, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { diskUsage } from '../../db/schema';

export type DiskUsageRow = typeof diskUsage.$inferSelect;
type Measures = Omit<typeof diskUsage.$inferInsert, 'id' | 'createdAt'>;

/** The size of the current database in bytes, as text (a bigint). */
export async function databaseSizeText(db: DbOrTx): Promise<string> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select pg_database_size(current_database())::text as n`,
  );
  return row.n;
}

export async function insertDiskUsage(db: Db, values: Measures): Promise<DiskUsageRow> {
  const [row] = await db.insert(diskUsage).values(values).returning();
  return row;
}

/** Holds the advisory lock that keeps the daily snapshot to one instance, until the transaction ends. */
export async function lockDailySnapshot(tx: DbOrTx, lock: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
}

/** A snapshot taken after `since` and no later than `now`, if any. */
export async function snapshotBetween(
  tx: DbOrTx,
  since: Date,
  now: Date,
): Promise<{ id: number } | undefined> {
  const [recent] = await queryRows<{ id: number }>(
    tx,
    sql`select id from disk_usage where created_at > ${since.toISOString()} and created_at <= ${now.toISOString()} limit 1`,
  );
  return recent;
}

export async function insertDiskUsageAt(tx: DbOrTx, values: Measures, createdAt: Date): Promise<void> {
  await tx.insert(diskUsage).values({ ...values, createdAt });
}

/** The latest snapshots, newest first. */
export function latestDiskUsage(db: DbOrTx, limit: number): Promise<DiskUsageRow[]> {
  return db.select().from(diskUsage).orderBy(desc(diskUsage.createdAt), desc(diskUsage.id)).limit(limit);
}
