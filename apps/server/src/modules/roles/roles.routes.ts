import { IdSchema, RoleAssignmentSchema, RoleBodySchema, RoleSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { EmptyBodySchema } from '../../lib/empty-body';
import { assignRole, createRole, deleteRole, listRoles, updateRole } from './roles.service';

/**
 * Roles and permissions, for internal administrators: the roles with their named permissions
 * and holders, create, rename and change, delete when nobody holds it, and give a Direct Docs user a role.
 */
const Params = z.object({ id: IdSchema });
const Roles = z.array(RoleSchema);

export const rolesRoutes: Module = (app, { db }) => {
  app.get(
    '/api/user/roles/',
    { config: { access: 'internalAdmin' }, schema: { response: { 200: Roles } } },
    async (request) => listRoles(db, requireAuth(request)),
  );

  app.post(
    '/api/user/roles/',
    { config: { access: 'internalAdmin' }, schema: { body: RoleBodySchema, response: { 201: RoleSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createRole(db, requireAuth(request), request.body)),
  );

  app.post(
    '/api/user/roles/:id/',
    {
      config: { access: 'internalAdmin' },
      schema: { params: Params, body: RoleBodySchema, response: { 200: RoleSchema } },
    },
    async (request) => updateRole(db, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/user/roles/:id/delete/',
    {
      config: { access: 'internalAdmin' },
      schema: {
        params: Params,
        body: EmptyBodySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteRole(db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/user/:id/role/',
    {
      config: { access: 'internalAdmin' },
      schema: { params: Params, body: RoleAssignmentSchema, response: { 200: Roles } },
    },
    async (request) => assignRole(db, requireAuth(request), request.params.id, request.body.role_id),
  );
};
