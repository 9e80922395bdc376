/** A request with its firm: every statement about it names both. */
export interface RequestKey {
  id: number;
  companyId: number;
}

/**
 * A request by id, or by id and firm, for the few functions that start by reading the request (and so
 * learn its firm) and are called from chores and staff code that hold only an id. byRequest
 * (requests.ref.queries.ts) turns it into a condition.
 */
export type RequestRef = number | RequestKey;

export const refId = (ref: RequestRef): number => (typeof ref === 'number' ? ref : ref.id);
