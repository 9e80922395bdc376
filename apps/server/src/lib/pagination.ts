import type { Page } from '@dd/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Page-number paging: `{count, next, previous, results}` with absolute next/previous links. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(10),
});

export function pageOf<T>(
  request: FastifyRequest,
  results: T[],
  count: number,
  page: number,
  pageSize: number,
): Page<T> {
  const link = (p: number) => {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('page', String(p));
    url.searchParams.set('page_size', String(pageSize));
    return `${url.pathname}${url.search}`;
  };
  return {
    count,
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
