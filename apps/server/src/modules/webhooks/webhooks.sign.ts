import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_SECRET_PREFIX } from '@dd/shared';

/**
 * The Standard Webhooks signature: HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's bytes (the
 * base64 after `whsec_`), sent as `v1,<base64>` with the id and the Unix timestamp in seconds.
 */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function signedHeaders(secret: string, id: string, timestamp: number, body: string) {
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, id, timestamp, body),
  };
}
