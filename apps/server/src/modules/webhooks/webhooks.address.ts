import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MSG } from '@dd/shared';
import { badRequest } from '../../lib/errors';

/**
 * Where a webhook may be sent (decision 059): in production only https:// to public addresses, never into
 * the server's own network (SSRF). The host is resolved and every address it resolves to is checked; the
 * delivery then connects to the checked address itself, so a second DNS answer cannot swap in a private
 * one (DNS rebinding). Development and tests may use http:// and localhost.
 */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export interface WebhookNetwork {
  /** Production refuses http:// and private addresses. */
  production: boolean;
  resolve: Resolve;
}

const systemResolve: Resolve = async (host) => {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export function webhookNetwork(
  config: { NODE_ENV: string },
  resolve: Resolve = systemResolve,
): WebhookNetwork {
  return { production: config.NODE_ENV === 'production', resolve };
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: may embed a private IPv4 address
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an address is loopback, link-local, private or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  if (lower.startsWith('::ffff:')) return true;
  return blocked.check(lower, 'ipv6');
}

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Checks the address itself (scheme, credentials); the answer is a field error for the form. */
export function assertWebhookUrl(raw: string, network: WebhookNetwork): URL {
  const url = new URL(raw);
  if (url.username || url.password)
    throw badRequest(WEBHOOK_MSG.credentialsInUrl, { url: WEBHOOK_MSG.credentialsInUrl });
  if (network.production && url.protocol !== 'https:')
    throw badRequest(WEBHOOK_MSG.httpsOnly, { url: WEBHOOK_MSG.httpsOnly });
  return url;
}

/**
 * The address a delivery connects to: the host resolved once, every answer checked (in production), the
 * first answer used. Throws a field error naming why an address is refused.
 */
export async function resolveWebhookHost(url: URL, network: WebhookNetwork): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await network.resolve(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) throw badRequest(WEBHOOK_MSG.unresolvable, { url: WEBHOOK_MSG.unresolvable });
  if (network.production && addresses.some((a) => isPrivateAddress(a.address)))
    throw badRequest(WEBHOOK_MSG.privateAddress, { url: WEBHOOK_MSG.privateAddress });
  return addresses[0];
}
