import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

/**
 * Ended sessions and spent tokens are kept 30 days, long enough to look into a sign-in, then a daily job
 * deletes them in batches, oldest first, so no one statement holds locks on a large table for long. Without
 * it these tables only grow: every refresh writes a token. What goes:
 * - a refresh or single-use token 30 days past its expiry (until then a presented expired refresh token
 *   still ends its session, as a stolen one would);
 * - a session 30 days past its absolute end (its start plus SESSION_MAX_HOURS): however it ended, it had
 *   ended by then.
 */
export const TOKEN_PRUNE_JOB = 'tokens.prune';
const RETENTION_DAYS = 30;
const BATCH = 5000;

/** Answers how many rows were deleted. */
export async function pruneSpentTokens(db: DbOrTx, sessionMaxHours: number, batch = BATCH): Promise<number> {
  const kept = sql`now() - make_interval(days => ${RETENTION_DAYS})`;
  const spent = (table: string, column: string, before: SQL) =>
    sql`delete from ${sql.identifier(table)} where (id, company_id) in (
          select id, company_id from ${sql.identifier(table)}
          where ${sql.identifier(column)} < ${before} order by ${sql.identifier(column)} limit ${batch}
        ) returning id`;
  const statements = [
    spent('refresh_tokens', 'expires_at', kept),
    spent('one_time_tokens', 'expires_at', kept),
    spent('sessions', 'created_at', sql`${kept} - make_interval(hours => ${sessionMaxHours})`),
  ];
  let deleted = 0;
  for (const statement of statements) {
    for (;;) {
      const rows = await queryRows<{ id: unknown }>(db, statement);
      deleted += rows.length;
      if (rows.length < batch) break;
    }
  }
  return deleted;
}
