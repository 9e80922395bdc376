import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RequestRef } from './requests.ref';

/** The condition naming a request (requests.ref.ts) in any table that refers to it. */

/** `id = the request` and, when its firm is known, `companyId = that firm`. */
export function byRequest(id: AnyPgColumn, companyId: AnyPgColumn, ref: RequestRef): SQL {
  return typeof ref === 'number' ? eq(id, ref) : and(eq(id, ref.id), eq(companyId, ref.companyId))!;
}
