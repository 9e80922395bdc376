import {
  BILLABLE_STATUSES,
  BILLING_MSG,
  CLOSED_STATUSES,
  cents,
  centsOf,
  FEE_FIELDS,
  type FeeField,
  type FeeSettings,
  type FeeSettingsAnswer,
  type FeeSettingsBody,
  formatAmount,
  type InvoiceCompany,
  type InvoiceFilter,
  type InvoiceLine,
  type InvoicePage,
  normalizeStatus,
  OPEN_STATUSES,
  type RequestStatus,
  toCents,
} from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize, can } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { companyName, invoiceCompaniesPage } from './billing-companies.queries';
import { feeSettingsRow, saveFeeSettingsRow } from './fee-settings.queries';
import { writeCurrentLine } from './invoice-lines';
import {
  lastLine,
  unsafeFirmOfRequest,
  unsafeLinesOfRequest,
  unsafeLockActiveRequest,
  unsafeRequestOfLine,
  unsafeSetUnbilledLineAmounts,
} from './invoice-lines.queries';
import { allInvoiceLines, type LineQuery, pageInvoiceLines } from './invoices.queries';

/** Invoices: companies to invoice, a company's lines, fee settings and line amounts. */

const STATUS_GROUP_FILTERS: Record<string, readonly RequestStatus[]> = {
  open: OPEN_STATUSES,
  'all open': OPEN_STATUSES,
  closed: CLOSED_STATUSES,
  'all closed': CLOSED_STATUSES,
  billable: BILLABLE_STATUSES,
};

function statusesOf(status: string | undefined): readonly RequestStatus[] | undefined {
  if (!status) return undefined;
  const group = STATUS_GROUP_FILTERS[status.toLowerCase()];
  if (group) return group;
  const one = normalizeStatus(status);
  if (!one) throw badRequest('Choose a status from the list.', { status: 'Unknown status' });
  return [one];
}

export function listInvoiceCompanies(
  db: DbOrTx,
  internalCompanyId: number,
  paging: { limit: number; offset: number },
): Promise<{ rows: InvoiceCompany[]; total: number }> {
  return invoiceCompaniesPage(db, internalCompanyId, paging);
}

async function companyOfInvoice(db: DbOrTx, auth: Auth, companyId: number) {
  authorize(auth, 'invoice.view', { companyId });
  const company = await companyName(db, companyId);
  if (!company) throw notFound();
  return company;
}

function lineQuery(auth: Auth, companyId: number, filter: InvoiceFilter): LineQuery {
  return { ...filter, companyId, statuses: statusesOf(filter.status), timezone: auth.timezone };
}

export async function invoicePage(
  db: DbOrTx,
  auth: Auth,
  companyId: number,
  filter: InvoiceFilter,
  paging: { limit: number; offset: number },
): Promise<Omit<InvoicePage, 'next' | 'previous' | 'count'> & { count: number }> {
  const company = await companyOfInvoice(db, auth, companyId);
  const { rows, totals } = await pageInvoiceLines(db, lineQuery(auth, companyId, filter), paging);
  return { company, count: totals.lines, results: rows, totals, can_edit: can(auth, 'billing.manage') };
}

/** The CSV export holds at most this many lines (a firm's whole history fits many times over). */
export const CSV_LINE_CAP = 50_000;

export async function invoiceLinesForExport(
  db: DbOrTx,
  auth: Auth,
  companyId: number,
  filter: InvoiceFilter,
): Promise<{ company: { id: number; name: string }; lines: InvoiceLine[] }> {
  authorize(auth, 'billing.manage');
  const company = await companyOfInvoice(db, auth, companyId);
  return { company, lines: await allInvoiceLines(db, lineQuery(auth, companyId, filter), CSV_LINE_CAP) };
}

/* Fee settings. */

async function feeRow(db: DbOrTx) {
  const row = await feeSettingsRow(db);
  if (!row) throw notFound();
  return row;
}

/** The fee settings in whole cents, for the pricing rule. */
export const feeSettings = async (db: DbOrTx): Promise<FeeSettings> => (await feeRow(db)).fees;

/** GET /api/home/price/1/: the fee settings as the API answers them. */
export async function feeSettingsAnswer(db: DbOrTx): Promise<FeeSettingsAnswer> {
  const { id, fees, updatedAt } = await feeRow(db);
  return { id, ...dollarsOf(fees), updated_at: updatedAt.toISOString() };
}

export async function saveFeeSettings(db: Db, auth: Auth, body: FeeSettingsBody & Record<string, unknown>) {
  authorize(auth, 'billing.manage');
  const before = await feeSettings(db);
  const fees = Object.fromEntries(FEE_FIELDS.map((f) => [f, toCents(body[f] as number)])) as FeeSettings;
  await db.transaction(async (tx) => {
    await saveFeeSettingsRow(tx, fees);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'fees.changed',
      details: { before: pick(before), after: Object.fromEntries(FEE_FIELDS.map((f) => [f, body[f]])) },
    });
  });
  return feeSettingsAnswer(db);
}

const dollarsOf = (fees: FeeSettings) =>
  Object.fromEntries(FEE_FIELDS.map((f) => [f, formatAmount(fees[f])])) as Record<FeeField, string>;
const pick = dollarsOf;

/* Line amounts. */

/** Locks an active request for a line change; 404 when there is none. */
async function lockRequest(tx: DbOrTx, requestId: number) {
  const row = await unsafeLockActiveRequest(tx, requestId);
  if (!row) throw notFound();
  return row;
}

/** PUT /api/home/invoice/{id}/: that line's amounts, refused once it is on a billing. */
export async function updateLine(
  db: Db,
  auth: Auth,
  lineId: number,
  amounts: { provider_cost: number; auto_added_surcharge: number },
): Promise<InvoiceLine> {
  authorize(auth, 'billing.manage');
  const requestId = await db.transaction(async (tx) => {
    const line = await unsafeRequestOfLine(tx, lineId);
    if (!line) throw notFound();
    await lockRequest(tx, line.requestId);
    const changed = await unsafeSetUnbilledLineAmounts(tx, lineId, {
      providerCost: toCents(amounts.provider_cost),
      autoAddedSurcharge: toCents(amounts.auto_added_surcharge),
    });
    if (!changed) throw conflict(BILLING_MSG.lineBilled);
    await auditLine(tx, auth, lineId, line.requestId, amounts);
    return line.requestId;
  });
  return currentLine(db, auth, requestId, lineId);
}

/** POST /api/home/invoice/ with the request: its current line (the same rule as the requisition form). */
export async function saveRequestLine(
  db: Db,
  auth: Auth,
  requestId: number,
  amounts: { provider_cost: number; auto_added_surcharge?: number },
): Promise<InvoiceLine> {
  authorize(auth, 'billing.manage');
  const lineId = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    const id = await writeCurrentLine(tx, request, {
      providerCost: toCents(amounts.provider_cost),
      surcharge:
        amounts.auto_added_surcharge === undefined ? undefined : toCents(amounts.auto_added_surcharge),
    });
    await auditLine(tx, auth, id, requestId, amounts);
    return id;
  });
  return currentLine(db, auth, requestId, lineId);
}

/**
 * The request's line that staff can still change: the last one while it is not billed, otherwise a new
 * one (no provider cost yet, so nothing is charged twice), as the spec's POST /api/home/invoice/ with the
 * request id alone asks.
 */
export async function openRequestLine(db: Db, auth: Auth, requestId: number): Promise<InvoiceLine> {
  authorize(auth, 'billing.manage');
  const lineId = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    const last = await lastLine(tx, request);
    if (last && last.billId === null) return last.id;
    const id = await writeCurrentLine(tx, request, { providerCost: cents(0) });
    await auditLine(tx, auth, id, requestId, { provider_cost: 0 });
    return id;
  });
  return currentLine(db, auth, requestId, lineId);
}

async function auditLine(tx: DbOrTx, auth: Auth, lineId: number, requestId: number, amounts: object) {
  await recordAudit(tx, {
    actorId: auth.userId,
    action: 'invoice.line_saved',
    details: { invoice_id: lineId, request_id: requestId, ...amounts },
  });
}

async function currentLine(db: DbOrTx, auth: Auth, requestId: number, lineId: number) {
  const r = await unsafeFirmOfRequest(db, requestId);
  const [line] = await allInvoiceLines(db, { ...lineQuery(auth, r.companyId, {}), lineId }, 1);
  if (!line) throw notFound();
  return line;
}

/**
 * GET /api/home/invoice/?request={id}: the request's lines, oldest first (the spec's order_by=created_at),
 * each with the fee the invoice shows for it (feeSql), not the amount stored when the line was written.
 */
export async function linesOfRequest(db: DbOrTx, requestId: number, newestFirst: boolean) {
  const rows = await unsafeLinesOfRequest(db, requestId, newestFirst);
  return rows.map((r) => ({
    id: r.id,
    price: formatAmount(centsOf(r.price)),
    is_paid: r.isPaid,
    provider_cost: formatAmount(r.providerCost),
    page_fee: formatAmount(r.pageFee),
    auto_added_surcharge: formatAmount(r.surcharge),
    bill_id: r.billId,
  }));
}
