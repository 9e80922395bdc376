import { formatAmount, type StaffRequestInfo } from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { requestFeeCheck } from '../fees/fees.request';
import { isNewProvider } from './staffwork.first-send';
import { unsafeStaffInfoRow } from './staffwork.queries';

/** The staff-only facts of a request for the Request Details Center, in one query. */

/** The staff-only facts of a request for the Request Details Center, in one query. */
type PersonRow = {
  id: number | null;
  full_name: string | null;
  email: string | null;
  phone_number: string | null;
};
const person = (p: PersonRow | null) =>
  p?.id
    ? { id: p.id, full_name: p.full_name ?? '', email: p.email ?? '', phone_number: p.phone_number }
    : null;

export async function getStaffInfo(db: DbOrTx, id: number): Promise<StaffRequestInfo> {
  const row = await unsafeStaffInfoRow(db, id);
  if (!row) throw notFound();
  return {
    id: row.id,
    archived: row.archived,
    next_todo_date: row.nextTodoDate,
    requisition_id: row.requisitionId,
    provider_cost: formatAmount(row.providerCost),
    page_fee: formatAmount(row.pageFee),
    provider_pages: row.providerPages,
    provider_medium: row.providerMedium,
    provider_clerical_minutes: row.providerClericalMinutes,
    provider_postage: formatAmount(row.providerPostage),
    fee_check: await requestFeeCheck(db, id),
    received_document_at: row.receivedDocumentAt?.toISOString() ?? null,
    new_provider: isNewProvider(row),
    working_on: row.worker,
    law_firm: row.firm,
    main_contact: person(row.mainContact),
    requester: person(row.requester),
  };
}
