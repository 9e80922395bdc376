import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { billings } from './billing';
import { companies } from './companies';
import { firmKey, tenantColumn } from './tenant';
import { users } from './users';

/**
 * Card payments (decision 033). A billing paid by card has one row per attempt; at most one attempt per
 * billing is pending or succeeded, so a double click or two tabs never charge twice. Webhook events are
 * kept by the provider's event id, so a replayed event is recognised and changes nothing.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    billingId: bigint('billing_id', { mode: 'number' }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The firm user who paid (staff of the retrieval company cannot pay a firm's billing). */
    userId: integer('user_id').notNull(),
    intentId: text('intent_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'card_payments_pkey', columns: [t.id, t.companyId] }),
    firmKey('card_payments_billing_fk', [t.billingId, t.companyId], billings).onDelete('restrict'),
    firmKey('card_payments_user_fk', [t.userId, t.companyId], users),
    check('card_payments_status_ck', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('card_payments_amount_ck', sql`${t.amountCents} > 0`),
    uniqueIndex('card_payments_intent_idx').on(t.intentId, t.companyId),
    uniqueIndex('card_payments_one_live_idx')
      .on(t.billingId, t.companyId)
      .where(sql`${t.status} <> 'failed'`),
  ],
);

export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Subscriptions created through POST /stripe/, so a listing is only published with its owner's own. Each is
 * its user's, in the user's firm (migration 0071), and goes with the user.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').notNull(),
    companyId: tenantColumn(),
    userId: integer('user_id').notNull(),
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'subscriptions_pkey', columns: [t.id, t.companyId] }),
    index('subscriptions_user_idx').on(t.userId),
    firmKey('subscriptions_user_fk', [t.userId, t.companyId], users).onDelete('cascade'),
  ],
);

/** Host listings ('crashpads'), each owned by the user who made it, in the user's firm (migration 0071). */
export const crashpads = pgTable(
  'crashpads',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    address1: text('address_1').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    published: boolean('published').notNull().default(false),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'crashpads_pkey', columns: [t.id, t.companyId] }),
    index('crashpads_user_created_idx').on(t.userId, t.createdAt.desc()),
    firmKey('crashpads_user_fk', [t.userId, t.companyId], users).onDelete('cascade'),
    firmKey('crashpads_subscription_fk', [t.stripeSubscriptionId, t.companyId], {
      id: subscriptions.id,
      companyId: subscriptions.companyId,
    }),
  ],
);
