import { BILLING_MSG, type Billing, cents, centsOf, formatAmount, formatMoney } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { type AuditEvent, recordAudit } from '../../lib/audit';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { emitInvoiceIssued } from '../webhooks/webhooks.emit';
import {
  type BillingListFilter,
  type BillingRow,
  billingForCaller,
  billingsPage,
  billingTitlesOfFirm,
  insertBilling,
  insertInvoiceLines,
  lockCompanyForBilling,
  unsafeBillingById,
  unsafeCardChargedCents,
  unsafeFreezeLine,
  unsafeHasCardCharge,
  unsafeLineIdsOfBilling,
  unsafeLockBilling,
  unsafeLockBillingPaid,
  unsafeRequestCosts,
  unsafeSetBillingPaid,
} from './billings.queries';
import { billableLines, lockCompanyRequests } from './invoices.queries';

/**
 * Billings: a titled group of a law firm's finished lines. Creating one is one transaction
 * that freezes every eligible unbilled line at its current fee, under a per-company lock, so two
 * administrators billing the same firm at once never bill a line twice. Paid is set with a date and
 * undone only with a logged reason.
 */

const toBilling = (r: BillingRow): Billing => ({
  id: r.id,
  title: r.title,
  company: { id: r.companyId, name: r.companyName },
  is_paid: r.isPaid,
  paid_at: r.paidAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  lines: r.lines,
  total: formatAmount(centsOf(r.total)),
});

export async function billingById(db: DbOrTx, auth: Auth, id: number): Promise<Billing> {
  const row = await billingForCaller(db, auth, id);
  if (!row) throw notFound();
  authorize(auth, 'invoice.view', { companyId: row.companyId });
  return toBilling(row);
}

/** Newest first; a firm's staff see their own company's billings whatever company they ask for. */
export async function listBillings(
  db: DbOrTx,
  auth: Auth,
  filter: BillingListFilter,
): Promise<{ rows: Billing[]; total: number }> {
  const { rows, total } = await billingsPage(db, auth, filter);
  return { rows: rows.map(toBilling), total };
}

/** GET /api/invoice_billing/{company_id}: billing id to title, for the invoice screen's filter. */
export async function billingTitles(
  db: DbOrTx,
  auth: Auth,
  companyId: number,
): Promise<Record<string, string>> {
  authorize(auth, 'invoice.view', { companyId });
  const rows = await billingTitlesOfFirm(db, companyId);
  return Object.fromEntries(rows.map((r) => [String(r.id), r.title]));
}

/** Serializes billing work on one company (row lock on the company). */
async function lockCompany(tx: DbOrTx, companyId: number) {
  const company = await lockCompanyForBilling(tx, companyId);
  if (!company) throw notFound();
  await lockCompanyRequests(tx, companyId);
  return company;
}

/**
 * Freezes the given eligible lines (and writes lines for finished requests that have none) on the billing
 * of `companyId`, the firm all the lines belong to.
 */
async function freezeLines(
  tx: DbOrTx,
  billingId: number,
  companyId: number,
  lines: Awaited<ReturnType<typeof billableLines>>,
): Promise<void> {
  const existing = lines.filter((l) => l.lineId !== null);
  for (const line of existing) await unsafeFreezeLine(tx, line.lineId!, billingId, line.fee);
  const missing = lines.filter((l) => l.lineId === null);
  if (missing.length === 0) return;
  const costs = await unsafeRequestCosts(
    tx,
    missing.map((l) => l.requestId),
  );
  const byId = new Map(costs.map((c) => [c.id, c]));
  await insertInvoiceLines(
    tx,
    missing.map((l) => ({
      requestId: l.requestId,
      companyId,
      price: l.fee,
      providerCost: byId.get(l.requestId)?.providerCost ?? cents(0),
      pageFee: byId.get(l.requestId)?.pageFee ?? cents(0),
      billId: billingId,
    })),
  );
}

/** POST /api/home/billing/: the billing and, in the same transaction, every eligible unbilled line. */
export async function createBilling(
  db: Db,
  mail: Mail,
  auth: Auth,
  body: { company: number; title: string },
): Promise<Billing> {
  authorize(auth, 'billing.manage');
  const id = await db.transaction(async (tx) => {
    const company = await lockCompany(tx, body.company);
    const lines = await billableLines(tx, body.company);
    if (lines.length === 0) throw conflict(BILLING_MSG.nothingToBill);
    const billingId = await insertBilling(tx, body.title, body.company);
    await freezeLines(tx, billingId, body.company, lines);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'billing.created',
      details: { billing_id: billingId, company_id: body.company, title: body.title, lines: lines.length },
    });
    const created = await billingById(tx, auth, billingId);
    if (company.adminEmail) await mail.enqueue(tx, billingEmail(mail, company.adminEmail, created));
    await emitInvoiceIssued(tx, mail.publicUrl, {
      id: created.id,
      companyId: body.company,
      total: created.total,
      lines: created.lines,
      created: created.created_at,
    });
    return billingId;
  });
  return billingById(db, auth, id);
}

function billingEmail(mail: Mail, to: string, billing: Billing) {
  const url = `${mail.publicUrl}/invoice/${billing.company.id}/${billing.id}/`;
  const content = renderEmail({
    title: `Invoice: ${billing.title}`,
    paragraphs: [
      `Direct Docs has billed ${billing.lines} request${billing.lines === 1 ? '' : 's'} for ${billing.company.name}, totalling ${formatMoney(billing.total)}.`,
      'Sign in to see every line and download the invoice as a PDF.',
    ],
    action: { label: 'View the invoice', url },
  });
  return { to, subject: `Direct Docs invoice: ${billing.title}`, template: 'billing-created', ...content };
}

/** PUT /api/home/billing/{id}/ with invoices: attaches those lines, each unbilled and eligible. */
export async function attachLines(
  db: Db,
  auth: Auth,
  billingId: number,
  lineIds: number[],
): Promise<Billing> {
  authorize(auth, 'billing.manage');
  await db.transaction(async (tx) => {
    const billing = await unsafeLockBilling(tx, billingId);
    if (!billing) throw notFound();
    // The total a card is being (or was) charged for must stay the billing's total.
    const charge = await unsafeHasCardCharge(tx, billingId);
    if (billing.isPaid || charge) throw conflict(BILLING_MSG.linesLocked);
    await lockCompany(tx, billing.companyId);
    const eligible = await billableLines(tx, billing.companyId);
    const already = new Set(await unsafeLineIdsOfBilling(tx, billingId));
    const wanted = [...new Set(lineIds)].filter((id) => !already.has(id));
    const chosen = eligible.filter((l) => l.lineId !== null && wanted.includes(l.lineId));
    if (chosen.length !== wanted.length)
      throw badRequest(BILLING_MSG.lineNotBillable, { invoices: BILLING_MSG.lineNotBillable });
    await freezeLines(tx, billingId, billing.companyId, chosen);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'billing.lines_attached',
      details: { billing_id: billingId, invoices: wanted },
    });
  });
  return billingById(db, auth, billingId);
}

/** POST /api/home/billing/{id}/ with is_paid; marking unpaid needs a reason, and both are logged. */
export async function setBillingPaid(
  db: Db,
  auth: Auth,
  billingId: number,
  body: { is_paid: boolean; reason?: string },
): Promise<Billing> {
  authorize(auth, 'billing.manage');
  if (!body.is_paid && !body.reason)
    throw badRequest(BILLING_MSG.reasonRequired, { reason: BILLING_MSG.reasonRequired });
  await db.transaction(async (tx) => {
    const billing = await unsafeLockBillingPaid(tx, billingId);
    if (!billing) throw notFound();
    if (billing.isPaid === body.is_paid) return;
    await writePaid(tx, billingId, body.is_paid, {
      actorId: auth.userId,
      action: body.is_paid ? 'billing.paid' : 'billing.unpaid',
      details: { billing_id: billingId, ...(body.reason ? { reason: body.reason } : {}) },
    });
  });
  return billingById(db, auth, billingId);
}

/** Sets a billing and its lines paid (or unpaid) with the date, and logs it: the one writer of paid. */
async function writePaid(tx: DbOrTx, billingId: number, isPaid: boolean, audit: AuditEvent) {
  const paidAt = isPaid ? new Date() : null;
  await unsafeSetBillingPaid(tx, billingId, isPaid, paidAt);
  await recordAudit(tx, audit);
}

/** The payment provider confirmed a card payment (its signed webhook): the billing is paid. */
/**
 * A confirmed card charge settles the billing when the billing's card charges cover its total now. Its
 * lines may have changed while the charge was being confirmed: a shortfall leaves it open, with the
 * charges counted towards the next payment, and an overpayment is logged for a refund.
 */
export async function markPaidByCard(tx: DbOrTx, billingId: number, payerId: number, intentId: string) {
  const billing = await unsafeLockBillingPaid(tx, billingId);
  if (!billing || billing.isPaid) return;
  const totalCents = billingFigures(await unsafeBillingById(tx, billingId))?.totalCents ?? 0;
  const chargedCents = await unsafeCardChargedCents(tx, billingId);
  const details = {
    billing_id: billingId,
    payment_intent: intentId,
    charged_cents: chargedCents,
    total_cents: totalCents,
  };
  if (chargedCents < totalCents) {
    await recordAudit(tx, { actorId: payerId, action: 'card_payment.short', details });
    return;
  }
  if (chargedCents > totalCents)
    await recordAudit(tx, { actorId: payerId, action: 'card_payment.overpaid', details });
  await writePaid(tx, billingId, true, {
    actorId: payerId,
    action: 'billing.paid_by_card',
    details: { billing_id: billingId, payment_intent: intentId },
  });
}

/** A billing the caller can see, with what a card payment needs: its firm, whether it is paid, its total in cents. */
export async function billingToPay(db: DbOrTx, auth: Auth, billingId: number) {
  return billingFigures(await billingForCaller(db, auth, billingId));
}

function billingFigures(row: BillingRow | undefined) {
  return row
    ? {
        companyId: row.companyId,
        title: row.title,
        isPaid: row.isPaid,
        totalCents: centsOf(row.total),
      }
    : null;
}
