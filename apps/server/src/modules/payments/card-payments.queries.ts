// SQL of card payments: the attempts of a billing, their outcome, and the provider's events applied once.
import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cardPayments, paymentEvents } from '../../db/schema';

export type CardPaymentRow = typeof cardPayments.$inferSelect;

/** Fails the attempt with this message if it is still pending. */
export async function failPendingAttempt(
  db: DbOrTx,
  attemptId: number,
  failureMessage: string,
): Promise<void> {
  await db
    .update(cardPayments)
    .set({ status: 'failed', failureMessage, updatedAt: new Date() })
    .where(and(eq(cardPayments.id, attemptId), eq(cardPayments.status, 'pending')));
}

/** Pending attempts, of every firm, started before `cutoff`: the oldest 50. */
export function pendingAttemptsBefore(db: DbOrTx, cutoff: Date): Promise<CardPaymentRow[]> {
  return db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.status, 'pending'), lt(cardPayments.createdAt, cutoff)))
    .orderBy(asc(cardPayments.id))
    .limit(50);
}

/** A new attempt; undefined when the billing already has a live one. */
export async function insertAttempt(
  db: DbOrTx,
  attempt: { billingId: number; companyId: number; userId: number; amountCents: number },
): Promise<CardPaymentRow | undefined> {
  const [row] = await db
    .insert(cardPayments)
    .values({
      billingId: attempt.billingId,
      companyId: attempt.companyId,
      userId: attempt.userId,
      amountCents: attempt.amountCents,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function setAttemptIntent(
  db: DbOrTx,
  attempt: { id: number; companyId: number },
  intentId: string,
): Promise<CardPaymentRow> {
  const [row] = await db
    .update(cardPayments)
    .set({ intentId, updatedAt: new Date() })
    .where(and(eq(cardPayments.id, attempt.id), eq(cardPayments.companyId, attempt.companyId)))
    .returning();
  return row;
}

/** Fails the firm's attempt, if still pending, with the provider's refusal and intent. */
export async function failPendingAttemptOfFirm(
  db: DbOrTx,
  attempt: { id: number; companyId: number },
  failure: { failureMessage: string; intentId: string | null },
): Promise<void> {
  await db
    .update(cardPayments)
    .set({
      status: 'failed',
      failureMessage: failure.failureMessage,
      intentId: failure.intentId,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(cardPayments.id, attempt.id),
        eq(cardPayments.companyId, attempt.companyId),
        eq(cardPayments.status, 'pending'),
      ),
    );
}

export async function pendingAttemptOfBilling(
  db: DbOrTx,
  billing: { id: number; companyId: number },
): Promise<CardPaymentRow | undefined> {
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
  return pending;
}

/** The billing's last 20 attempts, newest first. */
export function attemptsOfBilling(
  db: DbOrTx,
  billingId: number,
  companyId: number,
): Promise<CardPaymentRow[]> {
  return db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.billingId, billingId), eq(cardPayments.companyId, companyId)))
    .orderBy(desc(cardPayments.id))
    .limit(20);
}

/** Stores the event's id; undefined when it was stored before (a replay). */
export async function insertPaymentEvent(
  tx: DbOrTx,
  event: { id: string; type: string },
): Promise<{ id: string } | undefined> {
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return fresh;
}

/** Locks the attempt an intent names (the provider's event has no caller and names no firm). */
export async function attemptForUpdate(tx: DbOrTx, attemptId: number): Promise<CardPaymentRow | undefined> {
  const [attempt] = await tx.select().from(cardPayments).where(eq(cardPayments.id, attemptId)).for('update');
  return attempt;
}

/** Another attempt of the same billing that has not failed, if any. */
export async function otherLiveAttempt(
  tx: DbOrTx,
  attempt: { id: number; billingId: number },
): Promise<{ id: number; status: string } | undefined> {
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
  return other;
}

export async function failAttempt(tx: DbOrTx, attemptId: number, failureMessage: string): Promise<void> {
  await tx
    .update(cardPayments)
    .set({ status: 'failed', failureMessage, updatedAt: new Date() })
    .where(eq(cardPayments.id, attemptId));
}

export async function markAttemptSucceeded(tx: DbOrTx, attemptId: number, intentId: string): Promise<void> {
  await tx
    .update(cardPayments)
    .set({ status: 'succeeded', intentId, failureMessage: null, updatedAt: new Date() })
    .where(eq(cardPayments.id, attemptId));
}

export async function failAttemptWithIntent(
  tx: DbOrTx,
  attemptId: number,
  intentId: string,
  failureMessage: string,
): Promise<void> {
  await tx
    .update(cardPayments)
    .set({ status: 'failed', intentId, failureMessage, updatedAt: new Date() })
    .where(eq(cardPayments.id, attemptId));
}
