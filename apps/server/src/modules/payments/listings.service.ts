import { type Crashpad, type CrashpadCreate, type CrashpadUpdate, PAYMENT_MSG } from '@dd/shared';
import type { Auth } from '../../authz';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import {
  type CrashpadRow,
  callerEmail,
  crashpadOfCaller,
  crashpadsOfCaller,
  deleteCrashpadRow,
  insertCrashpad,
  insertSubscription,
  liveSubscriptionOfCaller,
  updateCrashpadRow,
} from './listings.queries';
import { countCardAttempt, type PaymentProvider, providerRefusal, requireProvider } from './stripe-client';

/**
 * The kit's subscription flow (law-firm spec section 4, 'Payment'): a card token becomes a customer and
 * a subscription to the listing plan (POST /stripe/), and the subscription publishes one of the user's
 * host listings (POST /api/home/crashpad/{id}/). Listings belong to the user who made them; nobody else
 * reads or changes them.
 */

const LIVE = ['active', 'trialing'];

export async function subscribe(
  db: Db,
  configured: PaymentProvider | null,
  auth: Auth,
  body: { token: string; user_id: number; plan_id: string },
) {
  if (body.user_id !== auth.userId) throw forbidden(PAYMENT_MSG.otherUser);
  const provider = requireProvider(configured);
  if (!provider.plans.includes(body.plan_id))
    throw badRequest(PAYMENT_MSG.unknownPlan, { plan_id: PAYMENT_MSG.unknownPlan });
  await countCardAttempt(db, auth.userId);
  const user = await callerEmail(db, auth);
  try {
    // Keyed by the single-use token: a retried call creates nothing twice.
    const customer = await provider.stripe.customers.create(
      { source: body.token, email: user?.email },
      { idempotencyKey: `customer-${body.token}` },
    );
    const subscription = await provider.stripe.subscriptions.create(
      { customer: customer.id, items: [{ price: body.plan_id }] },
      { idempotencyKey: `subscription-${body.token}` },
    );
    await insertSubscription(db, auth, {
      id: subscription.id,
      planId: body.plan_id,
      status: subscription.status,
    });
    return { subscription: { id: subscription.id, status: subscription.status, plan_id: body.plan_id } };
  } catch (error) {
    throw providerRefusal(error);
  }
}

const toCrashpad = (r: CrashpadRow): Crashpad => ({
  id: r.id,
  user: r.userId,
  title: r.title,
  description: r.description,
  address_1: r.address1,
  city: r.city,
  state: r.state,
  zip_code: r.zipCode,
  latitude: r.latitude,
  longitude: r.longitude,
  published: r.published,
  stripe_subscription_id: r.stripeSubscriptionId,
  created_at: r.createdAt.toISOString(),
});

const columns = (body: Partial<CrashpadCreate>) => ({
  title: body.title,
  description: body.description,
  address1: body.address_1,
  city: body.city,
  state: body.state,
  zipCode: body.zip_code,
  latitude: body.latitude,
  longitude: body.longitude,
});

export async function myCrashpads(db: Db, auth: Auth): Promise<Crashpad[]> {
  const rows = await crashpadsOfCaller(db, auth);
  return rows.map(toCrashpad);
}

async function ownCrashpad(db: Db, auth: Auth, id: number) {
  const row = await crashpadOfCaller(db, auth, id);
  if (!row) throw notFound();
  return row;
}

export const crashpadById = async (db: Db, auth: Auth, id: number) =>
  toCrashpad(await ownCrashpad(db, auth, id));

export async function createCrashpad(db: Db, auth: Auth, body: CrashpadCreate): Promise<Crashpad> {
  const row = await insertCrashpad(db, auth, { ...columns(body), title: body.title });
  return toCrashpad(row);
}

export async function updateCrashpad(
  db: Db,
  auth: Auth,
  id: number,
  body: CrashpadUpdate,
): Promise<Crashpad> {
  const current = await ownCrashpad(db, auth, id);
  const subscriptionId = body.stripe_subscription_id ?? current.stripeSubscriptionId;
  // Publishing, or naming a subscription, needs one of the caller's own live subscriptions.
  if (
    (body.published || body.stripe_subscription_id) &&
    !(await ownsLiveSubscription(db, auth, subscriptionId))
  ) {
    throw badRequest(PAYMENT_MSG.subscriptionRequired, {
      stripe_subscription_id: PAYMENT_MSG.subscriptionRequired,
    });
  }
  const row = await updateCrashpadRow(db, current, {
    ...columns(body),
    stripeSubscriptionId: subscriptionId,
    published: body.published,
  });
  return toCrashpad(row);
}

async function ownsLiveSubscription(db: Db, auth: Auth, id: string | null) {
  if (!id) return false;
  const row = await liveSubscriptionOfCaller(db, auth, id, LIVE);
  return Boolean(row);
}

export async function deleteCrashpad(db: Db, auth: Auth, id: number): Promise<void> {
  await deleteCrashpadRow(db, await ownCrashpad(db, auth, id));
}
