import { BILLING_MSG, type Billing, cents, centsOf, formatAmount, formatMoney } from '@dd/shared';
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import { visibleBillings } from '../../authz/scopes';
import type { Db, DbOrTx } from '../../db/client';
import { billings, cardPayments, companies, invoices, requests } from '../../db/schema';
import { type AuditEvent, recordAudit } from '../../lib/audit';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { containsPattern } from '../requests/requests.filter-kit';
import { emitInvoiceIssued } from '../webhooks/webhooks.emit';
import { billableLines, lockCompanyRequests } from './invoices.queries';

/**
 * Billings: a titled group of a law firm's finished lines. Creating one is one transaction
 * that freezes every eligible unbilled line at its current fee, under a per-company lock, so two
 * administrators billing the same firm at once never bill a line twice. Paid is set with a date and
 * undone only with a logged reason.
 */

const billingColumns = {
  id: billings.id,
  title: billings.title,
  companyId: billings.companyId,
  companyName: companies.name,
  isPaid: billings.isPaid,
  paidAt: billings.paidAt,
  createdAt: billings.createdAt,
  lines: sql<number>`(select count(*)::int from ${invoices} i
    where i.bill_id = ${billings}.id and i.company_id = ${billings}.company_id)`,
  total: sql<string>`(select coalesce(sum(i.price + i.provider_cost + i.page_fee + i.auto_added_surcharge), 0)
    from ${invoices} i where i.bill_id = ${billings}.id and i.company_id = ${billings}.company_id)`,
};

type BillingRow = {
  id: number;
  title: string;
  companyId: number;
  companyName: string;
  isPaid: boolean;
  paidAt: Date | null;
  createdAt: Date;
  lines: number;
  total: string;
};

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

const selectBillings = (db: DbOrTx) =>
  db.select(billingColumns).from(billings).innerJoin(companies, eq(companies.id, billings.companyId));

export async function billingById(db: DbOrTx, auth: Auth, id: number): Promise<Billing> {
  const [row] = await selectBillings(db).where(and(eq(billings.id, id), visibleBillings(auth)));
  if (!row) throw notFound();
  authorize(auth, 'invoice.view', { companyId: row.companyId });
  return toBilling(row);
}

export interface BillingListFilter {
  title?: string;
  companyId?: number;
  isPaid?: boolean;
  limit: number;
  offset: number;
}

/** Newest first; a firm's staff see their own company's billings whatever company they ask for. */
export async function listBillings(
  db: DbOrTx,
  auth: Auth,
  filter: BillingListFilter,
): Promise<{ rows: Billing[]; total: number }> {
  const companyId = auth.isInternal ? filter.companyId : auth.companyId;
  const where: SQL | undefined = and(
    companyId === undefined ? undefined : eq(billings.companyId, companyId),
    filter.title ? ilike(billings.title, containsPattern(filter.title)) : undefined,
    filter.isPaid === undefined ? undefined : eq(billings.isPaid, filter.isPaid),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectBillings(db)
      .where(where)
      .orderBy(desc(billings.createdAt), desc(billings.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(billings).where(where),
  ]);
  return { rows: rows.map(toBilling), total };
}

/** GET /api/invoice_billing/{company_id}: billing id to title, for the invoice screen's filter. */
export async function billingTitles(
  db: DbOrTx,
  auth: Auth,
  companyId: number,
): Promise<Record<string, string>> {
  authorize(auth, 'invoice.view', { companyId });
  const rows = await db
    .select({ id: billings.id, title: billings.title })
    .from(billings)
    .where(eq(billings.companyId, companyId))
    .orderBy(desc(billings.createdAt), desc(billings.id));
  return Object.fromEntries(rows.map((r) => [String(r.id), r.title]));
}

/** Serializes billing work on one company (row lock on the company). */
async function lockCompany(tx: DbOrTx, companyId: number) {
  const [company] = await tx
    .select({ id: companies.id, name: companies.name, adminEmail: companies.adminEmail })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
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
  for (const line of existing) {
    await tx
      .update(invoices)
      .set({ billId: billingId, price: line.fee })
      .where(and(eq(invoices.id, line.lineId!), sql`${invoices.billId} is null`));
  }
  const missing = lines.filter((l) => l.lineId === null);
  if (missing.length === 0) return;
  const costs = await tx
    .select({ id: requests.id, providerCost: requests.providerCost, pageFee: requests.pageFee })
    .from(requests)
    .where(
      inArray(
        requests.id,
        missing.map((l) => l.requestId),
      ),
    );
  const byId = new Map(costs.map((c) => [c.id, c]));
  await tx.insert(invoices).values(
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
    const [billing] = await tx
      .insert(billings)
      .values({ title: body.title, companyId: body.company })
      .returning({ id: billings.id });
    await freezeLines(tx, billing.id, body.company, lines);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'billing.created',
      details: { billing_id: billing.id, company_id: body.company, title: body.title, lines: lines.length },
    });
    const created = await billingById(tx, auth, billing.id);
    if (company.adminEmail) await mail.enqueue(tx, billingEmail(mail, company.adminEmail, created));
    await emitInvoiceIssued(tx, mail.publicUrl, {
      id: created.id,
      companyId: body.company,
      total: created.total,
      lines: created.lines,
      created: created.created_at,
    });
    return billing.id;
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
    const [billing] = await tx
      .select({ companyId: billings.companyId, isPaid: billings.isPaid })
      .from(billings)
      .where(eq(billings.id, billingId))
      .for('update');
    if (!billing) throw notFound();
    // The total a card is being (or was) charged for must stay the billing's total.
    const [charge] = await tx
      .select({ id: cardPayments.id })
      .from(cardPayments)
      .where(
        and(eq(cardPayments.billingId, billingId), inArray(cardPayments.status, ['pending', 'succeeded'])),
      )
      .limit(1);
    if (billing.isPaid || charge) throw conflict(BILLING_MSG.linesLocked);
    await lockCompany(tx, billing.companyId);
    const eligible = await billableLines(tx, billing.companyId);
    const onThis = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.billId, billingId));
    const already = new Set(onThis.map((l) => l.id));
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
    const [billing] = await tx
      .select({ isPaid: billings.isPaid })
      .from(billings)
      .where(eq(billings.id, billingId))
      .for('update');
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
  await tx.update(billings).set({ isPaid, paidAt }).where(eq(billings.id, billingId));
  await tx.update(invoices).set({ isPaid, paidAt }).where(eq(invoices.billId, billingId));
  await recordAudit(tx, audit);
}

/** The payment provider confirmed a card payment (its signed webhook): the billing is paid. */
/**
 * A confirmed card charge settles the billing when the billing's card charges cover its total now. Its
 * lines may have changed while the charge was being confirmed: a shortfall leaves it open, with the
 * charges counted towards the next payment, and an overpayment is logged for a refund.
 */
export async function markPaidByCard(tx: DbOrTx, billingId: number, payerId: number, intentId: string) {
  const [billing] = await tx
    .select({ isPaid: billings.isPaid })
    .from(billings)
    .where(eq(billings.id, billingId))
    .for('update');
  if (!billing || billing.isPaid) return;
  const totalCents = (await billingFigures(tx, eq(billings.id, billingId)))?.totalCents ?? 0;
  const chargedCents = await cardChargedCents(tx, billingId);
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

/** What the billing's confirmed card charges add up to. */
async function cardChargedCents(db: DbOrTx, billingId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${cardPayments.amountCents}), 0)::int` })
    .from(cardPayments)
    .where(and(eq(cardPayments.billingId, billingId), eq(cardPayments.status, 'succeeded')));
  return Number(row?.cents ?? 0);
}

/** A billing the caller can see, with what a card payment needs: its firm, whether it is paid, its total in cents. */
export function billingToPay(db: DbOrTx, auth: Auth, billingId: number) {
  return billingFigures(db, and(eq(billings.id, billingId), visibleBillings(auth)));
}

async function billingFigures(db: DbOrTx, where: SQL | undefined) {
  const [row] = await selectBillings(db).where(where);
  return row
    ? {
        companyId: row.companyId,
        title: row.title,
        isPaid: row.isPaid,
        totalCents: centsOf(row.total),
      }
    : null;
}
