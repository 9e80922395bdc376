// SQL of the readiness probe.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The readiness probe's statement: a trivial query that only the database can answer. */
export function pingDatabase(db: DbOrTx) {
  return db.execute(sql`select 1`);
}
