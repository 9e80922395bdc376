/** Limit/offset paging links for the generic lists: `{count, next, previous}` keeping the caller's filters. */
function link(url: string, limit: number, offset: number): string {
  const target = new URL(url, 'http://local');
  target.searchParams.set('limit', String(limit));
  target.searchParams.set('offset', String(offset));
  return `${target.pathname}${target.search}`;
}

/** `more`: whether rows follow this page, when the caller knows it better than `total` (a capped count). */
export function offsetPage<T>(
  url: string,
  results: T[],
  total: number,
  limit: number,
  offset: number,
  more = offset + limit < total,
) {
  return {
    count: total,
    next: more ? link(url, limit, offset + limit) : null,
    previous: offset > 0 ? link(url, limit, Math.max(0, offset - limit)) : null,
    results,
  };
}
