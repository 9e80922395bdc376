import { API_KEY_MSG, DEFAULT_TIME_ZONE, MSG, normalizeTimeZone, type Permission } from '@dd/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Auth, checkAccess } from '../authz';
import { assertKeyMayCall } from '../authz/api-key-scopes';
import type { Db, DbOrTx } from '../db/client';
import { roles, sessions, users } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { READ_YOUR_WRITES_SECONDS } from '../lib/read-replica';
import { apiKeyLoader, auditKeyCall, keyAuthFits } from './api-key-auth';
import { type AccessClaims, verifyAccessToken } from './jwt';
import { consume } from './rate-limit';
import { sessionIsLive, type TokenSettings } from './tokens';

/** Identifies the caller once per request from the bearer token and its session, then applies the route's rule. */
declare module 'fastify' {
  interface FastifyRequest {
    /** The live session the bearer token belongs to (sign-out ends it). */
    sessionId: string | null;
    /**
     * The caller's last changing call was answered less than READ_YOUR_WRITES_SECONDS ago (by the
     * database's clock, so any instance agrees): their reads stay on the primary (decision 068).
     */
    wroteRecently: boolean;
  }
}

const authColumns = {
  id: users.id,
  companyId: users.companyId,
  isStaff: users.isStaff,
  isActive: users.isActive,
  isAdminUser: users.isAdminUser,
  emailConfirmedAt: users.emailConfirmedAt,
  timezone: users.timezone,
  permissions: roles.permissions,
  wroteRecently: sql<boolean>`coalesce(${users.lastWriteAt} > now() - interval '${sql.raw(String(READ_YOUR_WRITES_SECONDS))} seconds', false)`,
};

interface AuthRow {
  id: number;
  companyId: number;
  isStaff: boolean;
  isActive: boolean;
  isAdminUser: boolean;
  emailConfirmedAt: Date | null;
  timezone: string | null;
  permissions: string[] | null;
  wroteRecently: boolean;
}

function toAuth(row: AuthRow | undefined, internalCompanyId: number): Auth | null {
  if (!row?.isActive) return null;
  return {
    userId: row.id,
    companyId: row.companyId,
    isStaff: row.isStaff,
    isInternal: row.companyId === internalCompanyId,
    isAdminUser: row.isAdminUser,
    emailConfirmed: row.emailConfirmedAt !== null,
    permissions: new Set((row.permissions ?? []) as Permission[]),
    timezone: normalizeTimeZone(row.timezone) ?? DEFAULT_TIME_ZONE,
  };
}

async function loadAuthRow(db: DbOrTx, userId: number): Promise<AuthRow | undefined> {
  const [row] = await db
    .select(authColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row;
}

/** The active user by id, without a session (signed download links, which carry their own expiry). */
export async function loadAuth(db: DbOrTx, userId: number, internalCompanyId: number): Promise<Auth | null> {
  return toAuth(await loadAuthRow(db, userId), internalCompanyId);
}

/**
 * The caller of a bearer token, in one query joining its session: null when the session was revoked,
 * idle longer than the timeout, older than its lifetime, or the user is inactive. `last_seen_at` is
 * written at most once a minute, which keeps the check cheap. The query runs on every authenticated
 * call, so it is built once and prepared (bench/throughput.ts measures the fixed cost per call).
 */
function sessionAuthLoader(db: Db, settings: TokenSettings & { internalCompanyId: number }) {
  const query = db
    .select({ ...authColumns, stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'` })
    .from(sessions)
    .innerJoin(users, and(eq(users.companyId, sessions.companyId), eq(users.id, sessions.userId)))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.companyId, sql.placeholder('cid')),
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        sessionIsLive(settings),
      ),
    )
    .prepare('session_auth');
  return async (claims: AccessClaims): Promise<{ auth: Auth; wroteRecently: boolean } | null> => {
    const [row] = await query.execute({ cid: claims.cid, sid: claims.sid, sub: claims.sub });
    const auth = toAuth(row, settings.internalCompanyId);
    if (!auth) return null;
    if (row.stale) {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(sessions.companyId, claims.cid), eq(sessions.id, claims.sid)));
    }
    return { auth, wroteRecently: row.wroteRecently };
  };
}

/** Routes that need a signed-in caller (anything but `public`; the not-found handler has no rule). */
function needsSignIn(request: FastifyRequest): boolean {
  const access = request.routeOptions.config?.access;
  return Boolean(access) && access !== 'public';
}

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `stampWrites` (a read replica is configured): each changing call of a signed-in caller stamps the user's
 * `last_write_at` before its answer leaves, so their next reads, on whichever instance, go to the primary.
 */
export function registerSession(
  app: FastifyInstance,
  deps: {
    db: Db;
    tokens: TokenSettings;
    internalCompanyId: number;
    apiKeyRateLimit: number;
    stampWrites: boolean;
  },
): void {
  const loadSessionAuth = sessionAuthLoader(deps.db, {
    ...deps.tokens,
    internalCompanyId: deps.internalCompanyId,
  });
  const loadKey = apiKeyLoader(deps.db);
  const keyRule = { bucket: 'api_key', limit: deps.apiKeyRateLimit, windowSeconds: 60 };
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('wroteRecently', false);
  app.decorateRequest('apiKeyId', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const apiKey = request.headers['x-api-key'];
    // A key is looked at only where a caller is needed; it takes the place of any bearer token sent with it.
    if (typeof apiKey === 'string' && needsSignIn(request)) {
      const key = await loadKey(apiKey.trim());
      const row = key && (await loadAuthRow(deps.db, key.userId));
      const auth = key && toAuth(row ?? undefined, deps.internalCompanyId);
      if (!key || !keyAuthFits(auth, key.companyId)) throw unauthorized(API_KEY_MSG.invalid);
      request.auth = { ...auth, apiKeyId: key.keyId };
      request.wroteRecently = row?.wroteRecently ?? false;
      request.apiKeyId = key.keyId;
      // The access line of a key's call names the key, as the audit trail does.
      request.log = request.log.child({ api_key_id: key.keyId });
      await consume(deps.db, keyRule, String(key.keyId), API_KEY_MSG.tooMany);
      assertKeyMayCall(request, key.scopes);
    } else if (header?.startsWith('Bearer ')) {
      const claims = verifyAccessToken(header.slice(7).trim(), deps.tokens.jwtSecret);
      if (claims) {
        const session = await loadSessionAuth(claims);
        request.auth = session?.auth ?? null;
        if (session) {
          request.sessionId = claims.sid;
          request.wroteRecently = session.wroteRecently;
        }
        // A genuine token whose session is over: say so, so the person knows to sign in again.
        else if (needsSignIn(request)) throw unauthorized(MSG.sessionEnded);
      }
    }
    checkAccess(request);
  });
  // Audited before the answer leaves, refusals included (onSend runs for errors too); other calls pass
  // straight through, without a promise of their own.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.apiKeyId === null) return done(null, payload);
    auditKeyCall(deps.db, request, reply.statusCode).then(() => done(null, payload), done);
  });
  if (deps.stampWrites)
    app.addHook('onSend', async (request) => {
      const userId = request.auth?.userId;
      if (userId === undefined || !CHANGING_METHODS.has(request.method)) return;
      try {
        await deps.db.update(users).set({ lastWriteAt: sql`now()` }).where(eq(users.id, userId));
      } catch (error) {
        // The call itself is done; at worst the caller reads the replica's slightly older copy for a moment.
        request.log.warn({ err: error }, 'Could not record the time of the call for read-your-writes');
      }
    });
}
