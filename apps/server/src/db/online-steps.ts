import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from './client';

/**
 * What the steps after the migrations share (tenant-backfill.ts, widen-ids.ts): they change large tables
 * while the running release keeps reading and writing them, so they work in short batches and take an
 * exclusive lock only briefly.
 */

/**
 * Pages per batch. A batch holds its rows' locks until it commits: at 1,000 pages a write to one of those
 * rows waited up to 1.2 s on the benchmark machine (bench/tenant-backfill.ts); a quarter of that keeps the
 * wait near a quarter of a second.
 */
const PAGES_PER_BATCH = 250;
/** The brief ACCESS EXCLUSIVE steps give up rather than queue every other query behind them. */
const LOCK_TIMEOUT = '5s';

/** Runs `update` once per range of PAGES_PER_BATCH pages of `table` (a `ctid` condition); returns the rows updated. */
export async function updateByPageRanges(
  db: Db,
  table: string,
  update: (range: SQL) => Promise<number>,
): Promise<number> {
  const [{ pages }] = await queryRows<{ pages: number }>(
    db,
    sql`select (pg_relation_size(${table}::regclass) / current_setting('block_size')::int)::int as pages`,
  );
  let rows = 0;
  for (let from = 0; from < pages; from += PAGES_PER_BATCH)
    rows += await update(
      sql`ctid >= ${`(${from},0)`}::tid and ctid < ${`(${from + PAGES_PER_BATCH},0)`}::tid`,
    );
  return rows;
}

/** Work that takes an ACCESS EXCLUSIVE lock, in one transaction that waits at most LOCK_TIMEOUT for it. */
export async function briefly(db: Db, work: SQL | ((tx: Tx) => Promise<void>)): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    if (typeof work === 'function') await work(tx);
    else await tx.execute(work);
  });
}

export async function updatedCount(db: Db | Tx, statement: SQL): Promise<number> {
  const result = (await db.execute(statement)) as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
