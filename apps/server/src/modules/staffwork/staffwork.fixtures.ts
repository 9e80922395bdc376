import type { RequestStatus } from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { emailOutbox, notes, requests } from '../../db/schema';
import { confirmAuthorizationChecklist } from '../authorizations/authorizations.test-utils.queries';

/**
 * Test set-up for staff work: a firm with a main contact and a separate requester, a client, a request.
 * The request carries a HIPAA form whose checklist staff completed, so a first send is not refused for it;
 * `authorization: 'none'` leaves it without one.
 */
export async function staffCase(
  values: { status?: RequestStatus; companyValues?: object; authorization?: 'checked' | 'none' } = {},
) {
  const { deps } = await getContext();
  const company = await createCompany(deps.db, values.companyValues);
  const contact = await signedIn(deps, { companyId: company.id });
  const requester = await signedIn(deps, { companyId: company.id });
  const patient = await createPatient(deps.db, company.id);
  // A directory provider staff already confirmed (a firm's new one is providers-new.test.ts).
  const provider = await createProvider(deps.db, {
    email: 'records@provider.example',
    verifiedAt: new Date(),
  });
  const request = await createRequest(deps.db, {
    patientId: patient.id,
    companyId: company.id,
    userId: contact.user.id,
    requesterId: requester.user.id,
    providerId: provider.id,
    status: values.status ?? 'Requested By Lawyer',
    hipaaConsentUrl: values.authorization === 'none' ? null : 'hipaa-forms/u1/signed-authorization.pdf',
  });
  await confirmAuthorizationChecklist(deps.db, request.id);
  const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
  return { company, contact, requester, patient, provider, request, staff };
}

export async function call(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const { app } = await getContext();
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

export async function requestRow(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
  return row;
}

export async function notesOf(requestId: number) {
  const { deps } = await getContext();
  return deps.db.select().from(notes).where(eq(notes.requestId, requestId)).orderBy(notes.id);
}

export async function mailsTo(to: string, template?: string) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, to), template ? eq(emailOutbox.template, template) : undefined))
    .orderBy(emailOutbox.id);
}
