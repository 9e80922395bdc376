import {
  CurrentUserSchema,
  LoginSchema,
  MSG,
  RefreshSchema,
  ResetPasswordSchema,
  SignupSchema,
  UserCheckSchema,
} from '@dd/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { dummyHash, verifyPassword } from '../../auth/passwords';
import { issueTokens, revokeRefreshToken, rotateRefreshToken } from '../../auth/tokens';
import { requireAuth } from '../../authz';
import { users } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { badRequest, HttpError, unauthorized } from '../../lib/errors';
import {
  findUserByEmail,
  getCurrentUser,
  requestPasswordReset,
  resetPassword,
  signUp,
} from './accounts.service';

/** Sign-in, tokens, sign-up, password reset and the current user (law-firm spec section 7, account calls). */
const Tokens = z.object({ access: z.string(), refresh: z.string() });

export const accountsRoutes: Module = (app, deps) => {
  const { db, tokens, loginLimiter } = deps;

  app.post(
    '/users/token/',
    { config: { access: 'public' }, schema: { body: LoginSchema, response: { 200: Tokens } } },
    async (request) => {
      const { email, password } = request.body;
      if (loginLimiter.isBlocked(email, request.ip)) throw new HttpError(429, MSG.tooManyAttempts);
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !ok || !user.isActive) {
        loginLimiter.recordFailure(email, request.ip);
        throw badRequest(MSG.wrongCredentials);
      }
      loginLimiter.recordSuccess(email);
      await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
      return issueTokens(db, user.id, tokens);
    },
  );

  app.post(
    '/users/token/refresh/',
    { config: { access: 'public' }, schema: { body: RefreshSchema, response: { 200: Tokens } } },
    async (request) => {
      const pair = await rotateRefreshToken(db, request.body.refresh, tokens);
      if (!pair) throw unauthorized('Your session has ended. Please sign in again.');
      return pair;
    },
  );

  app.post(
    '/users/token/revoke/',
    { config: { access: 'public' }, schema: { body: RefreshSchema } },
    async (request) => {
      await revokeRefreshToken(db, request.body.refresh);
      return { success: true };
    },
  );

  app.post(
    '/users/signup/',
    { config: { access: 'public' }, schema: { body: SignupSchema, response: { 200: Tokens } } },
    async (request) => {
      const userId = await signUp(db, request.body);
      return issueTokens(db, userId, tokens);
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
      const key = `reset:${request.body.email.toLowerCase()}`;
      if (loginLimiter.isBlocked(key, request.ip)) throw new HttpError(429, MSG.tooManyAttempts);
      loginLimiter.recordFailure(key, request.ip);
      const sent = await requestPasswordReset(
        db,
        deps.mail,
        request.body.email,
        deps.config.RESET_TOKEN_HOURS,
      );
      return { sent, message: sent ? MSG.resetEmailSent : MSG.noUserWithEmail };
    },
  );

  app.post(
    '/users/resetPassword/:user_id/',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ user_id: z.coerce.number().int().positive() }),
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
      getCurrentUser(db, requireAuth(request).userId, {
        internalCompanyId: deps.config.INTERNAL_COMPANY_ID,
        sessionMinutes: deps.config.SESSION_TIMEOUT_MINUTES,
      }),
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
    { config: { access: 'authenticated' }, schema: { response: { 200: z.object({ ip: z.string() }) } } },
    async (request) => ({ ip: request.ip }),
  );
};
