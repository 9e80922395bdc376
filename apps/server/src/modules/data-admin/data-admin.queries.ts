import { ADMIN_COUNT_CAP, type AdminOption, centsOf, formatAmount } from '@dd/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { matchingIds } from './data-admin.search.queries';
import type { AdminColumn, AdminModelDef } from './registry';

/**
 * The generic queries of the data administration. Every identifier comes from the registry (or a custom
 * model name validated by the model maker) and is quoted with sql.identifier; every value is a parameter.
 * Values are converted so both drivers answer the same JSON: dates as yyyy-mm-dd, times as ISO strings in
 * UTC, money as the API's amounts ('38.00', formatAmount of the stored cents), other decimals as their exact
 * digits ('12.5'; a float would lose those past the 15th).
 */
const tableOf = (m: Pick<AdminModelDef, 'schema' | 'table'>) =>
  sql`${sql.identifier(m.schema)}.${sql.identifier(m.table)}`;

function readColumn(column: AdminColumn): SQL {
  const c = sql`t.${sql.identifier(column.name)}`;
  switch (column.type) {
    case 'date':
      return sql`to_char(${c}, 'YYYY-MM-DD')`;
    case 'datetime':
      return sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'decimal':
      return column.cents ? c : sql`trim_scale(${c})::text`;
    default:
      return c;
  }
}

/** A row as the API sends it: money columns, read as whole cents, become amounts. */
function present(m: AdminModelDef, row: Record<string, unknown>): Record<string, unknown> {
  for (const column of m.columns) {
    const value = row[column.name];
    if (column.cents && value !== null && value !== undefined)
      row[column.name] = formatAmount(centsOf(value));
  }
  return row;
}

function selectList(m: AdminModelDef, relatedOf: (c: AdminColumn) => AdminModelDef | undefined): SQL {
  const parts = [sql`t.id`, sql`coalesce(t.${sql.identifier(m.display)}::text, '') as label`];
  for (const column of m.columns) {
    parts.push(sql`${readColumn(column)} as ${sql.identifier(column.name)}`);
    const related = relatedOf(column);
    if (related) {
      parts.push(
        sql`(select r.${sql.identifier(related.display)}::text from ${tableOf(related)} r where r.id = t.${sql.identifier(column.name)}) as ${sql.identifier(`${column.name}__label`)}`,
      );
    }
  }
  return sql.join(parts, sql`, `);
}

/**
 * A page of records, newest first. The page's ids are picked first (an index-only walk, or the search's
 * branches), then only those rows are read and their related names looked up: the last reachable page of
 * a million requests does not look up the names of the 9,980 rows it skips.
 */
export async function listRecords(
  db: DbOrTx,
  m: AdminModelDef,
  relatedOf: (c: AdminColumn) => AdminModelDef | undefined,
  q: { limit: number; offset: number; search?: string },
) {
  const pageIds = matchingIds(m, q.search, q.offset + q.limit) ?? tableOf(m);
  const counted = matchingIds(m, q.search, ADMIN_COUNT_CAP + 1, false) ?? tableOf(m);
  const [results, [{ n }]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select ${selectList(m, relatedOf)} from ${tableOf(m)} t
          where t.id in (select p.id from ${pageIds} p order by p.id desc limit ${q.limit} offset ${q.offset})
          order by t.id desc`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${counted} c limit ${ADMIN_COUNT_CAP + 1}) x`,
    ),
  ]);
  return {
    count: Math.min(n, ADMIN_COUNT_CAP),
    count_capped: n > ADMIN_COUNT_CAP,
    results: results.map((row) => present(m, row)),
  };
}

export async function getRecord(
  db: DbOrTx,
  m: AdminModelDef,
  relatedOf: (c: AdminColumn) => AdminModelDef | undefined,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${selectList(m, relatedOf)} from ${tableOf(m)} t where t.id = ${id}`,
  );
  return row && present(m, row);
}

/** The options of a relation select: the newest first, narrowed by the search text. */
export function listOptions(db: DbOrTx, m: AdminModelDef, search: string | undefined, limit: number) {
  const ids = matchingIds(m, search, limit) ?? tableOf(m);
  return queryRows<AdminOption>(
    db,
    sql`select t.id, coalesce(t.${sql.identifier(m.display)}::text, '') as label from ${tableOf(m)} t
        where t.id in (select p.id from ${ids} p order by p.id desc limit ${limit}) order by t.id desc`,
  );
}

/** A statement may carry at most 65,535 parameters: long lists go in slices. */
function slices<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
const inList = (values: unknown[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Which of these ids exist in the model's table. */
export async function existingIds(db: DbOrTx, m: AdminModelDef, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of slices([...new Set(ids)], 5000)) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select t.id from ${tableOf(m)} t where t.id in (${inList(part)})`,
    );
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Which of these display values are already taken, compared ignoring case and surrounding spaces. */
export async function takenNames(db: DbOrTx, m: AdminModelDef, names: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const name = sql`lower(trim(t.${sql.identifier(m.display)}::text))`;
  for (const part of slices([...new Set(names)], 5000)) {
    const rows = await queryRows<{ name: string }>(
      db,
      sql`select ${name} as name from ${tableOf(m)} t where ${name} in (${inList(part)})`,
    );
    for (const r of rows) found.add(r.name);
  }
  return found;
}

export type Values = Record<string, unknown>;

export async function insertRecords(db: DbOrTx, m: AdminModelDef, rows: Values[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  if (names.length === 0) {
    const ids: number[] = [];
    for (const _ of rows) {
      const [r] = await queryRows<{ id: number }>(
        db,
        sql`insert into ${tableOf(m)} default values returning id`,
      );
      ids.push(r.id);
    }
    return ids;
  }
  const columns = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const tuple = (row: Values) =>
    sql`(${sql.join(
      names.map((n) => (n in row ? sql`${row[n]}` : sql`default`)),
      sql`, `,
    )})`;
  const ids: number[] = [];
  for (const part of slices(rows, Math.floor(30_000 / names.length))) {
    const inserted = await queryRows<{ id: number }>(
      db,
      sql`insert into ${tableOf(m)} (${columns}) values ${sql.join(part.map(tuple), sql`, `)} returning id`,
    );
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export async function updateRecord(
  db: DbOrTx,
  m: AdminModelDef,
  id: number,
  values: Values,
): Promise<boolean> {
  const sets = Object.entries(values).map(([n, v]) => sql`${sql.identifier(n)} = ${v}`);
  if (sets.length === 0) return (await existingIds(db, m, [id])).has(id);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${tableOf(m)} set ${sql.join(sets, sql`, `)} where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export async function deleteRecord(db: DbOrTx, m: AdminModelDef, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${tableOf(m)} where id = ${id} returning id`,
  );
  return rows.length > 0;
}
