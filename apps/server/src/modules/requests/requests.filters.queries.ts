import { REQUEST_LIST_RELATIONS, type RequestListRelation } from '@dd/shared';
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../authz';
import { internalNumberValue, requests } from '../../db/schema';
import { CURSOR_REFUSAL, cursorParam } from './requests.cursor.queries';
import { deadlineStatusParam, deadlineStatusWhere } from './requests.deadline-filter.queries';
import { dateParam, filter, idParam, type RequestFilter } from './requests.filter-kit';
import { notArchived, STAFF_FILTERS, STAFF_ORDERINGS } from './requests.staff-filters.queries';

/**
 * The allow-list of GET /api/home/request/ query parameters. A filter is one entry: its Zod schema and
 * the SQL condition it adds; an ordering is one entry with its ORDER BY terms. Everything else is a 400
 * naming the parameter (the querystring object is strict). Staff filters are added here as entries.
 */
export type { RequestFilter } from './requests.filter-kit';

export const REQUEST_FILTERS = {
  patient: filter(idParam, (id) => eq(requests.patientId, id)),
  provider: filter(idParam, (id) => eq(requests.providerId, id)),
  user: filter(idParam, (id) => eq(requests.userId, id)),
  start_date: filter(dateParam, (date) => eq(requests.startDate, date)),
  end_date: filter(dateParam, (date) => eq(requests.endDate, date)),
  /** Where the provider's legal due date stands (on_track, due_soon, overdue, very_overdue). */
  deadline_status: filter(deadlineStatusParam, deadlineStatusWhere),
  ...STAFF_FILTERS,
};

/** Numeric part of an internal number, read from its index (requests_staff_internal_number_idx). */
const internalNumberOrder = internalNumberValue(requests.internalNumber);

export const REQUEST_ORDERINGS = {
  created_at: [asc(requests.createdAt), asc(requests.id)],
  '-created_at': [desc(requests.createdAt), desc(requests.id)],
  internal_number: [asc(internalNumberOrder), asc(requests.internalNumber)],
  '-internal_number': [desc(internalNumberOrder), desc(requests.internalNumber)],
  ...STAFF_ORDERINGS,
} satisfies Record<string, SQL[]>;
export type RequestOrdering = keyof typeof REQUEST_ORDERINGS;

/** `related=a,b`: each name must be on the list; the error names the first one that is not. */
export function relatedParam<const T extends string>(allowed: readonly T[]) {
  return z
    .string()
    .max(500)
    .optional()
    .transform((value, ctx) => {
      const names = (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = names.find((n) => !(allowed as readonly string[]).includes(n));
      if (bad) {
        ctx.addIssue({ code: 'custom', message: `'${bad}' cannot be expanded. Use: ${allowed.join(', ')}.` });
        return z.NEVER;
      }
      return new Set(names as T[]);
    });
}

type FilterShape<F extends Record<string, RequestFilter>> = { [K in keyof F]: z.ZodOptional<F[K]['schema']> };

function filterShape<F extends Record<string, RequestFilter>>(filters: F): FilterShape<F> {
  return Object.fromEntries(
    Object.entries(filters).map(([key, f]) => [key, f.schema.optional()]),
  ) as FilterShape<F>;
}

export const RequestListQuery = z
  .object({
    ...filterShape(REQUEST_FILTERS),
    related: relatedParam<RequestListRelation>(REQUEST_LIST_RELATIONS),
    /**
     * The spec's client asks for per-user date figures with this flag; they are the staff data
     * dashboard's (GET /api/home/dashboard/), so the flag is accepted and the list answered as usual.
     */
    get_user_date_data: z.string().max(20).optional(),
    /** Present (any value, even empty): answer {count} only. */
    count: z.string().optional(),
    order_by: z
      .enum(Object.keys(REQUEST_ORDERINGS) as [RequestOrdering, ...RequestOrdering[]])
      .default('-created_at'),
    limit: z.coerce.number().int().min(1).max(500).default(20),
    offset: z.coerce.number().int().min(0).default(0),
    /** From a `next` or `previous` link: the page after or before a row, whatever the offset. */
    cursor: cursorParam,
  })
  .strict()
  .refine((query) => !query.cursor || query.cursor.ordering === query.order_by, {
    path: ['cursor'],
    message: CURSOR_REFUSAL,
  });
export type RequestListParams = z.output<typeof RequestListQuery>;

/** A list of one record's requests (a client's, a provider's, a main contact's): its whole history. */
const RECORD_HISTORY = ['patient', 'provider', 'user'] as const;

/**
 * The conditions of the filters present in the query, in table order. Archived requests leave internal
 * callers' working lists unless `archived` is given, but stay in a record's history (so a provider merge
 * written from the spec moves them too); a firm's own lists are not changed by staff housekeeping.
 * `looked`: conditions already worked out for some filters (listedNameMatches).
 */
export function filterConditions(
  query: Record<string, unknown>,
  auth: Auth,
  looked: Partial<Record<string, SQL>> = {},
): SQL[] {
  const out: SQL[] = [];
  const history = RECORD_HISTORY.some((key) => query[key] !== undefined);
  if (query.archived === undefined && auth.isInternal && !history) out.push(notArchived);
  for (const [key, entry] of Object.entries(REQUEST_FILTERS) as [string, RequestFilter][]) {
    const value = query[key];
    if (value === undefined) continue;
    const condition = looked[key] ?? entry.where(value, auth);
    if (condition) out.push(condition);
  }
  return out;
}
