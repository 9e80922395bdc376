import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Minimal HS256 JWT for short-lived access tokens. Only HS256 is accepted; `exp`, the session id `sid` and
 * the firm `cid` are required, so every call can be checked against its server-side session on its firm.
 */
export interface AccessClaims {
  sub: number;
  sid: string;
  /** The user's firm, which the session lookup names. */
  cid: number;
  iat: number;
  exp: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signAccessToken(
  subject: { sub: number; sid: string; cid: number },
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const claims = { ...subject, iat, exp: iat + ttlSeconds };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const body = `${header}.${payload}`;
  return `${body}.${sign(body, secret)}`;
}

export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts;
  if (h !== header) return null;
  const expected = Buffer.from(sign(`${h}.${p}`, secret));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as AccessClaims;
    if (!Number.isInteger(claims.sub) || typeof claims.exp !== 'number') return null;
    if (typeof claims.sid !== 'string' || !UUID.test(claims.sid)) return null;
    // A token from before the claim existed is refused; the client's refresh token gets a new one.
    if (!Number.isInteger(claims.cid)) return null;
    if (claims.exp * 1000 <= now) return null;
    return claims;
  } catch {
    return null;
  }
}
