import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { requests } from '../../db/schema';
import { link } from './offset-page';

/**
 * Keyset paging for the request list: the `next` and `previous` links of the orderings that
 * walk an index on (…, created_at, id) carry a cursor, the sort key of the page's last or first row, so
 * a page deep in a million requests costs what the first one costs. `offset` still works as the spec
 * says; a cursor, when given, replaces it (the offset in the link only numbers the rows on screen).
 */
export type CursorDirection = 'next' | 'prev';

/** created_at to the microsecond, in UTC: a JavaScript Date would round it and skip or repeat rows. */
export const createdAtKey = sql<string>`to_char(${requests.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;

type KeyRow = { rush: boolean; createdAtKey: string; id: number };
type KeyValue = string | number | boolean;

/** One column of a sort key: the column, its value in a row, and that value bound back into SQL. */
interface KeyColumn {
  column: AnyPgColumn;
  of: (row: KeyRow) => KeyValue;
  bind: (value: KeyValue) => SQL;
}

const RUSH: KeyColumn = { column: requests.rush, of: (row) => row.rush, bind: (v) => sql`${Boolean(v)}` };
const CREATED: KeyColumn = {
  column: requests.createdAt,
  of: (row) => row.createdAtKey,
  bind: (v) => sql`(${String(v)}::timestamp at time zone 'UTC')`,
};
const ID: KeyColumn = { column: requests.id, of: (row) => row.id, bind: (v) => sql`${Number(v)}` };

/** The orderings that page by cursor: all their columns run one way, so one row comparison suffices. */
const KEYSET_ORDERINGS: Record<string, { descending: boolean; columns: KeyColumn[] }> = {
  '-created_at': { descending: true, columns: [CREATED, ID] },
  created_at: { descending: false, columns: [CREATED, ID] },
  '-rush': { descending: true, columns: [RUSH, CREATED, ID] },
};

export const supportsCursor = (ordering: string) => ordering in KEYSET_ORDERINGS;

export interface Cursor {
  ordering: string;
  direction: CursorDirection;
  key: KeyValue[];
}

const CursorJson = z.object({
  o: z.string().refine(supportsCursor),
  d: z.enum(['next', 'prev']),
  k: z
    .array(z.union([z.string().max(40), z.number().int(), z.boolean()]))
    .min(2)
    .max(3),
});

export const CURSOR_REFUSAL = 'is not a cursor this list gave out; start again from the first page.';

/** `cursor=…` as the list's links carry it (opaque base64url JSON); invalid text is a 400. */
export const cursorParam = z
  .string()
  .max(300)
  .optional()
  .transform((text, ctx): Cursor | undefined => {
    if (!text) return undefined;
    try {
      const json = CursorJson.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
      if (json.k.length === KEYSET_ORDERINGS[json.o].columns.length) {
        return { ordering: json.o, direction: json.d, key: json.k };
      }
    } catch {
      // Not base64url JSON of a cursor: refused below.
    }
    ctx.addIssue({ code: 'custom', message: CURSOR_REFUSAL });
    return z.NEVER;
  });

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ o: cursor.ordering, d: cursor.direction, k: cursor.key })).toString(
    'base64url',
  );
}

/** The condition and order of a cursor's page (a 'prev' page is read backwards, then turned round). */
export function cursorQuery(cursor: Cursor) {
  const { descending, columns } = KEYSET_ORDERINGS[cursor.ordering];
  const towardsSmaller = descending === (cursor.direction === 'next');
  const row = sql.join(
    columns.map((c) => sql`${c.column}`),
    sql`, `,
  );
  const key = sql.join(
    columns.map((c, i) => c.bind(cursor.key[i])),
    sql`, `,
  );
  const order = towardsSmaller ? desc : asc;
  return {
    where: towardsSmaller ? sql`(${row}) < (${key})` : sql`(${row}) > (${key})`,
    orderBy: columns.map((c) => order(c.column)),
  };
}

export function cursorFor(ordering: string, direction: CursorDirection, row: KeyRow): string {
  return encodeCursor({ ordering, direction, key: KEYSET_ORDERINGS[ordering].columns.map((c) => c.of(row)) });
}

interface PageState {
  ordering: string;
  limit: number;
  offset: number;
  cursor: Cursor | undefined;
  /** Rows lie beyond the page in the direction it was read. */
  more: boolean;
  rows: KeyRow[];
}

/** `next` and `previous`: cursor links for keyset orderings, offset links for the others. */
export function pageLinks(url: string, page: PageState): { next: string | null; previous: string | null } {
  const { ordering, limit, offset, cursor, more, rows } = page;
  const first = rows[0];
  const last = rows.at(-1);
  if (!supportsCursor(ordering) || !first || !last) {
    return {
      next: more ? link(url, limit, offset + limit) : null,
      previous: offset > 0 ? link(url, limit, Math.max(0, offset - limit)) : null,
    };
  }
  const backwards = cursor?.direction === 'prev';
  const hasNext = backwards || more;
  const hasPrevious = backwards ? more : offset > 0 || cursor !== undefined;
  return {
    next: hasNext ? link(url, limit, offset + limit, cursorFor(ordering, 'next', last)) : null,
    previous: hasPrevious
      ? link(url, limit, Math.max(0, offset - limit), cursorFor(ordering, 'prev', first))
      : null,
  };
}
