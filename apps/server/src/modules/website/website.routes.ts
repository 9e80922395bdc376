import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { websitePages } from '../../db/schema';

/**
 * Reading saved website pages (GET /api/modelWebsite/page/?url=). Pages are public marketing content.
 * Editing them belongs to the page builder.
 */
const PageSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  components: z.array(z.string()),
  componentProps: z.array(z.record(z.string(), z.unknown())),
});

/** '/Our-Team' and 'our-team/' name the same page: lower case, one leading and one trailing slash. */
export function normalizePageUrl(url: string): string {
  const inner = url
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');
  return inner ? `/${inner}/` : '/';
}

export const websiteRoutes: Module = (app, { db }) => {
  app.get(
    '/api/modelWebsite/page/',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ url: z.string().max(500).optional() }),
        response: { 200: z.array(PageSchema) },
      },
    },
    async (request) => {
      const { url } = request.query;
      const rows = await db
        .select()
        .from(websitePages)
        .where(url === undefined ? undefined : eq(websitePages.url, normalizePageUrl(url)))
        .orderBy(asc(websitePages.name))
        .limit(500);
      return rows.map((r) => ({
        ...r,
        components: r.components ?? [],
        componentProps: r.componentProps ?? [],
      }));
    },
  );
};
