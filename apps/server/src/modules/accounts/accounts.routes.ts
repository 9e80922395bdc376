import {
  CurrentUserSchema,
  DeadlineDigestBodySchema,
  IdSchema,
  LoginSchema,
  MSG,
  RefreshSchema,
  ResetPasswordSchema,
  RevokeSchema,
  TimeZoneBodySchema,
  UserCheckSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { rotateRefreshToken } from '../../auth/tokens';
import { requireAuth } from '../../authz';
import { clientIp, clientIpKey } from '../../lib/client-ip';
import { randomToken } from '../../lib/crypto';
import { unauthorized } from '../../lib/errors';
import {
  getCurrentUser,
  requestPasswordReset,
  resetPassword,
  setOwnDeadlineDigest,
  setOwnTimeZone,
  signOut,
} from './accounts.service';
import { signIn } from './sign-in';

/** Sign-in, tokens, sign-up, password reset and the current user (law-firm spec section 7, account calls). */
const Tokens = z.object({ access: z.string(), refresh: z.string() });

export const accountsRoutes: Module = (app, deps) => {
  const { db, tokens } = deps;

  app.post(
    '/users/token/',
    { config: { access: 'public' }, schema: { body: LoginSchema, response: { 200: Tokens } } },
    async (request) =>
      signIn(deps, { ...request.body, ip: clientIpKey(request), auditIp: clientIp(request) }),
  );

  app.post(
    '/users/token/refresh/',
    { config: { access: 'public' }, schema: { body: RefreshSchema, response: { 200: Tokens } } },
    async (request) => {
      const pair = await rotateRefreshToken(db, request.body.refresh, tokens);
      if (!pair) throw unauthorized(MSG.sessionEnded);
      return pair;
    },
  );

  app.post(
    '/users/token/revoke/',
    { config: { access: 'public' }, schema: { body: RevokeSchema.nullish() } },
    async (request) => {
      const { sessionId, auth } = request;
      const session = sessionId && auth ? { sessionId, companyId: auth.companyId } : null;
      await signOut(db, { refresh: request.body?.refresh, session });
      return { success: true };
    },
  );

  app.post(
    '/users/userCheck/',
    {
      config: { access: 'public' },
      schema: {
        body: UserCheckSchema,
        response: { 200: z.object({ sent: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const sent = await requestPasswordReset(deps, { email: request.body.email, ip: clientIpKey(request) });
      return { sent, message: sent ? MSG.resetEmailSent : MSG.noUserWithEmail };
    },
  );

  app.post(
    '/users/resetPassword/:user_id/',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ user_id: IdSchema }),
        body: ResetPasswordSchema,
      },
    },
    async (request) => {
      await resetPassword(db, request.params.user_id, request.body.token, request.body.password);
      return { success: 'Your password has been changed. You can now log in.' };
    },
  );

  app.get(
    '/users/user/',
    { config: { access: 'authenticated' }, schema: { response: { 200: CurrentUserSchema } } },
    async (request) =>
      getCurrentUser(db, requireAuth(request), {
        internalCompanyId: deps.config.INTERNAL_COMPANY_ID,
        sessionMinutes: deps.config.SESSION_TIMEOUT_MINUTES,
      }),
  );

  // The caller's own zone (their settings); another user's zone is never changed here.
  app.post(
    '/users/timezone/',
    {
      config: { access: 'authenticated' },
      schema: { body: TimeZoneBodySchema, response: { 200: z.object({ timezone: z.string() }) } },
    },
    async (request) => setOwnTimeZone(db, requireAuth(request), request.body.timezone),
  );

  // The caller's own choice of the weekly deadline e-mail (law firm users only).
  app.post(
    '/users/deadline_digest/',
    {
      config: { access: 'authenticated' },
      schema: { body: DeadlineDigestBodySchema, response: { 200: DeadlineDigestBodySchema } },
    },
    async (request) => setOwnDeadlineDigest(db, requireAuth(request), request.body.weekly_deadline_digest),
  );

  app.get(
    '/api/csrfmiddlewaretoken/',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ csrfmiddlewaretoken: z.string() }) } },
    },
    async () => ({ csrfmiddlewaretoken: randomToken(24) }),
  );

  app.get(
    '/api/ip/',
    // null when a trusted proxy forwarded something that is not an IP address (lib/client-ip.ts).
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: z.object({ ip: z.string().nullable() }) } },
    },
    async (request) => ({ ip: clientIp(request) }),
  );
};
