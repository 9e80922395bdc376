import { COMPANY_NAME_LIMITS, CONFIRM_LINK_HOURS, CONFIRM_MSG, MSG, type SignupInput } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import { hashPassword } from '../../auth/passwords';
import { consume, type RateRule } from '../../auth/rate-limit';
import { consumeOneTimeToken, createOneTimeToken, issueTokens, type TokenPair } from '../../auth/tokens';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, notFound } from '../../lib/errors';
import { type Mail, SECRET_LINK_PLACEHOLDER } from '../../lib/outbox';
import {
  confirmUserEmail,
  insertSignupCompany,
  insertSignupUser,
  ownConfirmationState,
} from './accounts.queries';
import { findUserByEmail } from './accounts.service';

/**
 * Sign-up and the confirmation of its e-mail address. A sign-up opens a new
 * law-firm account with the person as its staff user (docs/decisions/003-sign-up-creates-a-firm.md) and
 * signs them in, but the address is unproven: until the e-mailed single-use link is opened, the firm may
 * not order or invite anyone (assertEmailConfirmed), so a throw-away account cannot probe addresses or
 * send branded invitations.
 */
const HOUR = 3600;
/** Confirmation e-mails one user may ask for per hour (each is a message to a mailbox we do not know yet). */
const RESENDS_PER_HOUR = 3;

const signupRule = (perHour: number): RateRule => ({
  bucket: 'signup',
  limit: perHour,
  windowSeconds: HOUR,
});
const resendRule: RateRule = { bucket: 'confirm-resend', limit: RESENDS_PER_HOUR, windowSeconds: HOUR };

/** Opens the firm and its first user, queues the confirmation e-mail and signs the person in. */
export async function signUp(
  deps: Pick<AppDeps, 'db' | 'mail' | 'tokens'>,
  input: SignupInput,
  client: { ip: string; perHour: number },
): Promise<TokenPair> {
  const { db, mail } = deps;
  // Every attempt counts, a refused one too: the 'address taken' answer must not be an open oracle.
  await consume(db, signupRule(client.perHour), client.ip, MSG.tooManyRequests);
  const passwordHash = await hashPassword(input.password);
  const taken = () => badRequest(MSG.emailTaken, { email: MSG.emailTaken });
  const owner = await db
    .transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw taken();
      // Both names are plain text (SignupSchema), so the firm name built from them is too.
      const name = `${input.first_name} ${input.last_name}`.slice(0, COMPANY_NAME_LIMITS.max).trim();
      const company = await insertSignupCompany(tx, { name, adminEmail: input.email });
      const user = await insertSignupUser(tx, {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        passwordHash,
        companyId: company.id,
      });
      await sendConfirmation(tx, mail, user);
      return user;
    })
    .catch((error: unknown) => {
      // Two sign-ups with one address at the same moment: the unique index decides, and the loser gets the
      // spec's 'address taken' 400 rather than the error handler's general 409 for a duplicate.
      throw pgErrorCode(error) === UNIQUE_VIOLATION ? taken() : error;
    });
  return issueTokens(db, owner, deps.tokens);
}

/**
 * The confirmation e-mail: fixed product wording that quotes only the person's first name. The link is
 * a one-time secret, so it travels as `secretLink` and the stored text holds only the placeholder.
 */
async function sendConfirmation(
  tx: DbOrTx,
  mail: Mail,
  user: { id: number; companyId: number; email: string; firstName: string },
): Promise<void> {
  const token = await createOneTimeToken(tx, user, 'confirm', CONFIRM_LINK_HOURS);
  const link = `${mail.publicUrl}/confirmEmail/${user.id}/?token=${encodeURIComponent(token)}`;
  const subject = 'Confirm your e-mail address for Direct Docs';
  const content = renderEmail({
    title: subject,
    paragraphs: [
      `Hello ${user.firstName},`,
      'Thank you for opening a Direct Docs account. Please confirm that this address is yours: until you do, you can look around but cannot order records or invite your team.',
      `The link below works once and expires in ${CONFIRM_LINK_HOURS / 24} days. If it has expired, sign in and choose "Send the link again" on your dashboard.`,
      'If you did not sign up for Direct Docs, you can ignore this e-mail.',
    ],
    action: { label: 'Confirm my e-mail address', url: SECRET_LINK_PLACEHOLDER },
  });
  await mail.enqueue(tx, {
    to: user.email,
    subject,
    template: 'confirm-email',
    ...content,
    secretLink: link,
  });
}

/** POST /users/confirmEmail/: the link's token proves the address (once; never a reset or invite token). */
export async function confirmEmail(db: Db, userId: number, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const owner = await consumeOneTimeToken(tx, userId, token, ['confirm']);
    if (!owner) throw badRequest(CONFIRM_MSG.invalid);
    await confirmUserEmail(tx, owner);
  });
}

/** POST /users/confirmEmail/resend/: a new link for the signed-in user, a few times an hour. */
export async function resendConfirmation(deps: Pick<AppDeps, 'db' | 'mail'>, auth: Auth): Promise<void> {
  const { db, mail } = deps;
  const user = await ownConfirmationState(db, auth);
  if (!user) throw notFound();
  if (user.confirmedAt) throw badRequest(CONFIRM_MSG.alreadyConfirmed);
  await consume(db, resendRule, String(user.id), MSG.tooManyRequests);
  await db.transaction((tx) => sendConfirmation(tx, mail, user));
}
