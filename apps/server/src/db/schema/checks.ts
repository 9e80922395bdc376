import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * SQL for CHECK constraints. The allowed values come from the same constants the code uses
 * (packages/shared statuses, the schema's enums), so the database refuses exactly what the types refuse.
 */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `column in ('a', 'b')` with the values written out, so a partial index's predicate and a query's match. */
export const oneOf = (column: AnyColumn | SQL, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map(literal).join(', '))})`;

export const nonNegative = (...columns: AnyColumn[]): SQL =>
  sql.join(
    columns.map((c) => sql`${c} >= 0`),
    sql` and `,
  );
