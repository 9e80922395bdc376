import { type CardPayment, cents, formatAmount, PAYMENT_MSG } from '@dd/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { cardPayments, paymentEvents } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { billingToPay, markPaidByCard } from '../billing/billings.service';
import { endIfAbandoned } from './card-payment-expiry';
import { countCardAttempt, type PaymentProvider, providerRefusal, requireProvider } from './stripe-client';

/**
 * A law firm pays an open billing by card (decision 033). The attempt is written first (one live
 * attempt per billing, so two clicks never charge twice), the provider is asked to charge with the
 * attempt's idempotency key, and the billing turns paid only when the provider's signed webhook says
 * the payment succeeded: a replayed event is recognised by its id and changes nothing.
 */

type PaymentRow = typeof cardPayments.$inferSelect;

const toCardPayment = (r: PaymentRow): CardPayment => ({
  id: r.id,
  billing_id: r.billingId,
  status: r.status as CardPayment['status'],
  amount: formatAmount(cents(r.amountCents)),
  failure_message: r.failureMessage,
  created_at: r.createdAt.toISOString(),
});

export async function payBillingByCard(
  db: Db,
  configured: PaymentProvider | null,
  auth: Auth,
  billingId: number,
  token: string,
): Promise<CardPayment> {
  const billing = await billingToPay(db, auth, billingId);
  if (!billing) throw notFound();
  authorize(auth, 'billing.payByCard', { companyId: billing.companyId });
  const provider = requireProvider(configured);
  if (billing.isPaid) throw conflict(PAYMENT_MSG.alreadyPaid);
  const amountCents = billing.totalCents;
  if (amountCents <= 0) throw badRequest(PAYMENT_MSG.nothingToPay);
  await countCardAttempt(db, auth.userId);
  await endAbandonedAttempt(db, provider, { id: billingId, companyId: billing.companyId });

  const [attempt] = await db
    .insert(cardPayments)
    .values({ billingId, companyId: billing.companyId, userId: auth.userId, amountCents })
    .onConflictDoNothing()
    .returning();
  if (!attempt) throw conflict(PAYMENT_MSG.inProgress);

  try {
    const method = await provider.stripe.paymentMethods.create(
      { type: 'card', card: { token } },
      { idempotencyKey: `card-payment-${attempt.id}-method` },
    );
    const intent = await provider.stripe.paymentIntents.create(
      {
        amount: amountCents,
        currency: 'usd',
        confirm: true,
        payment_method: method.id,
        // Confirmed here, with no page to return to: card payments that need no redirect only.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: `Direct Docs invoice ${billingId}: ${billing.title}`.slice(0, 200),
        metadata: { billing_id: String(billingId), card_payment_id: String(attempt.id) },
      },
      { idempotencyKey: `card-payment-${attempt.id}` },
    );
    const [row] = await db
      .update(cardPayments)
      .set({ intentId: intent.id, updatedAt: new Date() })
      .where(and(eq(cardPayments.id, attempt.id), eq(cardPayments.companyId, attempt.companyId)))
      .returning();
    // 3-D Secure: the bank must confirm with the customer; the browser finishes it with this secret.
    if (intent.status === 'requires_action' && intent.client_secret) {
      return { ...toCardPayment(row), client_secret: intent.client_secret };
    }
    return toCardPayment(row);
  } catch (error) {
    const refusal = providerRefusal(error);
    const intentId = error instanceof Stripe.errors.StripeCardError ? error.payment_intent?.id : undefined;
    // A webhook may have settled the attempt meanwhile (the provider answers, then notifies).
    await db
      .update(cardPayments)
      .set({
        status: 'failed',
        failureMessage: refusal.message,
        intentId: intentId ?? null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(cardPayments.id, attempt.id),
          eq(cardPayments.companyId, attempt.companyId),
          eq(cardPayments.status, 'pending'),
        ),
      );
    throw refusal;
  }
}

/**
 * The billing's pending attempt, if any, is asked about before a new one starts: one still waiting for
 * the customer's authentication is ended (they have moved on), anything else keeps the new one out.
 */
async function endAbandonedAttempt(
  db: Db,
  provider: PaymentProvider,
  billing: { id: number; companyId: number },
) {
  const [pending] = await db
    .select()
    .from(cardPayments)
    .where(
      and(
        eq(cardPayments.billingId, billing.id),
        eq(cardPayments.companyId, billing.companyId),
        eq(cardPayments.status, 'pending'),
      ),
    );
  if (!pending) return;
  const ended = await endIfAbandoned(db, provider, pending, { customerLeft: true }).catch(() => false);
  if (!ended) throw conflict(PAYMENT_MSG.inProgress);
}

/** The card payments of a billing, newest first (what the firm sees while one is being confirmed). */
export async function listCardPayments(db: Db, auth: Auth, billingId: number): Promise<CardPayment[]> {
  const billing = await billingToPay(db, auth, billingId);
  if (!billing) throw notFound();
  authorize(auth, 'invoice.view', { companyId: billing.companyId });
  const rows = await db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.billingId, billingId), eq(cardPayments.companyId, billing.companyId)))
    .orderBy(desc(cardPayments.id))
    .limit(20);
  return rows.map(toCardPayment);
}

interface IntentObject {
  id: string;
  metadata?: Record<string, string>;
  last_payment_error?: { message?: string } | null;
}

/**
 * One verified webhook event, applied once: its id is stored in the same transaction as its effect,
 * so a replay (the provider retries until it hears 2xx) finds it and does nothing.
 */
export async function applyPaymentEvent(db: Db, event: Stripe.Event): Promise<{ duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { duplicate: true };
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      await settleAttempt(tx, event.data.object as IntentObject, event.type === 'payment_intent.succeeded');
    }
    return { duplicate: false };
  });
}

/** Applies what the provider says of an intent (a webhook, or the expiry chore asking it). */
export const settleIntent = (db: Db, intent: IntentObject, succeeded: boolean) =>
  db.transaction((tx) => settleAttempt(tx, intent, succeeded));

async function settleAttempt(tx: DbOrTx, intent: IntentObject, succeeded: boolean) {
  const attemptId = Number(intent.metadata?.card_payment_id);
  if (!Number.isInteger(attemptId)) return;
  const [attempt] = await tx.select().from(cardPayments).where(eq(cardPayments.id, attemptId)).for('update');
  if (!attempt || attempt.status === 'succeeded') return;
  if (succeeded) {
    // An attempt we had marked failed (its API answer was lost) may still have been charged while a newer
    // attempt is live: the newer one is superseded, or, if it was charged too, the double charge is logged
    // for a refund. One live attempt per billing holds either way.
    const [other] = await tx
      .select({ id: cardPayments.id, status: cardPayments.status })
      .from(cardPayments)
      .where(
        and(
          eq(cardPayments.billingId, attempt.billingId),
          ne(cardPayments.status, 'failed'),
          ne(cardPayments.id, attempt.id),
        ),
      );
    if (other?.status === 'succeeded') {
      await recordAudit(tx, {
        actorId: null,
        action: 'card_payment.charged_twice',
        details: { billing_id: attempt.billingId, payment_intent: intent.id, card_payment_id: attempt.id },
      });
      return;
    }
    if (other) {
      await tx
        .update(cardPayments)
        .set({ status: 'failed', failureMessage: PAYMENT_MSG.superseded, updatedAt: new Date() })
        .where(eq(cardPayments.id, other.id));
    }
    await tx
      .update(cardPayments)
      .set({ status: 'succeeded', intentId: intent.id, failureMessage: null, updatedAt: new Date() })
      .where(eq(cardPayments.id, attempt.id));
    await markPaidByCard(tx, attempt.billingId, attempt.userId, intent.id);
  } else if (attempt.status === 'pending') {
    await tx
      .update(cardPayments)
      .set({
        status: 'failed',
        intentId: intent.id,
        failureMessage: intent.last_payment_error?.message ?? PAYMENT_MSG.cardFailed,
        updatedAt: new Date(),
      })
      .where(eq(cardPayments.id, attempt.id));
  }
}
