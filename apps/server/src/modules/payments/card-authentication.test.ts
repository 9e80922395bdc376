import { PAYMENT_MSG, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  INTERNAL_ADMIN,
  signedIn,
} from '../../../test/factories';
import { getContext, testEnv } from '../../../test/helpers';
import {
  AUTHENTICATION_CARD,
  type StripeStandIn,
  startStripeStandIn,
} from '../../../test/stand-ins/stripe.mjs';
import { buildApp } from '../../app';
import type { App, AppDeps } from '../../app-types';
import { cardPayments } from '../../db/schema';
import { createDeps } from '../../deps';
import { expireStaleCardPayments } from './card-payment-expiry';
import { paymentProvider } from './stripe-client';

/**
 * Cards that need 3-D Secure: the charge waits in requires_action until the browser completes the
 * bank's authentication with Stripe.js; an attempt left waiting is ended (the provider is asked, the
 * intent cancelled) by the next attempt or by the expiry chore, so it never blocks the billing for ever.
 */
const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
};
let standIn: StripeStandIn;
let app: App;
let deps: AppDeps;
const held: { body: string; signature: string }[] = [];

beforeAll(async () => {
  standIn = await startStripeStandIn({
    secretKey: KEYS.STRIPE_SECRET_KEY,
    publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
    webhook: async (body, signature) => held.push({ body, signature }),
  });
  const base = await getContext();
  deps = createDeps(
    testEnv({ ...KEYS, STRIPE_API_URL: standIn.url, STRIPE_JS_URL: `${standIn.url}/v3/` }),
    base.deps.db,
  );
  app = await buildApp(deps);
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

const standInPost = async (path: string, params: Record<string, string>) => {
  const res = await fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEYS.STRIPE_PUBLISHABLE_KEY}` },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const cardToken = async (number: string) =>
  (
    await standInPost('/v1/tokens', {
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '39',
      'card[cvc]': '123',
    })
  ).body.id as string;

/** What the browser's Stripe.js does with the client secret: the bank's page, completed or failed. */
const authenticate = (clientSecret: string, outcome: 'complete' | 'fail') =>
  standInPost('/_stand-in/authenticate/', { client_secret: clientSecret, outcome });

/** Delivers the provider's events so far (signed), in order. */
async function deliverWebhooks(count: number) {
  await expect.poll(() => held.length, { timeout: 3000 }).toBeGreaterThanOrEqual(count);
  for (const { body, signature } of held.splice(0, held.length)) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  }
}

async function firmWithBilling() {
  const company = await createCompany(deps.db, {
    adminEmail: `sca-${Date.now()}-${Math.random()}@x.example`,
  });
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const patient = await createPatient(deps.db, company.id);
  const provider = await createProvider(deps.db, { name: `3DS Clinic ${company.id}` });
  await createRequest(deps.db, {
    patientId: patient.id,
    companyId: company.id,
    providerId: provider.id,
    status: STATUS.closedArrived,
    providerCost: 25,
  });
  const admin = await signedIn(deps, INTERNAL_ADMIN);
  const billing = await app.inject({
    method: 'POST',
    url: '/api/home/billing/',
    headers: admin.headers,
    payload: { company: company.id, title: 'November 2026' },
  });
  expect(billing.statusCode).toBe(201);
  return { staff, billingId: (billing.json() as { id: number }).id };
}

const pay = (billingId: number, headers: Record<string, string>, token: string) =>
  app.inject({ method: 'POST', url: `/api/home/billing/${billingId}/pay/`, headers, payload: { token } });
const isPaid = async (id: number, headers: Record<string, string>) =>
  ((await app.inject({ url: `/api/home/billing/${id}/`, headers })).json() as { is_paid: boolean }).is_paid;
const attemptsOf = (billingId: number) =>
  deps.db.select().from(cardPayments).where(eq(cardPayments.billingId, billingId)).orderBy(cardPayments.id);
const intentStatus = (id: string | null) =>
  standIn.events.filter((e) => e.data.object.id === id).at(-1)?.type ?? 'no event';

describe('a card that needs 3-D Secure', () => {
  it('answers the client secret, and the billing is paid once the authentication is completed', async () => {
    const f = await firmWithBilling();
    const res = await pay(f.billingId, f.staff.headers, await cardToken(AUTHENTICATION_CARD));
    expect(res.statusCode).toBe(202);
    const attempt = res.json();
    expect(attempt).toMatchObject({
      status: 'pending',
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
    });
    expect(held).toHaveLength(0);

    expect((await authenticate(attempt.client_secret, 'complete')).status).toBe(200);
    await deliverWebhooks(1);
    expect(await isPaid(f.billingId, f.staff.headers)).toBe(true);
  });

  it('marks the attempt failed when the authentication fails, and another card may be tried', async () => {
    const f = await firmWithBilling();
    const attempt = (await pay(f.billingId, f.staff.headers, await cardToken(AUTHENTICATION_CARD))).json();
    expect((await authenticate(attempt.client_secret, 'fail')).status).toBe(402);
    await deliverWebhooks(1);
    const [failed] = await attemptsOf(f.billingId);
    expect(failed).toMatchObject({ status: 'failed', failureMessage: expect.stringMatching(/authenticate/) });
    expect((await pay(f.billingId, f.staff.headers, await cardToken('4242424242424242'))).statusCode).toBe(
      202,
    );
  });

  it('ends an attempt left waiting for authentication when the firm tries again, asking the provider first', async () => {
    const f = await firmWithBilling();
    const waiting = (await pay(f.billingId, f.staff.headers, await cardToken(AUTHENTICATION_CARD))).json();
    const retry = await pay(f.billingId, f.staff.headers, await cardToken('4242424242424242'));
    expect(retry.statusCode).toBe(202);
    const [abandoned] = await attemptsOf(f.billingId);
    expect(abandoned).toMatchObject({
      id: waiting.id,
      status: 'failed',
      failureMessage: PAYMENT_MSG.abandoned,
    });
    expect(intentStatus(abandoned.intentId)).toBe('payment_intent.canceled');
    expect((await authenticate(waiting.client_secret, 'complete')).status).toBe(400);
    held.splice(0, held.length);
  });

  it('expires a pending attempt older than the limit (the chore), and settles one the provider did charge', async () => {
    const provider = paymentProvider(deps.config)!;
    const f = await firmWithBilling();
    const waiting = (await pay(f.billingId, f.staff.headers, await cardToken(AUTHENTICATION_CARD))).json();
    await expireStaleCardPayments(deps.db, provider);
    expect((await attemptsOf(f.billingId))[0].status).toBe('pending');

    const old = new Date(Date.now() - 60 * 60_000);
    await deps.db.update(cardPayments).set({ createdAt: old }).where(eq(cardPayments.id, waiting.id));
    await expireStaleCardPayments(deps.db, provider);
    expect((await attemptsOf(f.billingId))[0]).toMatchObject({
      status: 'failed',
      failureMessage: PAYMENT_MSG.abandoned,
    });

    // Charged at the provider, but its webhook never came: the chore settles it instead of expiring it.
    const g = await firmWithBilling();
    const charged = (await pay(g.billingId, g.staff.headers, await cardToken(AUTHENTICATION_CARD))).json();
    await authenticate(charged.client_secret, 'complete');
    held.splice(0, held.length);
    await deps.db.update(cardPayments).set({ createdAt: old }).where(eq(cardPayments.id, charged.id));
    await expireStaleCardPayments(deps.db, provider);
    expect((await attemptsOf(g.billingId))[0].status).toBe('succeeded');
    expect(await isPaid(g.billingId, g.staff.headers)).toBe(true);
  });
});
