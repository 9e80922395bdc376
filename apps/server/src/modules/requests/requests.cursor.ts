import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { requests } from '../../db/schema';
import { link } from './offset-page';

/**
 * Keyset paging for the request list (issue 9 §1): the `next` and `previous` links of the orderings that
 * walk an index on (…, created_at, id) carry a cursor, the sort key of the page's last or first row, so
 * a page deep in a million requests costs what the first one costs. `offset` still works as the spec
 * says; a cursor, when given, replaces it (the offset in the link only numbers the rows on screen).
 */
export type CursorDirection = 'next' | 'prev';

/** created_at to the microsecond, in UTC: a JavaScript Date would round it and skip or repeat rows. */
export const createdAtKey = sql<string>`to_char(${requests.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;
const createdAtValue = (text: string) => sql`(${text}::timestamp at time zone 'UTC')`;

interface KeysetOrdering {
  /** The sort key of a row, as the cursor stores it. */
  key: (row: { rush: boolean; createdAtKey: string; id: number }) => (string | number | boolean)[];
  /** Rows after the key in this ordering's direction ('next'), or before it ('prev'). */
  after: (key: unknown[], direction: CursorDirection) => SQL;
  orderBy: (direction: CursorDirection) => SQL[];
}

const descending = (direction: CursorDirection) => (direction === 'next' ? desc : asc);
const ascending = (direction: CursorDirection) => (direction === 'next' ? asc : desc);

const KEYSET_ORDERINGS: Record<string, KeysetOrdering> = {
  '-created_at': {
    key: (row) => [row.createdAtKey, row.id],
    after: ([at, id], direction) =>
      direction === 'next'
        ? sql`(${requests.createdAt}, ${requests.id}) < (${createdAtValue(String(at))}, ${id})`
        : sql`(${requests.createdAt}, ${requests.id}) > (${createdAtValue(String(at))}, ${id})`,
    orderBy: (direction) => [descending(direction)(requests.createdAt), descending(direction)(requests.id)],
  },
  created_at: {
    key: (row) => [row.createdAtKey, row.id],
    after: ([at, id], direction) =>
      direction === 'next'
        ? sql`(${requests.createdAt}, ${requests.id}) > (${createdAtValue(String(at))}, ${id})`
        : sql`(${requests.createdAt}, ${requests.id}) < (${createdAtValue(String(at))}, ${id})`,
    orderBy: (direction) => [ascending(direction)(requests.createdAt), ascending(direction)(requests.id)],
  },
  '-rush': {
    key: (row) => [row.rush, row.createdAtKey, row.id],
    after: ([rush, at, id], direction) =>
      direction === 'next'
        ? sql`(${requests.rush}, ${requests.createdAt}, ${requests.id}) < (${Boolean(rush)}, ${createdAtValue(String(at))}, ${id})`
        : sql`(${requests.rush}, ${requests.createdAt}, ${requests.id}) > (${Boolean(rush)}, ${createdAtValue(String(at))}, ${id})`,
    orderBy: (direction) => [
      descending(direction)(requests.rush),
      descending(direction)(requests.createdAt),
      descending(direction)(requests.id),
    ],
  },
};

export const supportsCursor = (ordering: string) => ordering in KEYSET_ORDERINGS;

export interface Cursor {
  ordering: string;
  direction: CursorDirection;
  key: (string | number | boolean)[];
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
      return { ordering: json.o, direction: json.d, key: json.k };
    } catch {
      ctx.addIssue({ code: 'custom', message: CURSOR_REFUSAL });
      return z.NEVER;
    }
  });

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ o: cursor.ordering, d: cursor.direction, k: cursor.key })).toString(
    'base64url',
  );
}

/** The condition and order of a cursor's page (a 'prev' page is read backwards, then turned round). */
export function cursorQuery(cursor: Cursor) {
  const ordering = KEYSET_ORDERINGS[cursor.ordering];
  return { where: ordering.after(cursor.key, cursor.direction), orderBy: ordering.orderBy(cursor.direction) };
}

export function cursorFor(
  ordering: string,
  direction: CursorDirection,
  row: { rush: boolean; createdAtKey: string; id: number },
): string {
  return encodeCursor({ ordering, direction, key: KEYSET_ORDERINGS[ordering].key(row) });
}

interface PageState {
  ordering: string;
  limit: number;
  offset: number;
  cursor: Cursor | undefined;
  /** Rows lie beyond the page in the direction it was read. */
  more: boolean;
  rows: { rush: boolean; createdAtKey: string; id: number }[];
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
