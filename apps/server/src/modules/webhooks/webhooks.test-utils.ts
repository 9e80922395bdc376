import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getContext } from '../../../test/helpers';
import type { Resolve } from './webhooks.address';
import { type DeliveryDeps, deliverDueWebhooks } from './webhooks.deliver';

/** A partner's receiver for the webhook tests: records what arrives and answers the status it is told. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export async function receiver() {
  const received: Received[] = [];
  let answer = 204;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
      res.end(answer >= 400 ? 'down for maintenance' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answerWith(status: number) {
      answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Standard Webhooks check written out from the scheme, independently of webhooks.sign.ts: HMAC-SHA256
 * keyed by the base64 after `whsec_`, over `id.timestamp.body`, compared with each `v1,` signature sent.
 */
export function verifiedByPartner(secret: string, delivery: Received): boolean {
  const id = String(delivery.headers['webhook-id']);
  const timestamp = String(delivery.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
  return String(delivery.headers['webhook-signature'])
    .split(' ')
    .some((part) => part === `v1,${expected}`);
}

/**
 * Sends what is due at `now` (the fake clock) to the given endpoints only (test files share one PostgreSQL
 * database), with the network rules of `production` and a resolver.
 */
export async function deliverAt(
  now: Date,
  endpointIds: number[],
  options: { production?: boolean; resolve?: Resolve } = {},
): Promise<number> {
  const { deps } = await getContext();
  const delivery: DeliveryDeps = {
    db: deps.db,
    cipher: deps.cipher,
    mail: deps.mail,
    network: {
      production: options.production ?? false,
      resolve: options.resolve ?? (async () => [{ address: '127.0.0.1', family: 4 }]),
    },
    now: () => now,
    endpointIds,
  };
  return deliverDueWebhooks(delivery);
}
