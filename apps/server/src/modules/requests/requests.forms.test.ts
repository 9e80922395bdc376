import { FILE_MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createFile,
  createPatient,
  createRequest,
  firmWithRequest,
  uploadKey,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { requests } from '../../db/schema';
import { firmForRequests, requestBody, requestsOfPatient, submit } from './requests.fixtures';

/**
 * The request's form links (hipaa_consent_url, intake_form_url): the caller's own upload, the client's
 * saved HIPAA form, or, on an edit, the links already saved on the request. Nothing else.
 */
async function edit(headers: Record<string, string>, id: number, body: unknown) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: `/api/home/request/${id}/`, headers, payload: body as object });
}

const refused = (field: 'hipaa_consent_url' | 'intake_form_url') => ({
  error: FILE_MSG.foreignFormLink,
  fields: { [field]: FILE_MSG.foreignFormLink },
});

describe('form links on POST /api/home/request/ (submit)', () => {
  it('takes the client’s saved HIPAA form, uploaded by a colleague, and the caller’s own intake upload', async () => {
    const firm = await firmForRequests();
    const body = requestBody(firm);
    const res = await submit(firm.paralegal.headers, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().results[0]).toMatchObject({
      hipaa_consent_url: firm.patient.hipaaConsentUrl,
      intake_form_url: body.intake_form_url,
    });
    expect(firm.patient.hipaaConsentUrl).toContain(`/u${firm.colleague.user.id}/`);
  });

  it('refuses a colleague’s upload, another firm’s file and path tricks, and creates nothing', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const victim = await firmWithRequest(deps);
    const secret = await createFile(deps.db, victim.request.id);
    const colleagues = uploadKey(firm.colleague.user.id, 'supporting-documents', 'intake.pdf');
    const own = `supporting-documents/u${firm.paralegal.user.id}`;
    for (const link of [colleagues, secret.url, `${own}/../../${secret.url}`, `/${own}/x-intake.pdf`]) {
      for (const field of ['hipaa_consent_url', 'intake_form_url'] as const) {
        const res = await submit(firm.paralegal.headers, requestBody(firm, { [field]: link }));
        expect(res.statusCode, `${field} ${link}`).toBe(400);
        expect(res.json()).toEqual(refused(field));
      }
    }
    // The intake form is not a place for the client's HIPAA form, nor a HIPAA form for one's records upload.
    const swapped = await submit(
      firm.paralegal.headers,
      requestBody(firm, { intake_form_url: firm.patient.hipaaConsentUrl }),
    );
    expect(swapped.json()).toEqual(refused('intake_form_url'));
    const ownRecords = uploadKey(firm.paralegal.user.id, 'provider-records', 'consent.pdf');
    const wrongBucket = await submit(
      firm.paralegal.headers,
      requestBody(firm, { hipaa_consent_url: ownRecords }),
    );
    expect(wrongBucket.json()).toEqual(refused('hipaa_consent_url'));
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(0);
  });

  it('does not let one client’s HIPAA form travel to another client’s request', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const second = await createPatient(deps.db, firm.company.id);
    const res = await submit(firm.paralegal.headers, requestBody(firm, { patient: second.id }));
    expect(res.json()).toEqual(refused('hipaa_consent_url'));
  });
});

describe('form links on POST /api/home/request/{id}/ (edit)', () => {
  it('keeps the links saved on the request and accepts the client’s form or the caller’s own uploads', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const savedIntake = uploadKey(firm.staff.user.id, 'supporting-documents', 'intake.pdf');
    const savedHipaa = uploadKey(firm.staff.user.id, 'hipaa-forms', 'consent.pdf');
    const request = await createRequest(deps.db, {
      patientId: firm.patient.id,
      companyId: firm.company.id,
      userId: firm.paralegal.user.id,
      providerId: firm.providers[0].id,
      intakeFormUrl: savedIntake,
      hipaaConsentUrl: savedHipaa,
    });
    const saved = { intake_form_url: savedIntake, hipaa_consent_url: savedHipaa };
    const unchanged = await edit(firm.paralegal.headers, request.id, requestBody(firm, saved));
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject(saved);

    const borrowed = uploadKey(firm.colleague.user.id, 'supporting-documents', 'other.pdf');
    const res = await edit(
      firm.paralegal.headers,
      request.id,
      requestBody(firm, { intake_form_url: borrowed }),
    );
    expect(res.json()).toEqual(refused('intake_form_url'));

    const changed = requestBody(firm, { hipaa_consent_url: firm.patient.hipaaConsentUrl });
    expect((await edit(firm.paralegal.headers, request.id, changed)).statusCode).toBe(200);
    const [row] = await deps.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row).toMatchObject({
      hipaaConsentUrl: firm.patient.hipaaConsentUrl,
      intakeFormUrl: changed.intake_form_url,
    });
  });
});
