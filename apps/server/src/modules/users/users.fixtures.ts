import { and, desc, eq } from 'drizzle-orm';
import { getContext, randomIp } from '../../../test/helpers';
import { linkParts, oneTimeLinkTo } from '../../../test/mail';
import { emailOutbox } from '../../db/schema';

/** Helpers for the user-management tests: calls, and the invitation e-mail an address received. */
export type Headers = Record<string, string>;

/** Each call comes from a fresh address unless `ip` is given: per-IP invite limits are shared on PostgreSQL. */
export async function call(
  method: 'GET' | 'POST',
  url: string,
  headers?: Headers,
  payload?: object,
  ip: string = randomIp(),
) {
  const { app } = await getContext();
  return app.inject({
    method,
    url,
    headers,
    payload: method === 'POST' ? (payload ?? {}) : undefined,
    remoteAddress: ip,
  });
}

export async function invitationsTo(email: string) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, email), eq(emailOutbox.template, 'user-invite')))
    .orderBy(desc(emailOutbox.id));
}

/** The user id and token of the newest invitation link sent to `email` (as the delivered e-mail carries it). */
export async function inviteLink(email: string): Promise<{ userId: number; token: string; url: string }> {
  const url = await oneTimeLinkTo(email, 'user-invite');
  if (!/^http:\/\/app\.test\/passwordReset\/\d+\/\?invite=1&token=/.test(url)) {
    throw new Error(`Not an invitation link: ${url}`);
  }
  return { url, ...linkParts(url) };
}

export const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@firm.test`;
