import { MSG, type Permission } from '@dd/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';

/**
 * Who may call which route; record-level decisions are the named abilities in policy.ts. Every route
 * declares `config.access`; registering a route without one fails at start-up.
 */
export interface Auth {
  userId: number;
  companyId: number;
  isStaff: boolean;
  /** A user of the internal (retrieval) company. */
  isInternal: boolean;
  isAdminUser: boolean;
  /** The user proved their e-mail address (sign-up confirmation link or accepted invitation). */
  emailConfirmed: boolean;
  permissions: ReadonlySet<Permission>;
  /** The user's IANA zone ('UTC' when none): what 'today' means for them (todayIn). */
  timezone: string;
  /** Set when the call came with an API key, which acts as this user within its scopes (decision 054). */
  apiKeyId?: number;
}

/** Staff of the internal (retrieval) company: the one definition, used by route rules and policy.ts. */
export const isInternalStaff = (auth: Auth) => auth.isInternal && auth.isStaff;

export const isInternalAdmin = (auth: Auth) => auth.isInternal && auth.isAdminUser;

export const ACCESS_RULES = {
  /** Anyone, signed in or not. */
  public: () => true,
  /** Any signed-in user. */
  authenticated: (auth: Auth) => Boolean(auth),
  /** Any user of the internal company. */
  internal: (auth: Auth) => auth.isInternal,
  /** Staff of the internal company. */
  internalStaff: isInternalStaff,
  /** Staff of any company (firm staff or internal staff). */
  companyStaff: (auth: Auth) => auth.isStaff,
  /** Internal company admin users (invoice amounts, fees, billings). */
  internalAdmin: isInternalAdmin,
  /** A law firm's administrators (staff of a firm, not of the retrieval company): the firm's API keys. */
  firmStaff: (auth: Auth) => auth.isStaff && !auth.isInternal,
} as const;

export type AccessRule = keyof typeof ACCESS_RULES;

interface RouteAccess {
  method: string;
  url: string;
  access: AccessRule | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its declared rule, for the access suite. */
    routeAccess: RouteAccess[];
  }
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export function hasPermission(auth: Auth, permission: Permission): boolean {
  return auth.permissions.has(permission);
}

/** Signed-in caller or 401. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** A firm must confirm its sign-up address before it may order or invite anyone. */
export function assertEmailConfirmed(auth: Auth): void {
  if (!auth.emailConfirmed) throw forbidden(MSG.confirmEmailFirst);
}

/** Fails start-up when a route is registered without an access rule. */
export function requireAccessRules(app: FastifyInstance): void {
  const list: RouteAccess[] = [];
  app.decorate('routeAccess', list);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    for (const method of [route.method].flat()) list.push({ method, url: route.url, access });
    if (!access || !(access in ACCESS_RULES)) {
      throw new Error(`Route ${route.method} ${route.url} has no access rule (config.access)`);
    }
  });
}

/** Runs the route's declared rule; called once per request right after the caller is identified. */
export function checkAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config?.access;
  if (!access) {
    // Only the not-found handler has no rule; it answers 404 on its own.
    return;
  }
  if (access === 'public') return;
  if (!request.auth) throw unauthorized();
  if (!ACCESS_RULES[access](request.auth)) throw forbidden();
}
