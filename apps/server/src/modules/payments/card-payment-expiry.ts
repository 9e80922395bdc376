import { CARD_PAYMENT_EXPIRY_MINUTES, PAYMENT_MSG } from '@dd/shared';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { type CardPaymentRow, failPendingAttempt, pendingAttemptsBefore } from './card-payments.queries';
import { settleIntent } from './card-payments.service';
import type { PaymentProvider } from './stripe-client';

/**
 * A pending card payment whose bank authentication (3-D Secure) is never finished would block the
 * billing for ever: one live attempt per billing, and its lines frozen while a payment is under way.
 * Such an attempt is ended, after asking the provider, by the firm's next attempt (at once when the
 * intent still waits for the customer) and by a chore (once older than CARD_PAYMENT_EXPIRY_MINUTES).
 * A charge the provider did take is settled instead, as its lost webhook would have.
 */
type Attempt = CardPaymentRow;

/** Intent states in which nothing more happens without the customer: safe to cancel. */
const WAITING_FOR_CUSTOMER = new Set<Stripe.PaymentIntent.Status>([
  'requires_action',
  'requires_payment_method',
  'requires_confirmation',
]);

const isStale = (attempt: Attempt, now: Date) =>
  now.getTime() - attempt.createdAt.getTime() > CARD_PAYMENT_EXPIRY_MINUTES * 60_000;

async function markAbandoned(db: Db, attempt: Attempt): Promise<void> {
  await failPendingAttempt(db, attempt.id, PAYMENT_MSG.abandoned);
}

/**
 * Ends `attempt` if nobody can finish it any more: when it is stale, or (`customerLeft`) when the firm
 * has started another payment while it still waits for them. Returns true when it is no longer pending.
 */
export async function endIfAbandoned(
  db: Db,
  provider: PaymentProvider,
  attempt: Attempt,
  options: { customerLeft: boolean; now?: Date },
): Promise<boolean> {
  const stale = isStale(attempt, options.now ?? new Date());
  if (!attempt.intentId) {
    // The provider's answer was lost: a charge it did take still settles through its webhook later.
    if (stale) await markAbandoned(db, attempt);
    return stale;
  }
  const intent = await provider.stripe.paymentIntents.retrieve(attempt.intentId);
  if (intent.status === 'succeeded') {
    await settleIntent(db, intent, true);
    return true;
  }
  if (intent.status === 'canceled') {
    await markAbandoned(db, attempt);
    return true;
  }
  if (!WAITING_FOR_CUSTOMER.has(intent.status) || !(stale || options.customerLeft)) return false;
  try {
    await provider.stripe.paymentIntents.cancel(
      intent.id,
      { cancellation_reason: 'abandoned' },
      { idempotencyKey: `card-payment-${attempt.id}-cancel` },
    );
  } catch {
    // Finished at this very moment (or the provider is unreachable): its webhook or the next run decides.
    return false;
  }
  await markAbandoned(db, attempt);
  return true;
}

/** The chore: every pending attempt past the limit, oldest first (a few per run; the rest next time). */
export async function expireStaleCardPayments(db: Db, provider: PaymentProvider | null, now = new Date()) {
  if (!provider) return;
  const cutoff = new Date(now.getTime() - CARD_PAYMENT_EXPIRY_MINUTES * 60_000);
  const stale = await pendingAttemptsBefore(db, cutoff);
  for (const attempt of stale) {
    await endIfAbandoned(db, provider, attempt, { customerLeft: false, now }).catch(() => false);
  }
}
