import { PAYMENT_MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_CARD } from '../../../test/stand-ins/stripe.mjs';
import { cardPayments } from '../../db/schema';
import { expireStaleCardPayments } from './card-payment-expiry';
import { KEYS, usePaymentsApp } from './payments.test-kit';
import { paymentProvider } from './stripe-client';

/**
 * Cards that need 3-D Secure: the charge waits in requires_action until the browser completes the
 * bank's authentication with Stripe.js; an attempt left waiting is ended (the provider is asked, the
 * intent cancelled) by the next attempt or by the expiry chore, so it never blocks the billing for ever.
 */
const { t, cardToken, deliverWebhooks, firmWithBilling, pay } = usePaymentsApp();

/** What the browser's Stripe.js does with the client secret: the bank's page, completed or failed. */
async function authenticate(clientSecret: string, outcome: 'complete' | 'fail') {
  const res = await fetch(`${t.standIn.url}/_stand-in/authenticate/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEYS.STRIPE_PUBLISHABLE_KEY}` },
    body: new URLSearchParams({ client_secret: clientSecret, outcome }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Delivers the provider's events so far, each accepted by the webhook. */
async function deliverAll(count: number) {
  for (const answer of (await deliverWebhooks(count)).answers) expect(answer.statusCode).toBe(200);
}

const isPaid = async (id: number, headers: Record<string, string>) =>
  ((await t.app.inject({ url: `/api/home/billing/${id}/`, headers })).json() as { is_paid: boolean }).is_paid;
const attemptsOf = (billingId: number) =>
  t.deps.db.select().from(cardPayments).where(eq(cardPayments.billingId, billingId)).orderBy(cardPayments.id);
const intentStatus = (id: string | null) =>
  t.standIn.events.filter((e) => e.data.object.id === id).at(-1)?.type ?? 'no event';

describe('a card that needs 3-D Secure', () => {
  it('answers the client secret, and the billing is paid once the authentication is completed', async () => {
    const f = await firmWithBilling();
    const res = await pay(f.billing.id, f.staff.headers, await cardToken(AUTHENTICATION_CARD));
    expect(res.statusCode).toBe(202);
    const attempt = res.json();
    expect(attempt).toMatchObject({
      status: 'pending',
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
    });
    expect(t.held).toHaveLength(0);

    expect((await authenticate(attempt.client_secret, 'complete')).status).toBe(200);
    await deliverAll(1);
    expect(await isPaid(f.billing.id, f.staff.headers)).toBe(true);
  });

  it('marks the attempt failed when the authentication fails, and another card may be tried', async () => {
    const f = await firmWithBilling();
    const attempt = (await pay(f.billing.id, f.staff.headers, await cardToken(AUTHENTICATION_CARD))).json();
    expect((await authenticate(attempt.client_secret, 'fail')).status).toBe(402);
    await deliverAll(1);
    const [failed] = await attemptsOf(f.billing.id);
    expect(failed).toMatchObject({ status: 'failed', failureMessage: expect.stringMatching(/authenticate/) });
    expect((await pay(f.billing.id, f.staff.headers, await cardToken('4242424242424242'))).statusCode).toBe(
      202,
    );
  });

  it('ends an attempt left waiting for authentication when the firm tries again, asking the provider first', async () => {
    const f = await firmWithBilling();
    const waiting = (await pay(f.billing.id, f.staff.headers, await cardToken(AUTHENTICATION_CARD))).json();
    const retry = await pay(f.billing.id, f.staff.headers, await cardToken('4242424242424242'));
    expect(retry.statusCode).toBe(202);
    const [abandoned] = await attemptsOf(f.billing.id);
    expect(abandoned).toMatchObject({
      id: waiting.id,
      status: 'failed',
      failureMessage: PAYMENT_MSG.abandoned,
    });
    expect(intentStatus(abandoned.intentId)).toBe('payment_intent.canceled');
    expect((await authenticate(waiting.client_secret, 'complete')).status).toBe(400);
    t.held.splice(0, t.held.length);
  });

  it('expires a pending attempt older than the limit (the chore), and settles one the provider did charge', async () => {
    const provider = paymentProvider(t.deps.config)!;
    const f = await firmWithBilling();
    const waiting = (await pay(f.billing.id, f.staff.headers, await cardToken(AUTHENTICATION_CARD))).json();
    await expireStaleCardPayments(t.deps.db, provider);
    expect((await attemptsOf(f.billing.id))[0].status).toBe('pending');

    const old = new Date(Date.now() - 60 * 60_000);
    await t.deps.db.update(cardPayments).set({ createdAt: old }).where(eq(cardPayments.id, waiting.id));
    await expireStaleCardPayments(t.deps.db, provider);
    expect((await attemptsOf(f.billing.id))[0]).toMatchObject({
      status: 'failed',
      failureMessage: PAYMENT_MSG.abandoned,
    });

    // Charged at the provider, but its webhook never came: the chore settles it instead of expiring it.
    const g = await firmWithBilling();
    const charged = (await pay(g.billing.id, g.staff.headers, await cardToken(AUTHENTICATION_CARD))).json();
    await authenticate(charged.client_secret, 'complete');
    t.held.splice(0, t.held.length);
    await t.deps.db.update(cardPayments).set({ createdAt: old }).where(eq(cardPayments.id, charged.id));
    await expireStaleCardPayments(t.deps.db, provider);
    expect((await attemptsOf(g.billing.id))[0].status).toBe('succeeded');
    expect(await isPaid(g.billing.id, g.staff.headers)).toBe(true);
  });
});
