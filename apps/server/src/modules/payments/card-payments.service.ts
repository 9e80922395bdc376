import { type CardPayment, cents, formatAmount, PAYMENT_MSG } from '@dd/shared';
import Stripe from 'stripe';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { billingToPay, markPaidByCard } from '../billing/billings.service';
import { endIfAbandoned } from './card-payment-expiry';
import {
  attemptForUpdate,
  attemptsOfBilling,
  type CardPaymentRow,
  failAttempt,
  failAttemptWithIntent,
  failPendingAttemptOfFirm,
  insertAttempt,
  insertPaymentEvent,
  markAttemptSucceeded,
  otherLiveAttempt,
  pendingAttemptOfBilling,
  setAttemptIntent,
} from './card-payments.queries';
import { countCardAttempt, type PaymentProvider, providerRefusal, requireProvider } from './stripe-client';

/**
 * A law firm pays an open billing by card (decision 033). The attempt is written first (one live
 * attempt per billing, so two clicks never charge twice), the provider is asked to charge with the
 * attempt's idempotency key, and the billing turns paid only when the provider's signed webhook says
 * the payment succeeded: a replayed event is recognised by its id and changes nothing.
 */

const toCardPayment = (r: CardPaymentRow): CardPayment => ({
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

  const attempt = await insertAttempt(db, {
    billingId,
    companyId: billing.companyId,
    userId: auth.userId,
    amountCents,
  });
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
    const row = await setAttemptIntent(db, attempt, intent.id);
    // 3-D Secure: the bank must confirm with the customer; the browser finishes it with this secret.
    if (intent.status === 'requires_action' && intent.client_secret) {
      return { ...toCardPayment(row), client_secret: intent.client_secret };
    }
    return toCardPayment(row);
  } catch (error) {
    const refusal = providerRefusal(error);
    const intentId = error instanceof Stripe.errors.StripeCardError ? error.payment_intent?.id : undefined;
    // A webhook may have settled the attempt meanwhile (the provider answers, then notifies).
    await failPendingAttemptOfFirm(db, attempt, {
      failureMessage: refusal.message,
      intentId: intentId ?? null,
    });
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
  const pending = await pendingAttemptOfBilling(db, billing);
  if (!pending) return;
  const ended = await endIfAbandoned(db, provider, pending, { customerLeft: true }).catch(() => false);
  if (!ended) throw conflict(PAYMENT_MSG.inProgress);
}

/** The card payments of a billing, newest first (what the firm sees while one is being confirmed). */
export async function listCardPayments(db: Db, auth: Auth, billingId: number): Promise<CardPayment[]> {
  const billing = await billingToPay(db, auth, billingId);
  if (!billing) throw notFound();
  authorize(auth, 'invoice.view', { companyId: billing.companyId });
  const rows = await attemptsOfBilling(db, billingId, billing.companyId);
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
    const fresh = await insertPaymentEvent(tx, event);
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
  const attempt = await attemptForUpdate(tx, attemptId);
  if (!attempt || attempt.status === 'succeeded') return;
  if (succeeded) {
    // An attempt we had marked failed (its API answer was lost) may still have been charged while a newer
    // attempt is live: the newer one is superseded, or, if it was charged too, the double charge is logged
    // for a refund. One live attempt per billing holds either way.
    const other = await otherLiveAttempt(tx, attempt);
    if (other?.status === 'succeeded') {
      await recordAudit(tx, {
        actorId: null,
        action: 'card_payment.charged_twice',
        details: { billing_id: attempt.billingId, payment_intent: intent.id, card_payment_id: attempt.id },
      });
      return;
    }
    if (other) {
      await failAttempt(tx, other.id, PAYMENT_MSG.superseded);
    }
    await markAttemptSucceeded(tx, attempt.id, intent.id);
    await markPaidByCard(tx, attempt.billingId, attempt.userId, intent.id);
  } else if (attempt.status === 'pending') {
    await failAttemptWithIntent(
      tx,
      attempt.id,
      intent.id,
      intent.last_payment_error?.message ?? PAYMENT_MSG.cardFailed,
    );
  }
}
