import { randomUUID } from 'node:crypto';
import { MSG, STATUS } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD, uploadKey } from '../../../test/factories';
import { getContext, randomIp } from '../../../test/helpers';
import { clientBody } from '../patients/patients.fixtures';
import { internalStaff } from './requests.staff-fixtures';

/**
 * A client written only from the law-firm spec's section 7 works the firm's whole workflow:
 * sign in with a token, keep the CSRF field, add a client and a provider, check for duplicates, order,
 * read, resubmit, write a note, see the request on the company dashboard, and delete an unsent order.
 * Cancelling belongs to staff (law-firm spec section 3), so the firm's status call is refused.
 */
async function specClient(email: string) {
  const { app } = await getContext();
  const ip = randomIp();
  const token = await app.inject({
    method: 'POST',
    url: '/users/token/',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });
  expect(token.statusCode, token.body).toBe(200);
  const headers = { authorization: `Bearer ${token.json().access}` };
  const csrf = await app.inject({ method: 'GET', url: '/api/csrfmiddlewaretoken/', headers });
  const { csrfmiddlewaretoken } = csrf.json() as { csrfmiddlewaretoken: string };
  const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const res = await app.inject({
      method,
      url,
      headers,
      remoteAddress: ip,
      ...(method === 'POST' && { payload: { ...payload, csrfmiddlewaretoken } }),
    });
    return { status: res.statusCode, body: res.body, json: () => res.json() };
  };
  return call;
}

describe("the law-firm spec's calls, replayed", () => {
  it('orders, reads, resubmits, notes, lists and deletes through the spec’s calls', async () => {
    const { deps } = await getContext();
    const company = await createCompany(deps.db);
    const paralegal = await createUser(deps.db, { companyId: company.id });
    const call = await specClient(paralegal.email);

    const me = await call('GET', '/users/user/');
    expect(me.json()).toMatchObject({ id: paralegal.id, company_id: company.id });
    const types = await call('GET', '/api/home/requesttype/?order_by=name');
    expect(types.status).toBe(200);

    // The spec creates a client without its SSN, then saves the SSN on its own.
    const { ssn, ...withoutSsn } = clientBody({ user: paralegal });
    const client = await call('POST', '/api/home/patient/', withoutSsn);
    expect(client.status, client.body).toBe(200);
    const patientId = client.json().id as number;
    const related = { patient_id: patientId };
    expect((await call('POST', '/get_related_info/', related)).json()).toMatchObject({
      related_info: { ssn: 'None' },
    });
    const saved = await call('POST', '/save_related_info/', { ...related, ssn });
    expect(saved.status, saved.body).toBe(200);
    expect((await call('POST', '/get_related_info/', related)).json()).toMatchObject({
      related_info: { ssn },
    });
    const clients = await call(
      'GET',
      `/api/home/patient/?order_by=last_name,first_name&company=${company.id}`,
    );
    expect(clients.json().map((p: { id: number }) => p.id)).toContain(patientId);

    const name = `Riverside Clinic ${randomUUID().slice(0, 8)}`;
    expect((await call('GET', `/api/home/provider/?name=${encodeURIComponent(name)}`)).json()).toEqual([]);
    const provider = await call('POST', '/api/home/provider/', { name, email: 'records@riverside.example' });
    expect(provider.status, provider.body).toBe(200);
    const providerId = provider.json().id as number;

    const dates = 'start_date=2021-01-01&end_date=2023-12-31';
    const duplicates = await call(
      'GET',
      `/api/home/request/?related=provider&patient=${patientId}&user=${paralegal.id}&${dates}`,
    );
    expect(duplicates.json()).toMatchObject({ count: 0 });

    // The spec's body also carries status, requester and price: the server sets those itself.
    const order = {
      user: paralegal.id,
      start_date: '2021-01-01',
      end_date: '2023-12-31',
      rush: false,
      status: STATUS.completedArrived,
      patient: patientId,
      request_type: 'Medical Records, Billing Records',
      hipaa_consent_url: clientBody({ user: paralegal }).hipaa_consent_url,
      requester: paralegal.id,
      attorney_name: 'Ann Attorney',
      price: 0.01,
      provider: providerId,
      special_instructions: 'Please include imaging reports.',
      intake_form_url: uploadKey(paralegal.id, 'supporting-documents', 'intake.pdf'),
    };
    const created = await call('POST', '/api/home/request/?related=provider,patient,user', order);
    expect(created.status, created.body).toBe(201);
    const [request] = created.json().results as { id: number; status: string; price: string }[];
    expect(request.status).toBe(STATUS.requestedByLawyer);
    expect(request.price).toBe('35.00');
    const url = `/api/home/request/${request.id}/`;

    const detail = await call(
      'GET',
      `${url}?related=user,notes,notes__user,provider,patient,patient__company,files,files__file_accesses`,
    );
    expect(detail.json()).toMatchObject({
      id: request.id,
      request_type: 'Medical Records, Billing Records',
      provider: { id: providerId },
      patient: { id: patientId },
    });

    // A provider the firm added is flagged for staff to verify before they write to it.
    const staff = await internalStaff();
    const { app } = await getContext();
    const flagged = await app.inject({
      method: 'GET',
      url: `/api/home/request/?patient__company=${company.id}&new_provider=true`,
      headers: staff.headers,
    });
    expect(flagged.json().results.map((r: { id: number }) => r.id)).toEqual([request.id]);

    const resubmit = await call('POST', url, { ...order, special_instructions: 'Also the X-ray films.' });
    expect(resubmit.status, resubmit.body).toBe(200);
    expect(resubmit.json()).toMatchObject({ special_instructions: 'Also the X-ray films.' });

    const note = await call('POST', '/api/home/notes/', {
      text: 'Has the provider answered?',
      update_status: STATUS.requestedByLawyer,
      previous_status: STATUS.requestedByLawyer,
      user: paralegal.id,
      request: request.id,
    });
    expect(note.status, note.body).toBe(201);
    expect(note.json()).toMatchObject({ update_status: STATUS.waitingForDirectDocs });
    const notes = await call('GET', `/api/home/notes/?request=${request.id}`);
    expect(notes.status).toBe(200);

    const cancel = await call('POST', url, { status: STATUS.cancelled });
    expect(cancel.status).toBe(403);

    const dashboard = await call(
      'GET',
      `/api/requests-company/${company.id}/?page=1&page_size=10&open_request=Yes&order_by=-created_at`,
    );
    expect(dashboard.status, dashboard.body).toBe(200);
    expect(JSON.stringify(dashboard.json().results)).toContain(`"id":${request.id}`);
    expect((await call('GET', `/api/download-request/${company.id}/?page=1&page_size=10`)).status).toBe(200);
    expect((await call('GET', '/api/ip/')).json()).toHaveProperty('ip');

    // Edit and delete only while 'Requested By Lawyer': the note moved this one on, a new order can go.
    expect((await call('POST', `${url}delete/`)).status).toBe(403);
    const second = await call('POST', '/api/home/request/', { ...order, start_date: '2020-01-01' });
    expect(second.status, second.body).toBe(201);
    const secondId = second.json().results[0].id as number;
    expect((await call('POST', `/api/home/request/${secondId}/delete/`)).json()).toEqual({ success: true });
    expect((await call('GET', `/api/home/request/${secondId}/`)).status).toBe(404);
  });

  it('sends the contact form as the spec does: from_email-less contact fields, with no template', async () => {
    const { app } = await getContext();
    const res = await app.inject({
      method: 'POST',
      url: '/api/email/',
      payload: {
        name: 'Jane Counsel',
        email: 'jane@counsel.test',
        number: '',
        industry: 'Law',
        message: 'Hi',
      },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: MSG.messageSent });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/email/',
      payload: { name: 'Jane Counsel', message: 'Hi' },
      remoteAddress: randomIp(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain(MSG.contactEmailRequired);
  });
});
