import { CONFIRM_MSG, ConfirmEmailSchema, SignupSchema, TokenPairSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIpKey } from '../../lib/client-ip';
import { confirmEmail, resendConfirmation, signUp } from './signup.service';

/**
 * Sign-up (law-firm spec section 7: it returns tokens and signs the person in) and the confirmation of
 * the new address: the public link call and a resend for the signed-in, unconfirmed user.
 */
const Success = z.object({ success: z.string() });

export const signupRoutes: Module = (app, deps) => {
  app.post(
    '/users/signup/',
    { config: { access: 'public' }, schema: { body: SignupSchema, response: { 200: TokenPairSchema } } },
    async (request) =>
      signUp(deps, request.body, { ip: clientIpKey(request), perHour: deps.config.SIGNUP_RATE_LIMIT }),
  );

  app.post(
    '/users/confirmEmail/',
    { config: { access: 'public' }, schema: { body: ConfirmEmailSchema, response: { 200: Success } } },
    async (request) => {
      await confirmEmail(deps.db, request.body.user_id, request.body.token);
      return { success: CONFIRM_MSG.confirmed };
    },
  );

  app.post(
    '/users/confirmEmail/resend/',
    { config: { access: 'authenticated' }, schema: { response: { 200: Success } } },
    async (request) => {
      await resendConfirmation(deps, requireAuth(request));
      return { success: CONFIRM_MSG.sent };
    },
  );
};
