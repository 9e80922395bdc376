import { and, desc, eq } from 'drizzle-orm';
import { getContext } from '../../../test/helpers';
import { emailOutbox } from '../../db/schema';

/** Helpers for the user-management tests: calls, and the invitation e-mail an address received. */
export type Headers = Record<string, string>;

export async function call(method: 'GET' | 'POST', url: string, headers?: Headers, payload?: object) {
  const { app } = await getContext();
  return app.inject({ method, url, headers, payload: method === 'POST' ? (payload ?? {}) : undefined });
}

export async function invitationsTo(email: string) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, email), eq(emailOutbox.template, 'user-invite')))
    .orderBy(desc(emailOutbox.id));
}

/** The user id and token of the newest invitation link sent to `email`. */
export async function inviteLink(email: string): Promise<{ userId: number; token: string; url: string }> {
  const [mail] = await invitationsTo(email);
  const match = /(http:\/\/app\.test\/passwordReset\/(\d+)\/\?invite=1&token=([^\s"&]+))/.exec(
    mail?.text ?? '',
  );
  if (!match) throw new Error(`No invitation link for ${email}`);
  return { url: match[1], userId: Number(match[2]), token: decodeURIComponent(match[3]) };
}

export const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@firm.test`;
