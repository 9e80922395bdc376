import {
  AuthorizationChecklistSchema,
  AuthorizationCheckSchema,
  AuthorizationElementsSchema,
  AuthorizationResultSchema,
  IdSchema,
  todayIn,
  validateAuthorization,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { getAuthorizationCheck, saveAuthorizationCheck } from './authorizations.checklist';

/**
 * Authorizations checked against 45 CFR 164.508 before they are sent (docs/decisions/055): the validator
 * for any signed-in user (it reads and keeps nothing), and staff's checklist of a request's HIPAA form.
 */
const Params = z.object({ id: IdSchema });
const NoQuery = z.object({}).strict();

export const authorizationsRoutes: Module = (app, { db, storage }) => {
  app.post(
    '/api/authorizations/validate/',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: NoQuery,
        body: AuthorizationElementsSchema,
        response: { 200: AuthorizationResultSchema },
      },
    },
    async (request) => validateAuthorization(request.body, todayIn(requireAuth(request).timezone)),
  );

  app.get(
    '/api/home/request/:id/authorization_check/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, querystring: NoQuery, response: { 200: AuthorizationCheckSchema } },
    },
    async (request) => getAuthorizationCheck({ db, storage }, requireAuth(request), request.params.id),
  );

  app.put(
    '/api/home/request/:id/authorization_check/',
    {
      config: { access: 'internalStaff' },
      schema: {
        params: Params,
        querystring: NoQuery,
        body: AuthorizationChecklistSchema,
        response: { 200: AuthorizationCheckSchema },
      },
    },
    async (request) => saveAuthorizationCheck(db, requireAuth(request), request.params.id, request.body),
  );
};
