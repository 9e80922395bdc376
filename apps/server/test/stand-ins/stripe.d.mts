export const DECLINED_CARD: string;
/** Needs 3-D Secure: the intent answers requires_action until authenticated. */
export const AUTHENTICATION_CARD: string;
export function signWebhook(body: string, secret: string, seconds?: number): string;
export interface StripeStandIn {
  url: string;
  calls: { route: string; params: Record<string, string>; idempotencyKey: string | null }[];
  events: { id: string; type: string; data: { object: Record<string, unknown> } }[];
  close(): Promise<void>;
}
export function startStripeStandIn(options: {
  port?: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  webhook?: string | ((body: string, signature: string) => Promise<unknown>);
  plans?: string[];
}): Promise<StripeStandIn>;
