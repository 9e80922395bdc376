import {
  CERTIFICATION_REQUEST_TYPE,
  dateFieldFormatMessage,
  duplicateRequestMessage,
  endBeforeStartMessage,
  MSG,
  mainContactNotInFirmMessage,
  providerMissingMessage,
  requiredFieldMessage,
} from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { createPatient, createRequest, createUser, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { emailsTo, firmForRequests, requestBody, requestsOfPatient, submit } from './requests.fixtures';

describe('POST /api/home/request/ (submit)', () => {
  it('creates one request per provider with the firm, requester, price and a confirmation e-mail', async () => {
    const firm = await firmForRequests({ requestPrice: 40 });
    const ids = firm.providers.map((p) => p.id);
    const res = await submit(
      firm.paralegal.headers,
      requestBody(firm, {
        provider: ids,
        rush: true,
        status: 'Closed - Cancelled Request',
        price: 1,
      } as object),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { provider_id: number }) => r.provider_id)).toEqual(ids);
    for (const r of body.results) {
      expect(r).toMatchObject({
        status: 'Requested By Lawyer',
        price: '47.00',
        rush: true,
        company_id: firm.company.id,
        requester_id: firm.paralegal.user.id,
        user_id: firm.paralegal.user.id,
        request_type: 'Medical Records, Billing Records',
        start_date: '2021-01-01',
        days_old: 0,
        received_document: false,
      });
      expect(r.patient).toMatchObject({ id: firm.patient.id });
      expect(r.patient).not.toHaveProperty('ssn');
      expect(r.provider.name).toBeTruthy();
    }
    const numbers = new Set(body.results.map((r: { internal_number: string }) => r.internal_number));
    expect(numbers.size).toBe(3);

    const [mail] = await emailsTo(firm.paralegal.user.email, 'request-submitted');
    expect(mail.subject).toBe('Records request submitted to 3 providers');
    expect(mail.text).toContain(firm.patient.fullName);
    for (const r of body.results) expect(mail.text).toContain(`http://app.test/request/${r.id}/`);
    expect(mail.html).toContain('Direct Docs');
  });

  it('uses 35 by default, a flat 9.95 for the certification type, and reads request types as text', async () => {
    const firm = await firmForRequests();
    const plain = await submit(
      firm.paralegal.headers,
      requestBody(firm, { request_type: 'Pathology, Billing Records' }),
    );
    expect(plain.json().results[0]).toMatchObject({
      price: '35.00',
      request_type: 'Pathology, Billing Records',
      request_types: ['Pathology', 'Billing Records'],
    });
    const cert = await submit(
      firm.paralegal.headers,
      requestBody(firm, {
        provider: [firm.providers[1].id],
        rush: true,
        request_type: [CERTIFICATION_REQUEST_TYPE],
      }),
    );
    expect(cert.json().results[0].price).toBe('9.95');
  });

  it('validates in the spec order with the spec messages', async () => {
    const firm = await firmForRequests();
    const cases: [object, string][] = [
      [{ patient: null, provider: [] }, MSG.noPatient],
      [{ provider: [] }, MSG.noProvider],
      [{ user: null }, requiredFieldMessage('Main Contact')],
      [{ start_date: '' }, requiredFieldMessage('Start Date')],
      [{ end_date: null }, requiredFieldMessage('End Date')],
      [{ start_date: '01/02/2021' }, dateFieldFormatMessage('Start Date')],
      [{ end_date: '2021-02-30' }, dateFieldFormatMessage('End Date')],
    ];
    for (const [overrides, message] of cases) {
      const res = await submit(firm.staff.headers, requestBody(firm, overrides));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const all = await submit(firm.staff.headers, {});
    expect(all.json().fields).toEqual({
      patient: MSG.noPatient,
      provider: MSG.noProvider,
      user: requiredFieldMessage('Main Contact'),
      start_date: requiredFieldMessage('Start Date'),
      end_date: requiredFieldMessage('End Date'),
    });
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(0);
  });

  it('accepts 1-2 digit months and days and stores the date padded', async () => {
    const firm = await firmForRequests();
    const res = await submit(firm.paralegal.headers, requestBody(firm, { start_date: '2021-7-3' }));
    expect(res.json().results[0].start_date).toBe('2021-07-03');
  });

  it('refuses an end date before the start date and writes nothing', async () => {
    const firm = await firmForRequests();
    const body = requestBody(firm, { start_date: '2023-05-02', end_date: '2023-5-1' });
    const res = await submit(firm.paralegal.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: endBeforeStartMessage,
      fields: { end_date: endBeforeStartMessage },
    });
    expect(await requestsOfPatient(firm.patient.id)).toEqual([]);
  });

  it('gives a non-staff user themselves as main contact whatever they send', async () => {
    const firm = await firmForRequests();
    const res = await submit(firm.paralegal.headers, requestBody(firm, { user: firm.colleague.user.id }));
    expect(res.json().results[0].user_id).toBe(firm.paralegal.user.id);
    const missing = await submit(
      firm.paralegal.headers,
      requestBody(firm, { user: null, provider: [firm.providers[2].id] }),
    );
    expect(missing.statusCode).toBe(201);
  });

  it('lets firm staff and internal staff choose an active user of the client’s firm', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const byStaff = await submit(
      firm.staff.headers,
      requestBody(firm, { user: firm.colleague.user.id }, firm.staff),
    );
    expect(byStaff.json().results[0]).toMatchObject({
      user_id: firm.colleague.user.id,
      requester_id: firm.staff.user.id,
    });
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const byInternal = await submit(
      internal.headers,
      requestBody(firm, { provider: [firm.providers[1].id] }, internal),
    );
    expect(byInternal.json().results[0]).toMatchObject({
      company_id: firm.company.id,
      requester_id: internal.user.id,
    });

    const outsider = await createUser(deps.db);
    const inactive = await createUser(deps.db, { companyId: firm.company.id, isActive: false });
    for (const user of [outsider.id, inactive.id, internal.user.id]) {
      const res = await submit(
        firm.staff.headers,
        requestBody(firm, { user, provider: [firm.providers[2].id] }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: mainContactNotInFirmMessage,
        fields: { user: mainContactNotInFirmMessage },
      });
    }
  });

  it('answers 404 for a client of another firm', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const stranger = await signedIn(deps, { isStaff: true });
    const res = await submit(stranger.headers, requestBody(firm, { user: stranger.user.id }));
    expect(res.statusCode).toBe(404);
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(0);
  });

  it('refuses a duplicate with 409 naming the providers, and creates it with override_duplicates', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const [a, b, c] = firm.providers;
    for (const provider of [a, b]) {
      await createRequest(deps.db, {
        patientId: firm.patient.id,
        companyId: firm.company.id,
        userId: firm.paralegal.user.id,
        providerId: provider.id,
        startDate: '2021-01-01',
        endDate: '2023-12-31',
      });
    }
    const body = requestBody(firm, { provider: [a.id, b.id, c.id] });
    const res = await submit(firm.paralegal.headers, body);
    expect(res.statusCode).toBe(409);
    const names = [a.name, b.name].sort();
    expect(res.json()).toEqual({ error: duplicateRequestMessage(names), details: { duplicates: names } });
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(2);

    const other = await submit(firm.paralegal.headers, { ...body, end_date: '2024-01-01' });
    expect(other.statusCode).toBe(201);
    const forced = await submit(firm.paralegal.headers, { ...body, override_duplicates: true });
    expect(forced.statusCode).toBe(201);
    expect(forced.json().count).toBe(3);
  });

  it('leaves no request and no e-mail behind when a provider fails part-way', async () => {
    const firm = await firmForRequests();
    const [a, b] = firm.providers;
    const res = await submit(
      firm.paralegal.headers,
      requestBody(firm, { provider: [a.id, 99_999_999, b.id] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(providerMissingMessage(99_999_999));
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(0);
    expect(await emailsTo(firm.paralegal.user.email, 'request-submitted')).toHaveLength(0);
  });

  it('accepts only the allow-listed related names', async () => {
    const { app } = await getContext();
    const firm = await firmForRequests();
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/request/?related=provider,secrets',
      headers: firm.paralegal.headers,
      payload: requestBody(firm),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("'secrets'");
  });

  it('keeps patients of the same firm separate', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const second = await createPatient(deps.db, firm.company.id);
    const res = await submit(
      firm.paralegal.headers,
      requestBody(firm, { patient: second.id, hipaa_consent_url: null }),
    );
    expect(res.json().results[0].patient_id).toBe(second.id);
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(0);
  });
});
