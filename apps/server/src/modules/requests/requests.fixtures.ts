import type { RequestBodyInput, RequestStatus } from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
  uploadKey,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { emailOutbox, requests } from '../../db/schema';

/** Test set-up shared by the request and note suites: a firm with people, a client and providers. */
export async function firmForRequests(companyValues: { requestPrice?: number } = {}) {
  const { deps } = await getContext();
  const company = await createCompany(deps.db, companyValues);
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const paralegal = await signedIn(deps, { companyId: company.id });
  const colleague = await signedIn(deps, { companyId: company.id });
  // The client's HIPAA form was uploaded by a colleague: requests may reuse it whoever submits them.
  const patient = await createPatient(deps.db, company.id, {
    hipaaConsentUrl: uploadKey(colleague.user.id, 'hipaa-forms', 'consent.pdf'),
  });
  const providers = await Promise.all([
    createProvider(deps.db),
    createProvider(deps.db),
    createProvider(deps.db),
  ]);
  return { company, staff, paralegal, colleague, patient, providers };
}

/** The firm of firmForRequests with one request of its paralegal's, to the first provider. */
export async function firmWithOneRequest(status?: RequestStatus) {
  const { deps } = await getContext();
  const firm = await firmForRequests();
  const request = await createRequest(deps.db, {
    patientId: firm.patient.id,
    companyId: firm.company.id,
    userId: firm.paralegal.user.id,
    providerId: firm.providers[0].id,
    ...(status && { status }),
  });
  return { ...firm, request };
}

/** A complete submit body from `by` (the paralegal unless said): the client's HIPAA form and `by`'s intake upload. */
export function requestBody(
  firm: Awaited<ReturnType<typeof firmForRequests>>,
  overrides: Partial<RequestBodyInput> = {},
  by: { user: { id: number } } = firm.paralegal,
): RequestBodyInput {
  return {
    user: firm.paralegal.user.id,
    patient: firm.patient.id,
    provider: [firm.providers[0].id],
    start_date: '2021-01-01',
    end_date: '2023-12-31',
    rush: false,
    request_type: ['Medical Records', 'Billing Records'],
    hipaa_consent_url: firm.patient.hipaaConsentUrl,
    intake_form_url: uploadKey(by.user.id, 'supporting-documents', 'intake.pdf'),
    attorney_name: 'Ann Attorney',
    special_instructions: 'Please include imaging reports.',
    ...overrides,
  };
}

export async function submit(headers: Record<string, string>, body: unknown) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: '/api/home/request/', headers, payload: body as object });
}

export async function requestsOfPatient(patientId: number) {
  const { deps } = await getContext();
  return deps.db.select().from(requests).where(eq(requests.patientId, patientId));
}

export async function emailsTo(to: string, template: string) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, to), eq(emailOutbox.template, template)));
}
