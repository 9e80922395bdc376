import { type AnyColumn, Column, is, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1)` with the ids as ONE array parameter. Drizzle's `inArray` makes a parameter of every
 * value: for a 100-row page's related rows that cost about 270 µs of JavaScript per statement (18 µs this
 * way) and gave PostgreSQL a different statement text for every number of ids. An empty list matches nothing.
 *
 * The array has the column's own type: PostgreSQL looks a row up in a long list by hashing it only when both
 * sides have the same type. `bigint = any(int[])` compares each row with every element, which for the 6,000
 * clients named 'nguyen' at a million requests made a staff-list page 5 times slower.
 */
export const idIn = (column: AnyColumn | SQL, ids: readonly number[]): SQL => {
  const type =
    is(column, Column) && column.getSQLType() === 'bigint' ? sql.raw('bigint[]') : sql.raw('int[]');
  return sql`${column} = any(${sql.param([...ids])}::${type})`;
};
