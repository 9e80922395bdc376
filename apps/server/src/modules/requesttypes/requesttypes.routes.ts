import { IdSchema, RequestTypeBodySchema, RequestTypeSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { EmptyBodySchema } from '../../lib/empty-body';
import { createRequestType, deleteRequestType, listRequestTypes } from './requesttypes.service';

/**
 * The kinds of records a request can ask for: GET /api/home/requesttype/ for everyone (the request
 * form's checkboxes); add and delete for internal staff (/list_request_types/). A type in use is hidden
 * rather than deleted (requesttypes.service.ts).
 */
const Query = z.object({ order_by: z.enum(['name', '-name', 'id', '-id']).default('name') }).strict();

export const requestTypesRoutes: Module = (app, { db }) => {
  app.get(
    '/api/home/requesttype/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: Query, response: { 200: z.array(RequestTypeSchema) } },
    },
    async (request) => listRequestTypes(db, request.query.order_by),
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
