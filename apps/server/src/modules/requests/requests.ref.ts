import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A request with its firm: every statement about it names both. */
export interface RequestKey {
  id: number;
  companyId: number;
}

/**
 * A request by id, or by id and firm, for the few functions that start by reading the request (and so
 * learn its firm) and are called from chores and staff code that hold only an id.
 */
export type RequestRef = number | RequestKey;

export const refId = (ref: RequestRef): number => (typeof ref === 'number' ? ref : ref.id);

/** `id = the request` and, when its firm is known, `companyId = that firm`. */
export function byRequest(id: AnyPgColumn, companyId: AnyPgColumn, ref: RequestRef): SQL {
  return typeof ref === 'number' ? eq(id, ref) : and(eq(id, ref.id), eq(companyId, ref.companyId))!;
}
