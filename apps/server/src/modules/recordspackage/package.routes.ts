import { IdSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { sendRecordsPackage } from './package.zip';

/**
 * The records package (decision 056): the ZIP of a delivered request's Bates-stamped records with
 * their index and checksums, for the request's firm and internal staff.
 */
const Params = z.object({ id: IdSchema });
const NoQuery = z.object({}).strict();

export const recordsPackageRoutes: Module = (app, deps) => {
  app.get(
    '/api/home/request/:id/package/',
    {
      config: { access: 'authenticated' },
      // No automatic HEAD route: a HEAD must not count as a download. The ZIP is not compressed again.
      exposeHeadRoute: false,
      compress: false,
      schema: { params: Params, querystring: NoQuery },
    },
    async (request, reply) =>
      sendRecordsPackage(deps, requireAuth(request), request.params.id, request, reply),
  );
};
