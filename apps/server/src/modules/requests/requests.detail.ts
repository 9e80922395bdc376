import { formatAmount, type RequestDetail, type RequestInvoice } from '@dd/shared';
import type { Auth } from '../../authz';
import { can, requestAbilities } from '../../authz/policy';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { listRequestFiles } from '../files/files.queries';
import { listRequestNotes } from '../notes/notes.queries';
import { isFirstSendDue } from '../staffwork/staffwork.first-send-due';
import { getStaffInfo } from '../staffwork/staffwork.info';
import { invoiceLinesOfRequest } from './requests.detail.queries';
import { findVisibleRequest, withRelated } from './requests.queries';

type InvoiceRow = {
  id: number;
  price: string;
  provider_cost: string;
  page_fee: string;
  auto_added_surcharge: string;
  is_paid: boolean;
  bill_id: number | null;
};

/**
 * The invoice lines as the spec shows them to this caller: everything to internal users (who reach the
 * request), the price and paid state to law-firm staff, nothing to other firm users.
 */
function invoicesFor(auth: Auth, rows: InvoiceRow[]): RequestInvoice[] {
  if (can(auth, 'invoice.seeCosts')) return rows;
  if (!can(auth, 'invoice.seePrice')) return [];
  return rows.map(({ id, price, is_paid }) => ({ id, price, is_paid }));
}

/** The staff-only facts the spec's detail call carries for internal staff (never for a law firm). */
async function staffFacts(db: DbOrTx, auth: Auth, id: number, status: RequestDetail['status']) {
  if (!can(auth, 'request.staffWork')) return {};
  const [info, firstSendDue] = await Promise.all([getStaffInfo(db, id), isFirstSendDue(db, id, status)]);
  return {
    working_on: info.working_on,
    next_todo_date: info.next_todo_date,
    requisition_id: info.requisition_id,
    provider_cost: info.provider_cost,
    first_send_due: firstSendDue,
  };
}

/** One request with its client (and firm), provider, people, notes, files, invoice lines and abilities. */
export async function getRequestDetail(db: DbOrTx, auth: Auth, id: number): Promise<RequestDetail> {
  const row = await findVisibleRequest(db, auth, id);
  if (!row) throw notFound();
  const [[base], noteList, fileList, invoiceRows, staff] = await Promise.all([
    withRelated(db, [row], new Set(['patient__company', 'provider', 'user', 'requester'] as const)),
    listRequestNotes(db, row),
    listRequestFiles(db, auth, id),
    invoiceLinesOfRequest(db, { id, companyId: row.companyId }),
    staffFacts(db, auth, id, row.status),
  ]);
  // The list row's claim and to-do date are staff facts: only staffFacts puts them back, for staff.
  const { patient, provider, next_todo_date: _todo, working_on_id: _claim, ...fields } = base;
  if (!patient?.company || !provider) throw notFound();
  return {
    ...fields,
    patient: { ...patient, company: patient.company },
    provider,
    user: base.user ?? null,
    requester: base.requester ?? null,
    notes: noteList,
    files: fileList,
    invoices: invoicesFor(
      auth,
      invoiceRows.map((i) => ({
        ...i,
        price: formatAmount(i.price),
        provider_cost: formatAmount(i.provider_cost),
        page_fee: formatAmount(i.page_fee),
        auto_added_surcharge: formatAmount(i.auto_added_surcharge),
      })),
    ),
    abilities: requestAbilities(auth, row.status),
    ...staff,
  };
}
