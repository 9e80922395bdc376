import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './webhooks.address';

/**
 * One POST of a delivery, connected to the address that was checked (the `lookup` answers it whatever the
 * host name, so TLS still verifies the certificate against the host name). Redirects are not followed:
 * a 3xx is a failure like any answer outside 2xx. The whole exchange is cut off after `timeoutMs`.
 */
const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_ERROR_BODY = 200;

export interface PostAnswer {
  status: number;
  /** The start of the answer's body, to show beside a failure. */
  excerpt: string;
}

export function postPinned(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<PostAnswer> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'DirectDocs-Webhooks/1',
        },
      },
      (response) => {
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < MAX_ERROR_BODY) excerpt += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, excerpt: excerpt.slice(0, MAX_ERROR_BODY) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(error.name === 'AbortError' ? new Error(`No answer within ${timeoutMs / 1000} s`) : error),
    );
    request.end(body);
  });
}
