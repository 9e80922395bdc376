import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Readiness: whether the database answers a trivial query. */
export async function isDatabaseReachable(db: DbOrTx): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
