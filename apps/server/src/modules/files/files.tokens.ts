import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Short-lived download tokens: the credential inside /files/<token>/<name> links. The payload names the
 * object (or the client for a ZIP), the user it was issued to and its expiry; an HMAC over it, keyed by
 * the server secret with a purpose prefix, makes it unforgeable and distinct from access tokens.
 */
const FileTokenPayload = z.object({
  p: z.literal('f'),
  /** Storage key. */
  k: z.string(),
  /** Files row the access was granted through (logged on download); absent for forms and own uploads. */
  f: z.number().int().optional(),
  /** File name for the download. */
  n: z.string(),
  /** Shown in the browser (a filled form opened to print) rather than saved. */
  i: z.literal(1).optional(),
  u: z.number().int(),
  e: z.number().int(),
});
const ZipTokenPayload = z.object({
  p: z.literal('z'),
  c: z.number().int(),
  u: z.number().int(),
  e: z.number().int(),
});
const TokenPayload = z.discriminatedUnion('p', [FileTokenPayload, ZipTokenPayload]);

export type FileTokenPayload = z.infer<typeof FileTokenPayload>;
export type ZipTokenPayload = z.infer<typeof ZipTokenPayload>;
type TokenPayload = z.infer<typeof TokenPayload>;

const PURPOSE = 'dd-download-token.v1.';

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + body)
    .digest();
}

export function signDownloadToken(
  payload: Omit<FileTokenPayload, 'e'> | Omit<ZipTokenPayload, 'e'>,
  secret: string,
  minutes: number,
  now = Date.now(),
): string {
  const full = { ...payload, e: Math.floor(now / 1000) + minutes * 60 };
  const body = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The payload when the token is genuine, of the wanted kind and not expired; otherwise null. */
export function verifyDownloadToken(
  token: string,
  secret: string,
  kind: 'f',
  now?: number,
): FileTokenPayload | null;
export function verifyDownloadToken(
  token: string,
  secret: string,
  kind: 'z',
  now?: number,
): ZipTokenPayload | null;
export function verifyDownloadToken(
  token: string,
  secret: string,
  kind: 'f' | 'z',
  now = Date.now(),
): TokenPayload | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = mac(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = TokenPayload.safeParse(decoded);
  if (!parsed.success || parsed.data.p !== kind) return null;
  return parsed.data.e * 1000 > now ? parsed.data : null;
}
