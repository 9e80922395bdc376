import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../src/db/schema';
import { getContext } from './helpers';

/**
 * The e-mails a test caused. One-time links never sit readable in the outbox: a test that needs one
 * (to accept an invitation, reset a password, confirm a sign-up) reads the link the worker will put in
 * the delivered e-mail, decrypted with this test file's key, as the recipient's mailbox would show it.
 */
export async function latestEmailTo(to: string, template?: string) {
  const { deps } = await getContext();
  const [row] = await deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, to), template ? eq(emailOutbox.template, template) : undefined))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return row;
}

/** The one-time link of the newest e-mail to `to` (optionally of one template); throws when there is none. */
export async function oneTimeLinkTo(to: string, template?: string): Promise<string> {
  const { deps } = await getContext();
  const row = await latestEmailTo(to, template);
  if (!row?.secretLink) throw new Error(`No one-time link in an e-mail to ${to}`);
  return deps.cipher.decrypt(row.secretLink);
}

/** The user id and token of a /passwordReset/{id}/?token=... link. */
export function linkParts(link: string): { userId: number; token: string } {
  const url = new URL(link);
  const match = /^\/passwordReset\/(\d+)\/$/.exec(url.pathname);
  const token = url.searchParams.get('token');
  if (!match || !token) throw new Error(`Not a password link: ${link}`);
  return { userId: Number(match[1]), token };
}

/** A raw message as an SMTP listener receives it, with quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
