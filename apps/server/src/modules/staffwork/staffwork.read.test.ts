import { toCents } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestTypesNamed } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { patients, providers, requests, users } from '../../db/schema';
import { replaceRequestTypes } from '../requests/requests.types';
import { call, staffCase } from './staffwork.fixtures';

describe('GET /api/home/request/{id}/first_send/', () => {
  it('writes the request letter for the provider and lists what to attach', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ companyValues: { releaseFormUrl: 'company-forms/u1/release.pdf' } });
    const types = await requestTypesNamed(deps.db, ['Medical Records', 'Billing Records']);
    await deps.db.transaction((tx) => replaceRequestTypes(tx, c.request, types));
    await deps.db
      .update(requests)
      .set({
        startDate: '2019-03-04',
        endDate: '2023-12-31',
        rush: true,
        specialInstructions: 'Include all imaging reports.',
        attorneyName: 'Ann Attorney',
        intakeFormUrl: 'supporting-documents/u2/intake.pdf',
        hipaaConsentUrl: 'hipaa-forms/u2/consent.pdf',
      })
      .where(eq(requests.id, c.request.id));
    await deps.db
      .update(providers)
      .set({ medicalRequestUrl: 'provider-forms/u3/form.pdf' })
      .where(eq(providers.id, c.provider.id));
    const res = await call('GET', `/api/home/request/${c.request.id}/first_send/`, c.staff.headers);
    expect(res.statusCode).toBe(200);
    const letter = res.json();
    expect(letter.to).toBe('records@provider.example');
    expect(letter.subject).toBe(
      `Medical Records Request: ${c.patient.fullName}, DOB 04/12/1980 (Direct Docs #${c.request.internalNumber})`,
    );
    for (const part of [
      `Dear ${c.provider.name} Medical Records Department,`,
      `on behalf of ${c.company.name} (attorney Ann Attorney)`,
      `Patient: ${c.patient.fullName}`,
      'Date of birth: 04/12/1980',
      'Dates of service: 03/04/2019 to 12/31/2023',
      'Records requested: Medical Records, Billing Records',
      'Priority: RUSH',
      'Special instructions: Include all imaging reports.',
      `Direct Docs request #${c.request.internalNumber}`,
      c.staff.user.fullName,
      deps.mail.supportEmail,
    ]) {
      expect(letter.text).toContain(part);
    }
    expect(letter.attachments).toEqual([
      { label: 'HIPAA Authorization', url: 'hipaa-forms/u2/consent.pdf' },
      { label: 'Intake Form', url: 'supporting-documents/u2/intake.pdf' },
      { label: `${c.provider.name} Request Form`, url: 'provider-forms/u3/form.pdf' },
      { label: 'Law Firm Release', url: 'company-forms/u1/release.pdf' },
    ]);
  });

  it("falls back to the client's HIPAA form, lists a web form without attaching it, may have no address", async () => {
    const { deps } = await getContext();
    const c = await staffCase({ authorization: 'none' });
    await deps.db
      .update(patients)
      .set({ hipaaConsentUrl: 'hipaa-forms/u9/client.pdf' })
      .where(eq(patients.id, c.patient.id));
    await deps.db
      .update(providers)
      .set({ email: null, medicalRequestUrl: 'https://provider.example/records-form' })
      .where(eq(providers.id, c.provider.id));
    const letter = (
      await call('GET', `/api/home/request/${c.request.id}/first_send/`, c.staff.headers)
    ).json();
    expect(letter.to).toBeNull();
    expect(letter.attachments).toEqual([
      { label: 'HIPAA Authorization', url: 'hipaa-forms/u9/client.pdf' },
      { label: `${c.provider.name} Request Form`, url: 'https://provider.example/records-form' },
    ]);
    // A form on the provider's own site is listed for staff, not claimed as attached.
    expect(letter.text).toContain('Attached: HIPAA Authorization.');
    expect(letter.text).not.toContain('RUSH');
    expect(letter.text).not.toContain('Special instructions');
  });
});

describe('GET /api/home/request/{id}/staff_info/', () => {
  it('gives the firm, its people with phone numbers, the claim, the follow-up date and the tracking fields', async () => {
    const { deps } = await getContext();
    const c = await staffCase({
      companyValues: { phoneNumber: '303-555-0199', releaseFormUrl: 'company-forms/r.pdf' },
    });
    await deps.db.update(users).set({ phoneNumber: '303-555-0142' }).where(eq(users.id, c.contact.user.id));
    await deps.db
      .update(requests)
      .set({
        nextTodoDate: '2030-06-01',
        requisitionId: 'REQ-77',
        providerCost: toCents(25.5),
        archived: true,
        workingOnId: c.staff.user.id,
      })
      .where(eq(requests.id, c.request.id));
    const res = await call('GET', `/api/home/request/${c.request.id}/staff_info/`, c.staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: c.request.id,
      archived: true,
      next_todo_date: '2030-06-01',
      requisition_id: 'REQ-77',
      provider_cost: '25.50',
      page_fee: '0.00',
      provider_pages: null,
      provider_medium: null,
      provider_clerical_minutes: null,
      provider_postage: '0.00',
      fee_check: null,
      received_document_at: null,
      new_provider: false,
      working_on: { id: c.staff.user.id, full_name: c.staff.user.fullName },
      law_firm: {
        id: c.company.id,
        name: c.company.name,
        phone_number: '303-555-0199',
        release_form_url: 'company-forms/r.pdf',
      },
      main_contact: {
        id: c.contact.user.id,
        full_name: c.contact.user.fullName,
        email: c.contact.user.email,
        phone_number: '303-555-0142',
      },
      requester: {
        id: c.requester.user.id,
        full_name: c.requester.user.fullName,
        email: c.requester.user.email,
        phone_number: null,
      },
    });
    await deps.db
      .update(requests)
      .set({ userId: null, workingOnId: null })
      .where(eq(requests.id, c.request.id));
    const bare = (await call('GET', `/api/home/request/${c.request.id}/staff_info/`, c.staff.headers)).json();
    expect(bare).toMatchObject({ main_contact: null, working_on: null });
  });
});
