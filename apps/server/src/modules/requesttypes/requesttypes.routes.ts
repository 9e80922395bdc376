import { RequestTypeSchema } from '@dd/shared';
import { asc, desc } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requestTypes } from '../../db/schema';

/** GET /api/home/requesttype/: the kinds of records a request can ask for (the request form's checkboxes). */
const Query = z.object({ order_by: z.enum(['name', '-name', 'id', '-id']).default('name') }).strict();

const ORDER = {
  name: asc(requestTypes.name),
  '-name': desc(requestTypes.name),
  id: asc(requestTypes.id),
  '-id': desc(requestTypes.id),
} as const;

export const requestTypesRoutes: Module = (app, { db }) => {
  app.get(
    '/api/home/requesttype/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: Query, response: { 200: z.array(RequestTypeSchema) } },
    },
    async (request) =>
      db
        .select({ id: requestTypes.id, name: requestTypes.name })
        .from(requestTypes)
        .orderBy(ORDER[request.query.order_by], asc(requestTypes.id)),
  );
};
