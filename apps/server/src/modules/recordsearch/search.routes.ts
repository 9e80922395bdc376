import {
  IdSchema,
  RecordsIndexStatusSchema,
  RecordsSearchQuerySchema,
  RecordsSearchResponseSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { readOnReplica } from '../../lib/read-replica';
import { getIndexStatus, searchRecords } from './search.service';

/**
 * Full-text search across received records (decision 060): a firm's users search their firm's records,
 * internal staff every firm's; each request says how far the indexing of its PDFs has come.
 */
const Params = z.object({ id: IdSchema });
const NoQuery = z.object({}).strict();

export const recordsSearchRoutes: Module = (app, deps) => {
  app.get(
    '/api/search/records/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: RecordsSearchQuerySchema, response: { 200: RecordsSearchResponseSchema } },
    },
    // The search reads from the replica when there is one (decision 068).
    async (request) =>
      readOnReplica(deps, request, (reader) =>
        searchRecords({ ...deps, db: reader }, requireAuth(request), request.query),
      ),
  );

  app.get(
    '/api/search/records/request/:id/',
    {
      config: { access: 'authenticated' },
      schema: { params: Params, querystring: NoQuery, response: { 200: RecordsIndexStatusSchema } },
    },
    async (request) => getIndexStatus(deps, requireAuth(request), request.params.id),
  );
};
