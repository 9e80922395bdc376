import { PAYMENT_MSG } from '@dd/shared';
import Stripe from 'stripe';
import { consume, type RateRule } from '../../auth/rate-limit';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { HttpError, notFound } from '../../lib/errors';

/**
 * Card attempts per user and hour, payments and subscriptions together: a stolen session cannot be used
 * to test stolen card numbers at speed (card testing), and the provider never sees such a burst.
 */
const CARD_ATTEMPTS: RateRule = { bucket: 'card-attempt', limit: 10, windowSeconds: 3600 };

export const countCardAttempt = (db: DbOrTx, userId: number) =>
  consume(db, CARD_ATTEMPTS, String(userId), PAYMENT_MSG.tooManyAttempts);

/** The payment provider as this server uses it, or null when its keys are not all configured. */
export interface PaymentProvider {
  stripe: Stripe;
  webhookSecret: string;
  /** Plans a subscription may be created for (the host-listing plan). */
  plans: string[];
}

export const paymentsConfigured = (config: Config) =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET);

export function paymentProvider(config: Config): PaymentProvider | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = config;
  if (!paymentsConfigured(config) || !STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return null;
  const api = new URL(config.STRIPE_API_URL);
  const stripe = new Stripe(STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    stripe,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    plans: config.STRIPE_LISTING_PLAN_ID ? [config.STRIPE_LISTING_PLAN_ID] : [],
  };
}

export function requireProvider(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw notFound(PAYMENT_MSG.notConfigured);
  return provider;
}

/**
 * The provider's refusal as the user should read it: a card error (declined, expired…) is 402 with the
 * provider's own words; anything else (unreachable, misconfigured) is 502 with a generic message.
 */
export function providerRefusal(error: unknown): HttpError {
  if (error instanceof Stripe.errors.StripeCardError) return new HttpError(402, error.message);
  return new HttpError(502, PAYMENT_MSG.cardFailed);
}

/**
 * What the page's CSP must allow for Stripe.js when payments are on: its script and card frames
 * (js.stripe.com), and the API it calls from the browser to make a token (api.stripe.com).
 */
export function paymentOrigins(config: Config) {
  if (!paymentsConfigured(config)) return { script: [], frame: [], connect: [] };
  const js = new URL(config.STRIPE_JS_URL).origin;
  const api = new URL(config.STRIPE_API_URL).origin;
  return { script: [js], frame: [js, 'https://hooks.stripe.com'], connect: [api, js] };
}
