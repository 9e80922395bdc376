import type { Permission } from '@dd/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Auth, checkAccess } from '../authz';
import type { DbOrTx } from '../db/client';
import { companies, roles, users } from '../db/schema';
import { verifyAccessToken } from './jwt';

/** Identifies the caller once per request from the bearer token, then applies the route's rule. */
export async function loadAuth(db: DbOrTx, userId: number, internalCompanyId: number): Promise<Auth | null> {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      isStaff: users.isStaff,
      isActive: users.isActive,
      isAdminUser: users.isAdminUser,
      emailConfirmedAt: users.emailConfirmedAt,
      permissions: roles.permissions,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!row?.isActive) return null;
  return {
    userId: row.id,
    companyId: row.companyId,
    isStaff: row.isStaff,
    isInternal: row.companyId === internalCompanyId,
    isAdminUser: row.isAdminUser,
    emailConfirmed: row.emailConfirmedAt !== null,
    permissions: new Set((row.permissions ?? []) as Permission[]),
  };
}

export function registerSession(
  app: FastifyInstance,
  deps: { db: DbOrTx; jwtSecret: string; internalCompanyId: number },
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const claims = verifyAccessToken(header.slice(7).trim(), deps.jwtSecret);
      if (claims) request.auth = await loadAuth(deps.db, claims.sub, deps.internalCompanyId);
    }
    checkAccess(request);
  });
}

export async function getCompanyName(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}
