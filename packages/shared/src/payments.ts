import { z } from 'zod';
import { requiredFieldMessage, tooLongMessage } from './messages';
import { AmountSchema } from './money';

/**
 * Card payments (decision 033): the card details go from Stripe's own card element straight
 * to the payment provider, which hands back a token; only the token reaches this server. Two uses: the
 * kit's subscription that publishes a host listing (law-firm spec section 4, 'Payment'), and a law
 * firm paying an open billing, marked paid only when the provider's signed webhook confirms it.
 */
export const PAYMENT_MSG = {
  notConfigured: 'Card payments are not configured.',
  cardFailed: 'The card could not be charged. Please try again.',
  alreadyPaid: 'This billing is already paid.',
  inProgress: 'A card payment for this billing is already being confirmed.',
  nothingToPay: 'This billing has nothing to pay.',
  unknownPlan: 'Unknown plan.',
  otherUser: 'You can only subscribe for yourself.',
  subscriptionRequired: 'Publishing a listing needs your active subscription.',
  badSignature: 'Invalid webhook signature.',
  superseded: 'Superseded: an earlier attempt for this billing was charged.',
  tooManyAttempts: 'Too many card attempts. Please try again later.',
  confirming: 'Payment sent. The billing shows Paid as soon as the card payment is confirmed.',
  paidOnceConfirmed: 'The billing shows Paid as soon as the card payment is confirmed.',
  /** An attempt whose bank authentication (3-D Secure) was never finished, ended so the firm can pay again. */
  abandoned: 'Not completed: the card needed your bank to confirm the payment, and that was not finished.',
} as const;

/** A pending card payment older than this is checked with the provider and ended if still unfinished. */
export const CARD_PAYMENT_EXPIRY_MINUTES = 30;

/** What the browser needs to show the card element; null when the server has no payment keys. */
export const PaymentSettingsSchema = z
  .object({
    publishable_key: z.string(),
    /** Where Stripe.js is loaded from (configurable so tests can serve a stand-in). */
    js_url: z.string(),
    /** The plan (Stripe price) that publishes a host listing. */
    listing_plan_id: z.string().nullable(),
  })
  .nullable();
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

const token = z
  .string()
  .trim()
  .regex(/^tok_[A-Za-z0-9_]{1,250}$/, 'Not a card token');

/** POST /stripe/ (law-firm spec section 7). */
export const SubscribeBodySchema = z.object({
  token,
  user_id: z.coerce.number().int().positive(),
  plan_id: z.string().trim().min(1).max(255),
});
export const SubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  plan_id: z.string(),
});
export const SubscribeResponseSchema = z.object({ subscription: SubscriptionSchema });

/** POST /api/home/billing/{id}/pay/: pay an open billing by card. */
export const BillingPayBodySchema = z.object({ token });

export const CARD_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

export const CardPaymentSchema = z.object({
  id: z.number(),
  billing_id: z.number(),
  status: z.enum(CARD_PAYMENT_STATUSES),
  amount: AmountSchema,
  failure_message: z.string().nullable(),
  created_at: z.string(),
  /**
   * Only in the pay call's answer, when the card needs the bank's authentication (3-D Secure): the
   * browser completes it with Stripe.js (handleNextAction) using this secret.
   */
  client_secret: z.string().optional(),
});
export type CardPayment = z.infer<typeof CardPaymentSchema>;

/** A host listing ('crashpad'): a place its owner offers, published once its subscription is paid. */
export const CrashpadSchema = z.object({
  id: z.number(),
  user: z.number(),
  title: z.string(),
  description: z.string(),
  address_1: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  published: z.boolean(),
  stripe_subscription_id: z.string().nullable(),
  created_at: z.string(),
});
export type Crashpad = z.infer<typeof CrashpadSchema>;

/** A listing's text: its messages name the field as the listing form labels it. */
const line = (label: string, max: number) =>
  z
    .string({ error: requiredFieldMessage(label) })
    .trim()
    .max(max, tooLongMessage(label, max));
const listingFields = {
  title: line('Title', 200).min(1, requiredFieldMessage('Title')),
  description: line('Description', 5000),
  address_1: line('Address', 200),
  city: line('City', 100),
  state: line('State', 50),
  zip_code: line('Zip Code', 20),
  latitude: z.coerce.number().min(-90).max(90).nullable(),
  longitude: z.coerce.number().min(-180).max(180).nullable(),
};

export const CrashpadCreateSchema = z.object({
  title: listingFields.title,
  description: listingFields.description.default(''),
  address_1: listingFields.address_1.default(''),
  city: listingFields.city.default(''),
  state: listingFields.state.default(''),
  zip_code: listingFields.zip_code.default(''),
  latitude: listingFields.latitude.optional(),
  longitude: listingFields.longitude.optional(),
});
export type CrashpadCreate = z.infer<typeof CrashpadCreateSchema>;

/**
 * POST /api/home/crashpad/{id}/: any listing field, and the spec's stripe_subscription_id + published.
 * No defaults here: a field left out keeps its value.
 */
export const CrashpadUpdateSchema = z
  .object(listingFields)
  .partial()
  .extend({
    stripe_subscription_id: z.string().trim().min(1).max(255).optional(),
    published: z.boolean().optional(),
  });
export type CrashpadUpdate = z.infer<typeof CrashpadUpdateSchema>;
