import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/**
 * Validates every constraint a migration added NOT VALID, after the migrations and the tenant backfill.
 * A migration adds a foreign key or check that way so it holds for each row written from then on without
 * reading a large table's existing rows while the migration's locks are held; `VALIDATE CONSTRAINT` reads
 * them here without blocking writes. Once every constraint is valid this is one catalog query per start.
 *
 * A constraint that existing rows break stays NOT VALID (still enforced on new rows) and is reported, so
 * the service still starts; the next start tries again once the rows it names are corrected. Returns the
 * names of those that failed.
 */
export async function validatePendingConstraints(
  db: Db,
  log: (line: string) => void = console.log,
): Promise<string[]> {
  const pending = await queryRows<{ table: string; name: string }>(
    db,
    sql`select c.conrelid::regclass::text as "table", c.conname as name
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' and not c.convalidated and c.contype in ('f', 'c')
        order by 1, 2`,
  );
  const failed: string[] = [];
  for (const { table, name } of pending) {
    const started = performance.now();
    try {
      await db.execute(sql`alter table ${sql.identifier(table)} validate constraint ${sql.identifier(name)}`);
      // Only the checks an operator waits for: a fresh database validates every one in milliseconds.
      const seconds = (performance.now() - started) / 1000;
      if (seconds >= 0.5) log(`Constraint ${name} on ${table} validated in ${seconds.toFixed(1)} s.`);
    } catch (error) {
      failed.push(name);
      log(
        `Constraint ${name} on ${table} could not be validated: ${(error as Error).message}. ` +
          'It holds for rows written from now on; correct the existing rows it names and restart.',
      );
    }
  }
  return failed;
}
