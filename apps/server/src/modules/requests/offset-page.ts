/** Limit/offset paging links for the generic lists: `{count, next, previous}` keeping the caller's filters. */
export function link(url: string, limit: number, offset: number, cursor?: string): string {
  const target = new URL(url, 'http://local');
  target.searchParams.set('limit', String(limit));
  target.searchParams.set('offset', String(offset));
  if (cursor) target.searchParams.set('cursor', cursor);
  else target.searchParams.delete('cursor');
  return `${target.pathname}${target.search}`;
}

export function offsetPage<T>(url: string, results: T[], total: number, limit: number, offset: number) {
  return {
    count: total,
    next: offset + limit < total ? link(url, limit, offset + limit) : null,
    previous: offset > 0 ? link(url, limit, Math.max(0, offset - limit)) : null,
    results,
  };
}
