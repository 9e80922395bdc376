import { STATUS } from '@dd/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  INTERNAL_ADMIN,
  signedIn,
} from '../../../test/factories';
import { getContext, testEnv } from '../../../test/helpers';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stand-ins/stripe.mjs';
import { buildApp } from '../../app';
import type { App, AppDeps } from '../../app-types';
import { createDeps } from '../../deps';

/**
 * The card-payment tests' kit: an app wired to the provider's stand-in (it checks keys, parameters and
 * idempotency keys the way the provider does), and what the browser and the provider do. Webhooks are
 * held and delivered by each test, so timing never decides.
 */
export const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
  STRIPE_LISTING_PLAN_ID: 'price_listing',
};

export function usePaymentsApp() {
  const t = { held: [] as { body: string; signature: string }[] } as {
    standIn: StripeStandIn;
    app: App;
    deps: AppDeps;
    held: { body: string; signature: string }[];
  };
  beforeAll(async () => {
    t.standIn = await startStripeStandIn({
      secretKey: KEYS.STRIPE_SECRET_KEY,
      publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
      webhook: async (body, signature) => t.held.push({ body, signature }),
    });
    const base = await getContext();
    t.deps = createDeps(
      testEnv({ ...KEYS, STRIPE_API_URL: t.standIn.url, STRIPE_JS_URL: `${t.standIn.url}/v3/` }),
      base.deps.db,
    );
    t.app = await buildApp(t.deps);
  });
  afterAll(async () => {
    await t.app?.close();
    await t.standIn?.close();
  });

  /** What Stripe.js does in the browser: card details to the provider, a token back. */
  async function cardToken(number = '4242424242424242') {
    const res = await fetch(`${t.standIn.url}/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.STRIPE_PUBLISHABLE_KEY}` },
      body: new URLSearchParams({
        'card[number]': number,
        'card[exp_month]': '12',
        'card[exp_year]': '39',
        'card[cvc]': '123',
      }),
    });
    return ((await res.json()) as { id: string }).id;
  }

  const webhook = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });

  /** Waits for the provider's events, then delivers them in order (and returns the answers). */
  async function deliverWebhooks(count: number) {
    await expect.poll(() => t.held.length, { timeout: 3000 }).toBeGreaterThanOrEqual(count);
    const batch = t.held.splice(0, t.held.length);
    const answers = [];
    for (const { body, signature } of batch) answers.push(await webhook(body, signature));
    return { batch, answers };
  }

  /** A new firm with one finished request and a billing of it, created by an internal administrator. */
  async function firmWithBilling() {
    const company = await createCompany(t.deps.db, {
      adminEmail: `pay-${Date.now()}-${Math.random()}@firm.example`,
    });
    const staff = await signedIn(t.deps, { companyId: company.id, isStaff: true });
    const patient = await createPatient(t.deps.db, company.id, { firstName: 'Ada', lastName: 'Card' });
    const provider = await createProvider(t.deps.db, { name: `Card Clinic ${company.id}` });
    await createRequest(t.deps.db, {
      patientId: patient.id,
      companyId: company.id,
      providerId: provider.id,
      status: STATUS.closedArrived,
      providerCost: 25,
    });
    const admin = await signedIn(t.deps, INTERNAL_ADMIN);
    const billing = await t.app.inject({
      method: 'POST',
      url: '/api/home/billing/',
      headers: admin.headers,
      payload: { company: company.id, title: 'November 2026' },
    });
    expect(billing.statusCode).toBe(201);
    return { company, staff, admin, billing: billing.json() as { id: number; total: number } };
  }

  const pay = (billingId: number, headers: Record<string, string>, token: string) =>
    t.app.inject({ method: 'POST', url: `/api/home/billing/${billingId}/pay/`, headers, payload: { token } });

  return { t, cardToken, webhook, deliverWebhooks, firmWithBilling, pay };
}
