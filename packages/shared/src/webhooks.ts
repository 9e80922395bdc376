import { z } from 'zod';

/**
 * A law firm's signed webhooks (decision 059): the events an endpoint may subscribe to, the Standard
 * Webhooks scheme's names, the calls that manage endpoints and every message a firm administrator reads.
 */
export const WEBHOOK_EVENTS = [
  'request.created',
  'request.status_changed',
  'request.records_ready',
  'request.needs_attention',
  'invoice.issued',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS = {
  'request.created': { label: 'Request created', help: 'A request was ordered (one per provider).' },
  'request.status_changed': {
    label: 'Status changed',
    help: 'A request moved to another status; the event names both.',
  },
  'request.records_ready': {
    label: 'Records ready',
    help: 'Direct Docs sent the records to the firm: the package can be downloaded.',
  },
  'request.needs_attention': {
    label: 'Needs attention',
    help: 'A request is waiting for an answer from the firm (Need Assistance).',
  },
  'invoice.issued': { label: 'Invoice issued', help: 'Direct Docs billed the firm.' },
} as const satisfies Record<WebhookEvent, { label: string; help: string }>;

/** Every signing secret starts with this, as in the Standard Webhooks scheme. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The headers of a delivery. */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS = {
  pending: 'Waiting to send',
  delivered: 'Delivered',
  failed: 'Failed',
} as const satisfies Record<WebhookDeliveryStatus, string>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const WEBHOOK_MSG = {
  firmsOnly: 'Webhooks belong to law firms: only a firm administrator can manage them.',
  urlInvalid: 'Enter the full address of your endpoint, such as https://example.com/hooks/direct-docs.',
  httpsOnly: 'The endpoint must use https://.',
  privateAddress:
    'This address points into a private network (loopback, link-local or private range). Use a public address.',
  unresolvable: 'This host name could not be found. Check the address.',
  credentialsInUrl: 'Leave the user name and password out of the address.',
  eventsRequired: 'Choose at least one event.',
  created:
    'Copy this signing secret now: it is shown only once. Use it to check that each delivery comes from Direct Docs.',
  disabled: 'Endpoint disabled. Nothing is sent to it until it is enabled again.',
  enabled: 'Endpoint enabled. New events are sent to it again.',
  deleted: 'Endpoint deleted.',
  deleteConfirm: (url: string) =>
    `Delete the endpoint ${url}? Its delivery log goes with it, and nothing is sent to it again. This cannot be undone.`,
  alreadyDisabled: 'This endpoint is already disabled.',
  alreadyEnabled: 'This endpoint is already enabled.',
  resent: 'Queued to send again.',
  resendPending: 'This delivery is still being sent; wait for it to succeed or fail.',
  endpointDisabled: 'The endpoint is disabled. Enable it before sending again.',
  disabledAfterFailures: 'Disabled after a day of failed deliveries.',
  disabledByPerson: 'Disabled by a firm administrator.',
  deliveryCancelled: 'Not sent: the endpoint was disabled.',
  gaveUp: 'Gave up after three days of failed attempts.',
} as const;

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, WEBHOOK_MSG.urlInvalid);

export const WebhookCreateSchema = z.object({
  url: httpUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, WEBHOOK_MSG.eventsRequired)
    .max(WEBHOOK_EVENTS.length)
    .transform((list) => [...new Set(list)]),
});
export type WebhookCreate = z.input<typeof WebhookCreateSchema>;

/** The one answer that carries the secret. */
export const WebhookCreatedSchema = z.object({ id: z.number(), secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

/** An endpoint as the list shows it: never the secret. */
export const WebhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created: z.string(),
  created_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.enum(['manual', 'failures']).nullable(),
  /** Deliveries failed in a row since the last success. */
  failure_count: z.number(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number(),
  /** The `webhook-id` header, the same on every attempt. */
  message_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  created: z.string(),
  last_attempt_at: z.string().nullable(),
  /** The HTTP status the endpoint answered last, if it answered. */
  response_status: z.number().nullable(),
  response_ms: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
