import { formatAmount, type StaffRequestInfo } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { companies, providers, requests, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { requestFeeCheck } from '../fees/fees.request';
import { isNewProvider } from './staffwork.first-send';

/** The staff-only facts of a request for the Request Details Center, in one query. */
const mainContact = alias(users, 'main_contact');
const requester = alias(users, 'requester_user');
const worker = alias(users, 'working_on');

const personColumns = (u: typeof mainContact | typeof requester) => ({
  id: u.id,
  full_name: u.fullName,
  email: u.email,
  phone_number: u.phoneNumber,
});

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
  const [row] = await db
    .select({
      id: requests.id,
      archived: requests.archived,
      nextTodoDate: requests.nextTodoDate,
      requisitionId: requests.requisitionId,
      providerCost: requests.providerCost,
      pageFee: requests.pageFee,
      providerPages: requests.providerPages,
      providerMedium: requests.providerMedium,
      providerClericalMinutes: requests.providerClericalMinutes,
      providerPostage: requests.providerPostage,
      receivedDocumentAt: requests.receivedDocumentAt,
      newProvider: requests.newProvider,
      providerVerifiedAt: providers.verifiedAt,
      firm: {
        id: companies.id,
        name: companies.name,
        phone_number: companies.phoneNumber,
        release_form_url: companies.releaseFormUrl,
      },
      mainContact: personColumns(mainContact),
      requester: personColumns(requester),
      worker: { id: worker.id, full_name: worker.fullName },
    })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .leftJoin(mainContact, eq(mainContact.id, requests.userId))
    .leftJoin(requester, eq(requester.id, requests.requesterId))
    .leftJoin(worker, eq(worker.id, requests.workingOnId))
    .where(unsafeActiveRequestById(id));
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
