import { CompanyUserSchema } from '@dd/shared';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { assertCompany, requireAuth } from '../../authz';
import { users } from '../../db/schema';

/**
 * GET /api/user/User/?company_id=: the active users of one company, by last name, for the request
 * form's Main Contact select and the dashboard's Requestor filter. Any signed-in user may list their own
 * company; internal users any company; another company answers 404.
 */
const Query = z.object({ company_id: z.coerce.number().int().positive() }).strict();

export const usersRoutes: Module = (app, { db }) => {
  app.get(
    '/api/user/User/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: Query, response: { 200: z.array(CompanyUserSchema) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertCompany(auth, request.query.company_id);
      const rows = await db
        .select({
          id: users.id,
          first_name: users.firstName,
          last_name: users.lastName,
          full_name: users.fullName,
          email: users.email,
          is_staff: users.isStaff,
          is_active: users.isActive,
        })
        .from(users)
        .where(and(eq(users.companyId, request.query.company_id), eq(users.isActive, true)))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      return rows.map((User) => ({ User }));
    },
  );
};
