import { IdSchema, RequestTypeBodySchema, RequestTypeSchema } from '@dd/shared';
import { asc, desc } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requestTypes } from '../../db/schema';
import { EmptyBodySchema } from '../../lib/empty-body';
import { createRequestType, deleteRequestType } from './requesttypes.service';

/**
 * The kinds of records a request can ask for: GET /api/home/requesttype/ for everyone (the request
 * form's checkboxes); add and delete for internal staff (/list_request_types/).
 */
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

  app.post(
    '/api/home/requesttype/',
    {
      config: { access: 'internalStaff' },
      schema: { body: RequestTypeBodySchema, response: { 201: RequestTypeSchema } },
    },
    async (request, reply) => reply.status(201).send(await createRequestType(db, request.body.name)),
  );

  app.post(
    '/api/home/requesttype/:id/delete/',
    {
      config: { access: 'internalStaff' },
      schema: {
        params: z.object({ id: IdSchema }),
        body: EmptyBodySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteRequestType(db, request.params.id);
      return { success: true as const };
    },
  );
};
