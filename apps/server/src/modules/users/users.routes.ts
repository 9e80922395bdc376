import {
  CompanyUserSchema,
  IdSchema,
  InviteBodySchema,
  InviteResultSchema,
  ManagedUserListSchema,
  ManagedUserSchema,
  USER_MSG,
  UserBodySchema,
  UserSavedSchema,
} from '@dd/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp, clientIpKey } from '../../lib/client-ip';
import { inviteUsers } from './users.invite';
import { inviteLimits, type UserCallContext } from './users.limits';
import { presentUser } from './users.queries';
import {
  deleteUser,
  getManagedUser,
  listCompanyContacts,
  listManagedUsers,
  saveUser,
  updateUser,
} from './users.service';

/**
 * Users (both specs, section 7).
 * - GET /api/user/User/?company_id=: the active users of one company, by last name, for the request
 *   form's Main Contact select and the dashboard's Requestor filter. Any signed-in user may list their
 *   own company; internal users any company; another company answers 404.
 * - GET /api/user/user/?company_id= and /{id}/: every user of a company, active or not, with what the
 *   invite grid shows; for the company's staff and internal users.
 * - POST /api/user/user/, /{id}/, /{id}/delete/ and POST /api/user/invite/ (the whole grid): company
 *   staff for their own company, internal staff for any, within the privilege ladder; creating and
 *   inviting are rate limited per company and per IP.
 */
const Query = z.object({ company_id: IdSchema }).strict();
const IdParams = z.object({ id: IdSchema });

export const usersRoutes: Module = (app, { db, mail, config }) => {
  const limits = inviteLimits(config);
  const context = (request: FastifyRequest): UserCallContext => ({
    ip: clientIp(request),
    ipKey: clientIpKey(request),
    limits,
  });

  app.get(
    '/api/user/User/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: Query, response: { 200: z.array(CompanyUserSchema) } },
    },
    async (request) => {
      const list = await listCompanyContacts(db, requireAuth(request), request.query.company_id);
      return list.map((User) => ({ User }));
    },
  );

  app.get(
    '/api/user/user/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: Query, response: { 200: ManagedUserListSchema } },
    },
    async (request) => {
      const list = await listManagedUsers(db, requireAuth(request), request.query.company_id);
      return list.map((User) => ({ User }));
    },
  );

  app.get(
    '/api/user/user/:id/',
    {
      config: { access: 'authenticated' },
      schema: { params: IdParams, response: { 200: ManagedUserSchema } },
    },
    async (request) => getManagedUser(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/user/user/',
    {
      config: { access: 'companyStaff' },
      schema: { body: UserBodySchema, response: { 200: UserSavedSchema } },
    },
    async (request) => {
      const { user, created } = await saveUser(
        db,
        mail,
        requireAuth(request),
        request.body,
        context(request),
      );
      return { ...presentUser(user), created };
    },
  );

  app.post(
    '/api/user/user/:id/',
    {
      config: { access: 'companyStaff' },
      schema: { params: IdParams, body: UserBodySchema, response: { 200: UserSavedSchema } },
    },
    async (request) => {
      const user = await updateUser(
        db,
        mail,
        requireAuth(request),
        request.params.id,
        request.body,
        context(request),
      );
      return { ...presentUser(user), created: false };
    },
  );

  app.post(
    '/api/user/user/:id/delete/',
    {
      config: { access: 'companyStaff' },
      schema: {
        params: IdParams,
        response: { 200: z.object({ success: z.string(), deactivated: z.boolean() }) },
      },
    },
    async (request) => {
      const outcome = await deleteUser(db, requireAuth(request), request.params.id, context(request));
      return outcome === 'deleted'
        ? { success: USER_MSG.deleted, deactivated: false }
        : { success: USER_MSG.deactivated, deactivated: true };
    },
  );

  app.post(
    '/api/user/invite/',
    {
      config: { access: 'companyStaff' },
      schema: { body: InviteBodySchema, response: { 200: InviteResultSchema } },
    },
    async (request) => inviteUsers(db, mail, requireAuth(request), request.body, context(request)),
  );
};
