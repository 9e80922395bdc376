import { fieldLabel } from '@dd/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AdminModelDef } from './registry';

/**
 * The data administration's search box. Each thing it matches is one branch that an index can answer:
 * a column containing the text (trigram indexes on the large tables), a column equal to it (a unique
 * index), the id when the text is a whole number, and a related record's name (that table's trigram
 * index, then the foreign key's index). The branches are read apart, each newest first and no further
 * than the page (or the count's cap) needs, and joined with UNION: an OR over them would make
 * PostgreSQL read the whole table at a million requests.
 */
export interface RelatedSearch {
  /** The column holding the related record's id. */
  column: string;
  table: string;
  /** The related table's name column (trigram-indexed). */
  name: string;
  label: string;
}

/** Whole numbers that fit an integer id. */
const ID_TEXT = /^\d{1,9}$/;

/** Trigram indexes need three characters: shorter text matches exact values only on large tables. */
export const SEARCH_MIN_CONTAINS = 3;

const tableOf = (m: Pick<AdminModelDef, 'schema' | 'table'>) =>
  sql`${sql.identifier(m.schema)}.${sql.identifier(m.table)}`;

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The conditions of the branches that apply to this text (none: nothing matches). */
function branches(m: AdminModelDef, search: string): SQL[] {
  const out: SQL[] = [];
  const col = (name: string) => sql`t.${sql.identifier(name)}`;
  if (m.searchId && ID_TEXT.test(search)) out.push(sql`t.id = ${Number(search)}`);
  for (const name of m.searchExact ?? []) out.push(sql`${col(name)} = ${search}`);
  const contains = !m.searchMinLength || search.length >= m.searchMinLength;
  if (contains) {
    const pattern = containsPattern(search);
    for (const name of m.search) out.push(sql`${col(name)}::text ilike ${pattern}`);
    for (const r of m.searchRelated ?? []) {
      out.push(
        sql`${col(r.column)} in (select r.id from ${sql.identifier(r.table)} r where r.${sql.identifier(r.name)} ilike ${pattern})`,
      );
    }
  }
  return out;
}

/**
 * The ids matching the search, newest first, at most `take` of them: each branch stops at `take`, so
 * the union holds the newest `take` overall. Undefined without a search (every record).
 * `newest: false` (for a count that stops at `take`): each branch takes any `take` of its matches, read
 * in the order its index gives them. The union then holds every match when there are fewer than `take`,
 * and at least `take` otherwise (a branch with that many is itself that many): the count is as exact, and
 * a name matching thousands of providers is no longer sorted by id first (a hundred thousand requests at 1M).
 */
export function matchingIds(
  m: AdminModelDef,
  search: string | undefined,
  take: number,
  newest = true,
): SQL | undefined {
  if (!search || !hasSearch(m)) return undefined;
  const parts = branches(m, search);
  if (parts.length === 0) return sql`(select null::int as id where false)`;
  const order = newest ? sql` order by t.id desc` : sql``;
  const selects = parts.map(
    (where) => sql`(select t.id from ${tableOf(m)} t where ${where}${order} limit ${take})`,
  );
  return sql`(${sql.join(selects, sql` union `)})`;
}

const hasSearch = (m: AdminModelDef) =>
  m.search.length > 0 || Boolean(m.searchId || m.searchExact?.length || m.searchRelated?.length);

/** What the search box looks in, as the screen says it: 'ID (exact)', 'Client name', … */
export function searchLabels(m: AdminModelDef): string[] {
  return [
    ...(m.searchId ? ['ID (exact)'] : []),
    ...(m.searchExact ?? []).map((name) => `${fieldLabel(name)} (exact)`),
    ...m.search.map((name) => fieldLabel(name)),
    ...(m.searchRelated ?? []).map((r) => r.label),
  ];
}
