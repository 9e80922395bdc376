import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../src/app-types';
import { createOneTimeToken, issueTokens } from '../src/auth/tokens';
import type { AccessFixtures, Caller } from './access-fixtures';
import type { CallInput } from './access-matrix';
import { createUser, TEST_PASSWORD } from './factories';

/**
 * Valid calls for the routes whose access-matrix row only checks a refusal (an empty body that must
 * answer 400): the fuzzing suite starts from a call the handler accepts, then changes one field. Each
 * acts on a user of its own, never on a fuzzing caller, whose session must last the whole run.
 */
type ValidCall = (fx: AccessFixtures, caller: Caller, deps: AppDeps) => CallInput | Promise<CallInput>;

const stranger = (fx: AccessFixtures, deps: AppDeps, emailConfirmed = true) =>
  createUser(deps.db, { companyId: fx.company.id, emailConfirmed });

export const VALID_CALLS: Record<string, ValidCall> = {
  'POST /users/token/': async (fx, _caller, deps) => ({
    body: { email: (await stranger(fx, deps)).email, password: TEST_PASSWORD, timezone: 'America/Chicago' },
  }),
  'POST /users/token/refresh/': async (fx, _caller, deps) => ({
    body: { refresh: (await issueTokens(deps.db, await stranger(fx, deps), deps.tokens)).refresh },
  }),
  'POST /users/userCheck/': (fx) => ({ body: { email: fx.member.email } }),
  'POST /users/resetPassword/:user_id/': async (fx, _caller, deps) => {
    const user = await stranger(fx, deps);
    return {
      params: { user_id: user.id },
      body: { password: 'Another-Horse-42!', token: await createOneTimeToken(deps.db, user, 'reset', 1) },
    };
  },
  'POST /users/signup/': () => ({
    body: {
      first_name: 'Pat',
      last_name: 'Fuzz',
      email: `signup-${randomUUID().slice(0, 8)}@example.test`,
      password: 'Signup-Horse-42!',
    },
  }),
  'POST /users/confirmEmail/': async (fx, _caller, deps) => {
    const user = await stranger(fx, deps, false);
    return { body: { user_id: user.id, token: await createOneTimeToken(deps.db, user, 'confirm', 1) } };
  },
  'POST /api/email/': () => ({
    body: {
      name: 'Pat Fuzz',
      email: 'pat@example.test',
      number: '555-0100',
      message: 'Please call me back.',
    },
  }),
};
