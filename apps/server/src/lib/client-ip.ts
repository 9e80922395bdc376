import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's IP address for everything that stores it or keys a limit by it (file-access log, audit
 * events, rate limits). `request.ip` is the socket address unless TRUST_PROXY names the proxies in front,
 * and then it is whatever they forwarded, so it is checked: only a real IPv4/IPv6 address comes out,
 * anything else (a forged or garbled X-Forwarded-For entry) is null.
 */
export function clientIp(request: Pick<FastifyRequest, 'ip'>): string | null {
  const ip = request.ip?.trim();
  if (!ip) return null;
  // An IPv4 client on a dual-stack socket shows up as ::ffff:a.b.c.d; store the plain form.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIP(mapped[1]) === 4) return mapped[1];
  return isIP(ip) ? ip : null;
}

/**
 * A rate-limit key for the caller: the client IP, or when a trusted proxy forwarded garbage, the address
 * of the peer that sent it (so such requests share one bucket instead of escaping the limit). An IPv6
 * client is keyed by its /64 network, since one subscriber holds a whole /64 and could hop inside it.
 */
export function clientIpKey(request: Pick<FastifyRequest, 'ip' | 'socket'>): string {
  const ip = clientIp(request) ?? request.socket.remoteAddress ?? 'unknown';
  return isIP(ip) === 6 ? `${ipv6Network64(ip)}::/64` : ip;
}

/** The first four groups of an IPv6 address, written out in full. */
function ipv6Network64(ip: string): string {
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':');
}
