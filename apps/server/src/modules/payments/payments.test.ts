import { BILLING_MSG, PAYMENT_MSG, requiredFieldMessage, STATUS, toCents, tooLongMessage } from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPatient, createProvider, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { DECLINED_CARD, signWebhook } from '../../../test/stand-ins/stripe.mjs';
import { auditEvents, cardPayments, invoices } from '../../db/schema';
import { KEYS, usePaymentsApp } from './payments.test-kit';

/**
 * Card payments against the provider's stand-in (it checks keys, parameters and idempotency keys the
 * way the provider does). Webhooks are held and delivered by each test, so timing never decides.
 */
const { t, cardToken, webhook, deliverWebhooks, firmWithBilling, pay } = usePaymentsApp();
const billingOf = async (id: number, headers: Record<string, string>) =>
  (await t.app.inject({ url: `/api/home/billing/${id}/`, headers })).json() as {
    is_paid: boolean;
    paid_at: string | null;
  };

describe('a law firm pays a billing by card', () => {
  it('charges the billing total once, and marks it paid only when the signed webhook confirms', async () => {
    const f = await firmWithBilling();
    const res = await pay(f.billing.id, f.staff.headers, await cardToken());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', amount: f.billing.total });
    const intent = t.standIn.calls.filter((c) => c.route === 'POST /v1/payment_intents').at(-1);
    expect(intent?.params).toMatchObject({
      amount: String(Math.round(f.billing.total * 100)),
      currency: 'usd',
      'metadata[billing_id]': String(f.billing.id),
    });
    expect(intent?.idempotencyKey).toBe(`card-payment-${res.json().id}`);
    expect((await billingOf(f.billing.id, f.staff.headers)).is_paid).toBe(false);

    const { batch, answers } = await deliverWebhooks(1);
    expect(answers.map((a) => a.json())).toEqual([{ received: true, duplicate: false }]);
    const paid = await billingOf(f.billing.id, f.staff.headers);
    expect(paid.is_paid).toBe(true);
    expect(paid.paid_at).not.toBeNull();
    const payments = await t.app.inject({
      url: `/api/home/billing/${f.billing.id}/payments/`,
      headers: f.staff.headers,
    });
    expect(payments.json()[0]).toMatchObject({ status: 'succeeded' });

    // The provider retries a webhook until it hears 2xx: a replay is recognised and changes nothing.
    const replay = await webhook(batch[0].body, batch[0].signature);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const audits = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'billing.paid_by_card'), eq(auditEvents.actorId, f.staff.user.id)));
    expect(audits).toHaveLength(1);

    const again = await pay(f.billing.id, f.staff.headers, await cardToken());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PAYMENT_MSG.alreadyPaid);
  });

  it('keeps the charged total the billing total: no lines added while a charge is under way, a shortfall left open', async () => {
    const f = await firmWithBilling();
    const res = await pay(f.billing.id, f.staff.headers, await cardToken());
    expect(res.statusCode).toBe(202);
    // Another finished request of the firm, ready to bill: it may not join the billing being charged.
    const patient = await createPatient(t.deps.db, f.company.id);
    const provider = await createProvider(t.deps.db, { name: `Second Clinic ${f.company.id}` });
    const late = await createRequest(t.deps.db, {
      patientId: patient.id,
      companyId: f.company.id,
      providerId: provider.id,
      status: STATUS.closedArrived,
      providerCost: 40,
    });
    const line = await t.app.inject({
      method: 'POST',
      url: '/api/home/invoice/',
      headers: f.admin.headers,
      payload: { request: late.id, provider_cost: 40, auto_added_surcharge: 0 },
    });
    expect(line.statusCode, line.body).toBe(200);
    const attach = await t.app.inject({
      method: 'PUT',
      url: `/api/home/billing/${f.billing.id}/`,
      headers: f.admin.headers,
      payload: { invoices: `${line.json().id}` },
    });
    expect(attach.statusCode, attach.body).toBe(409);
    expect(attach.json().error).toBe(BILLING_MSG.linesLocked);

    // Should the total still move (a correction made in the database), the charge no longer covers it.
    await t.deps.db
      .update(invoices)
      .set({ providerCost: toCents(500) })
      .where(eq(invoices.billId, f.billing.id));
    await deliverWebhooks(1);
    expect((await billingOf(f.billing.id, f.staff.headers)).is_paid).toBe(false);
    const [short] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'card_payment.short'), eq(auditEvents.actorId, f.staff.user.id)));
    expect(short.details).toMatchObject({
      billing_id: f.billing.id,
      charged_cents: Math.round(f.billing.total * 100),
    });
  });

  it("shows a declined card in the provider's words, leaves the billing open, and lets the firm try another card", async () => {
    const f = await firmWithBilling();
    const declined = await pay(f.billing.id, f.staff.headers, await cardToken(DECLINED_CARD));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined.');
    await deliverWebhooks(1);
    expect((await billingOf(f.billing.id, f.staff.headers)).is_paid).toBe(false);
    const [attempt] = await t.deps.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.billingId, f.billing.id));
    expect(attempt).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });

    const retry = await pay(f.billing.id, f.staff.headers, await cardToken());
    expect(retry.statusCode).toBe(202);
    // While the first good payment waits for its confirmation, a second is refused: no double charge.
    const double = await pay(f.billing.id, f.staff.headers, await cardToken());
    expect(double.statusCode).toBe(409);
    expect(double.json().error).toBe(PAYMENT_MSG.inProgress);
    await deliverWebhooks(1);
    expect((await billingOf(f.billing.id, f.staff.headers)).is_paid).toBe(true);
  });

  it('refuses webhooks that are unsigned, signed with another secret, or altered', async () => {
    const f = await firmWithBilling();
    await pay(f.billing.id, f.staff.headers, await cardToken());
    const { body } = (await (async () => {
      await expect.poll(() => t.held.length, { timeout: 3000 }).toBeGreaterThanOrEqual(1);
      return t.held.splice(0, t.held.length)[0];
    })()) as { body: string };
    const forged = [
      await webhook(body, ''),
      await webhook(body, signWebhook(body, 'whsec_someone_else')),
      await webhook(
        body.replace('"succeeded"', '"succeeded" '),
        signWebhook(body, KEYS.STRIPE_WEBHOOK_SECRET),
      ),
      await webhook(
        body,
        signWebhook(body, KEYS.STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
      ),
    ];
    for (const res of forged) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(PAYMENT_MSG.badSignature);
    }
    expect((await billingOf(f.billing.id, f.staff.headers)).is_paid).toBe(false);
    expect((await webhook(body, signWebhook(body, KEYS.STRIPE_WEBHOOK_SECRET))).json().duplicate).toBe(false);
    expect((await billingOf(f.billing.id, f.staff.headers)).is_paid).toBe(true);
  });

  it('settles an attempt whose answer was lost when its charge is confirmed, without a second live payment', async () => {
    const f = await firmWithBilling();
    const cents = Math.round(f.billing.total * 100);
    // Attempt A reached the provider but its answer was lost: we marked it failed.
    const [lost] = await t.deps.db
      .insert(cardPayments)
      .values({
        billingId: f.billing.id,
        companyId: f.company.id,
        userId: f.staff.user.id,
        amountCents: cents,
        status: 'failed',
      })
      .returning();
    // The firm tried again: attempt B is live, its confirmation not yet delivered.
    expect((await pay(f.billing.id, f.staff.headers, await cardToken())).statusCode).toBe(202);
    const event = (id: string, attempt: number) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: `pi_lost_${attempt}`,
            object: 'payment_intent',
            metadata: { card_payment_id: String(attempt) },
          },
        },
      });
    const body = event(`evt_lost_${lost.id}`, lost.id);
    const settled = await webhook(body, signWebhook(body, KEYS.STRIPE_WEBHOOK_SECRET));
    expect(settled.statusCode).toBe(200);
    expect((await billingOf(f.billing.id, f.staff.headers)).is_paid).toBe(true);
    const attempts = await t.deps.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.billingId, f.billing.id));
    expect(attempts.find((a) => a.id === lost.id)?.status).toBe('succeeded');
    expect(attempts.find((a) => a.id !== lost.id)).toMatchObject({
      status: 'failed',
      failureMessage: PAYMENT_MSG.superseded,
    });

    // B was charged as well: its confirmation is logged for a refund and changes nothing else.
    const { answers } = await deliverWebhooks(1);
    expect(answers[0].statusCode).toBe(200);
    const twice = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'card_payment.charged_twice'));
    expect(twice.some((e) => (e.details as { billing_id?: number }).billing_id === f.billing.id)).toBe(true);
  });

  it("is for the firm's own staff only", async () => {
    const f = await firmWithBilling();
    const token = await cardToken();
    const other = await signedIn(t.deps, { isStaff: true });
    const paralegal = await signedIn(t.deps, { companyId: f.company.id });
    const internal = await signedIn(t.deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await pay(f.billing.id, other.headers, token)).statusCode).toBe(404);
    expect((await pay(f.billing.id, paralegal.headers, token)).statusCode).toBe(403);
    expect((await pay(f.billing.id, f.admin.headers, token)).statusCode).toBe(403);
    expect((await pay(f.billing.id, internal.headers, token)).statusCode).toBe(403);
    expect((await pay(f.billing.id, {}, token)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/home/billing/${f.billing.id}/payments/`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(t.standIn.calls.filter((c) => c.params['card[token]'] === token)).toHaveLength(0);
  });
});

describe('subscription and host listings (POST /stripe/, /api/home/crashpad/)', () => {
  it('creates a subscription for the caller and publishes their listing with it', async () => {
    const user = await signedIn(t.deps);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/home/crashpad/',
      headers: user.headers,
      payload: { title: 'Crew room near DEN', city: 'Denver', state: 'CO' },
    });
    expect(created.statusCode).toBe(201);
    const listing = created.json();
    expect(listing).toMatchObject({ published: false, stripe_subscription_id: null, user: user.user.id });

    const early = await t.app.inject({
      method: 'POST',
      url: `/api/home/crashpad/${listing.id}/`,
      headers: user.headers,
      payload: { published: true },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe(PAYMENT_MSG.subscriptionRequired);

    const sub = await t.app.inject({
      method: 'POST',
      url: '/stripe/',
      headers: user.headers,
      payload: { token: await cardToken(), user_id: user.user.id, plan_id: 'price_listing' },
    });
    expect(sub.statusCode).toBe(200);
    const { subscription } = sub.json();
    expect(subscription).toMatchObject({ status: 'active', plan_id: 'price_listing' });
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/home/crashpad/${listing.id}/`,
      headers: user.headers,
      payload: { stripe_subscription_id: subscription.id, published: true },
    });
    // Publishing changes only what it names: the listing keeps its place.
    expect(published.json()).toMatchObject({
      published: true,
      stripe_subscription_id: subscription.id,
      city: 'Denver',
      state: 'CO',
    });
    const mine = await t.app.inject({ url: '/api/home/crashpad/', headers: user.headers });
    expect(mine.json().map((c: { id: number }) => c.id)).toEqual([listing.id]);

    // Someone else can neither see the listing nor publish theirs with this subscription.
    const other = await signedIn(t.deps);
    expect(
      (await t.app.inject({ url: `/api/home/crashpad/${listing.id}/`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/home/crashpad/', headers: other.headers })).json()).toEqual([]);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/home/crashpad/',
      headers: other.headers,
      payload: { title: 'Mine' },
    });
    const borrowed = await t.app.inject({
      method: 'POST',
      url: `/api/home/crashpad/${theirs.json().id}/`,
      headers: other.headers,
      payload: { stripe_subscription_id: subscription.id, published: true },
    });
    expect(borrowed.statusCode).toBe(400);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/home/crashpad/${listing.id}/delete/`,
      headers: other.headers,
      payload: {},
    });
    expect(removed.statusCode).toBe(404);
  });

  it("refuses a listing without a title or with overlong text in the listing form's words", async () => {
    const user = await signedIn(t.deps);
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/home/crashpad/', headers: user.headers, payload });
    expect((await add({ city: 'Denver' })).json().fields).toEqual({ title: requiredFieldMessage('Title') });
    expect((await add({ title: '  ' })).json().fields).toEqual({ title: requiredFieldMessage('Title') });
    const long = await add({ title: 'Loft', zip_code: '1'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ zip_code: tooLongMessage('Zip Code', 20) });
  });

  it('refuses another user, an unknown plan and a declined card', async () => {
    const user = await signedIn(t.deps);
    const subscribe = async (payload: object) =>
      t.app.inject({ method: 'POST', url: '/stripe/', headers: user.headers, payload });
    const forOther = await subscribe({
      token: await cardToken(),
      user_id: user.user.id + 1,
      plan_id: 'price_listing',
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().error).toBe(PAYMENT_MSG.otherUser);
    const unknown = await subscribe({
      token: await cardToken(),
      user_id: user.user.id,
      plan_id: 'price_gold',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(PAYMENT_MSG.unknownPlan);
    const declined = await subscribe({
      token: await cardToken(DECLINED_CARD),
      user_id: user.user.id,
      plan_id: 'price_listing',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined.');
  });
});

describe('card testing', () => {
  it('allows ten card attempts per user an hour, then answers 429 without asking the provider', async () => {
    const user = await signedIn(t.deps);
    const subscribe = async () =>
      t.app.inject({
        method: 'POST',
        url: '/stripe/',
        headers: user.headers,
        payload: { token: await cardToken(DECLINED_CARD), user_id: user.user.id, plan_id: 'price_listing' },
      });
    for (let i = 0; i < 10; i++) expect((await subscribe()).statusCode).toBe(402);
    const calls = t.standIn.calls.length;
    const limited = await subscribe();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(PAYMENT_MSG.tooManyAttempts);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(t.standIn.calls.length).toBe(calls + 1); // only the browser's token call
  });
});

describe('without payment keys', () => {
  it('says card payments are not configured, and the settings carry no payment keys', async () => {
    const { app: plain, deps: plainDeps } = await getContext();
    const user = await signedIn(plainDeps);
    const res = await plain.inject({
      method: 'POST',
      url: '/stripe/',
      headers: user.headers,
      payload: { token: 'tok_abc', user_id: user.user.id, plan_id: 'price_listing' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(PAYMENT_MSG.notConfigured);
    expect((await plain.inject({ url: '/api/settings/' })).json().payments).toBeNull();
    const settings = (await t.app.inject({ url: '/api/settings/' })).json().payments;
    expect(settings).toEqual({
      publishable_key: KEYS.STRIPE_PUBLISHABLE_KEY,
      js_url: `${t.standIn.url}/v3/`,
      listing_plan_id: 'price_listing',
    });
    expect((await t.app.inject({ url: '/api/settings/' })).headers['content-security-policy']).toContain(
      t.standIn.url,
    );
  });
});
