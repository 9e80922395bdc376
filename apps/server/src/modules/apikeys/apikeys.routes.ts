import { ApiKeyCreatedSchema, ApiKeyCreateSchema, ApiKeySchema, IdSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { EmptyBodySchema } from '../../lib/empty-body';
import { createApiKey, listApiKeys, revokeApiKey } from './apikeys.service';

/**
 * A law firm's API keys, managed by its administrators: create one (its secret is answered once), list
 * them without secrets, revoke one. Keys themselves can never call these (authz/api-key-scopes.ts).
 */
const Params = z.object({ id: IdSchema });

export const apiKeysRoutes: Module = (app, { db }) => {
  app.get(
    '/api/keys/',
    { config: { access: 'firmStaff' }, schema: { response: { 200: z.array(ApiKeySchema) } } },
    async (request) => listApiKeys(db, requireAuth(request)),
  );

  app.post(
    '/api/keys/',
    {
      config: { access: 'firmStaff' },
      schema: { body: ApiKeyCreateSchema, response: { 201: ApiKeyCreatedSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(db, requireAuth(request), request.body, clientIp(request))),
  );

  app.post(
    '/api/keys/:id/revoke/',
    {
      config: { access: 'firmStaff' },
      schema: { params: Params, body: EmptyBodySchema, response: { 200: ApiKeySchema } },
    },
    async (request) => revokeApiKey(db, requireAuth(request), request.params.id, clientIp(request)),
  );
};
