import { CompletenessBodySchema, CompletenessResultSchema, CompletenessSchema, IdSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { EmptyBodySchema } from '../../lib/empty-body';
import { getCompleteness, markCompleteness, reRequestMissing } from './completeness.service';

/**
 * A request's record categories and what arrived of each: read by internal staff and the firm's users who
 * see the request (another firm's answers 404); marked and re-requested by internal staff only.
 */
const Params = z.object({ id: IdSchema });

export const completenessRoutes: Module = (app, { db, mail }) => {
  app.get(
    '/api/home/request/:id/completeness/',
    {
      config: { access: 'authenticated' },
      schema: { params: Params, response: { 200: CompletenessSchema } },
    },
    async (request) => getCompleteness(db, requireAuth(request), request.params.id),
  );

  app.put(
    '/api/home/request/:id/completeness/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, body: CompletenessBodySchema, response: { 200: CompletenessResultSchema } },
    },
    async (request) => markCompleteness({ db }, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/home/request/:id/completeness/re-request/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, body: EmptyBodySchema, response: { 200: CompletenessResultSchema } },
    },
    async (request) => reRequestMissing({ db, mail }, requireAuth(request), request.params.id),
  );
};
