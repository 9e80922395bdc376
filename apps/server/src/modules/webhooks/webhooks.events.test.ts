import { STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createFile,
  createPatient,
  createProvider,
  createRequest,
  INTERNAL_ADMIN,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { webhookDeliveries } from '../../db/schema';
import { firmWithOneRequest, requestBody } from '../requests/requests.fixtures';
import { staffCase } from '../staffwork/staffwork.fixtures';

/**
 * request.records_ready, request.created after a split, request.status_changed on a resubmit and invoice.issued:
 * raised by sending the records, splitting a request, resubmitting it and billing the firm, ids and links only.
 */
async function endpointOf(companyId: number, events = ['request.records_ready', 'invoice.issued']) {
  const { app, deps } = await getContext();
  const admin = await signedIn(deps, { companyId, isStaff: true });
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks/',
    headers: admin.headers,
    payload: { url: 'http://127.0.0.1:9/in', events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function bodiesOf(endpointId: number) {
  const { deps } = await getContext();
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id);
  return rows.map((r) => ({ event: r.event, body: r.body, payload: JSON.parse(r.body) }));
}

describe('events raised by staff work', () => {
  it('sending the records to the firm raises request.records_ready with the package link', async () => {
    const { app, deps } = await getContext();
    const c = await staffCase({ status: STATUS.documentsEnRoute });
    const endpointId = await endpointOf(c.company.id);
    const verifier = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    await createFile(deps.db, c.request.id, { name: 'chart.pdf', verifiedById: verifier.user.id });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/home/request/${c.request.id}/send_to_lawyer/`,
      headers: c.staff.headers,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [ready] = await bodiesOf(endpointId);
    expect(ready.payload).toEqual({
      type: 'request.records_ready',
      timestamp: expect.any(String),
      data: {
        request: {
          id: c.request.id,
          status: STATUS.completedArrived,
          url: `http://app.test/api/home/request/${c.request.id}/`,
        },
        documents: 1,
        package_url: `http://app.test/api/home/request/${c.request.id}/package/`,
      },
    });
    for (const fact of [c.patient.fullName, c.patient.lastName, c.provider.name, 'chart.pdf'])
      expect(ready.body).not.toContain(fact);
  });

  it('splitting a request raises request.created for each new request, naming the one it replaces', async () => {
    const { app, deps } = await getContext();
    const c = await staffCase({ status: STATUS.inContact });
    const { id: created } = (
      await app.inject({
        method: 'POST',
        url: '/api/webhooks/',
        headers: (await signedIn(deps, { companyId: c.company.id, isStaff: true })).headers,
        payload: { url: 'http://127.0.0.1:9/in', events: ['request.created'] },
      })
    ).json();
    const split = await app.inject({
      method: 'POST',
      url: `/api/home/request/${c.request.id}/split/`,
      headers: c.staff.headers,
      payload: {
        splits: [
          { provider: c.provider.id, request_types: ['Medical Records'] },
          { provider: (await createProvider(deps.db)).id, request_types: ['Medical Records'] },
        ],
        override: true,
      },
    });
    expect(split.statusCode, split.body).toBe(201);
    const ids = split.json().results.map((r: { id: number }) => r.id);
    const requests = (await bodiesOf(created)).map((d) => d.payload.data.request);
    expect(requests).toEqual(
      ids.map((id: number) => ({
        id,
        status: STATUS.inContact,
        url: `http://app.test/api/home/request/${id}/`,
        split_from: c.request.id,
      })),
    );
  });

  it('a resubmit back to Requested By Lawyer raises request.status_changed', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithOneRequest(STATUS.inContact);
    const endpointId = await endpointOf(firm.company.id, ['request.status_changed']);
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const res = await app.inject({
      method: 'POST',
      url: `/api/home/request/${firm.request.id}/`,
      headers: staff.headers,
      payload: requestBody(firm, {}, staff) as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [changed] = await bodiesOf(endpointId);
    expect(changed.payload.data.request).toMatchObject({
      id: firm.request.id,
      status: STATUS.requestedByLawyer,
      previous_status: STATUS.inContact,
    });
  });

  it('billing the firm raises invoice.issued with its total and lines, for that firm only', async () => {
    const { app, deps } = await getContext();
    const c = await staffCase({ status: STATUS.closedArrived });
    const endpointId = await endpointOf(c.company.id);
    const bystander = await staffCase();
    const otherEndpoint = await endpointOf(bystander.company.id);
    const patient = await createPatient(deps.db, c.company.id);
    await createRequest(deps.db, {
      patientId: patient.id,
      companyId: c.company.id,
      status: STATUS.closedArrived,
    });
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const billed = await app.inject({
      method: 'POST',
      url: '/api/home/billing/',
      headers: admin.headers,
      payload: { company: c.company.id, title: 'November 2026' },
    });
    expect(billed.statusCode, billed.body).toBe(201);
    const billing = billed.json();
    const [issued] = await bodiesOf(endpointId);
    expect(issued.payload).toEqual({
      type: 'invoice.issued',
      timestamp: expect.any(String),
      data: {
        invoice: {
          id: billing.id,
          total: billing.total,
          lines: 2,
          created: billing.created_at,
          url: `http://app.test/api/home/billing/${billing.id}/`,
        },
      },
    });
    expect(await bodiesOf(otherEndpoint)).toEqual([]);
  });
});
