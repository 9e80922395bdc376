import { z } from 'zod';
import type { Module } from '../../app-types';
import { listWebsitePages } from './website.service';

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
    async (request) => listWebsitePages(db, request.query.url),
  );
};
