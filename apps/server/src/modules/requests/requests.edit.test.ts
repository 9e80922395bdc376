import {
  chooseOneProviderMessage,
  clientOfSameFirmMessage,
  duplicateRequestMessage,
  formatAmount,
  MSG,
  RUSH_RESUBMIT_PRICE,
  requiredFieldMessage,
  toCents,
} from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFile, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { files, invoices, notes, requests } from '../../db/schema';
import { firmForRequests, requestBody } from './requests.fixtures';
import { RESUBMIT_NOTE } from './requests.update';

type Status = 'Requested By Lawyer' | 'In Contact With Provider';

async function firmWithOneRequest(status: Status = 'Requested By Lawyer', requestPrice?: number) {
  const { deps } = await getContext();
  const firm = await firmForRequests(requestPrice ? { requestPrice } : {});
  const request = await createRequest(deps.db, {
    patientId: firm.patient.id,
    companyId: firm.company.id,
    userId: firm.paralegal.user.id,
    providerId: firm.providers[0].id,
    status,
  });
  return { ...firm, request };
}

async function edit(headers: Record<string, string>, id: number, body: unknown) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: `/api/home/request/${id}/`, headers, payload: body as object });
}

async function remove(headers: Record<string, string>, id: number) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: `/api/home/request/${id}/delete/`, headers, payload: {} });
}

async function stored(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
  return row;
}

describe('POST /api/home/request/{id}/ (edit = resubmit)', () => {
  it('saves the changes while Requested By Lawyer and prices a rush resubmit at 42 for a base-priced firm', async () => {
    const firm = await firmWithOneRequest();
    const res = await edit(
      firm.paralegal.headers,
      firm.request.id,
      requestBody(firm, { provider: [firm.providers[1].id], rush: true, end_date: '2024-06-30' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: firm.request.id,
      status: 'Requested By Lawyer',
      provider_id: firm.providers[1].id,
      price: formatAmount(RUSH_RESUBMIT_PRICE),
      rush: true,
      end_date: '2024-06-30',
      provider: { name: firm.providers[1].name },
    });
    const priced = await firmWithOneRequest('Requested By Lawyer', 50);
    const again = await edit(
      priced.paralegal.headers,
      priced.request.id,
      requestBody(priced, { rush: true }),
    );
    expect(again.json().price).toBe('57.00');
  });

  it('keeps the main contact for a non-staff editor and lets staff change it', async () => {
    const firm = await firmWithOneRequest();
    await edit(firm.paralegal.headers, firm.request.id, requestBody(firm, { user: firm.colleague.user.id }));
    expect((await stored(firm.request.id)).userId).toBe(firm.paralegal.user.id);
    await edit(
      firm.staff.headers,
      firm.request.id,
      requestBody(firm, { user: firm.colleague.user.id }, firm.staff),
    );
    expect((await stored(firm.request.id)).userId).toBe(firm.colleague.user.id);
  });

  it('validates like a submit and takes exactly one provider', async () => {
    const firm = await firmWithOneRequest();
    const none = await edit(firm.staff.headers, firm.request.id, requestBody(firm, { provider: [] }));
    expect(none.json().error).toBe(MSG.noProvider);
    const two = await edit(
      firm.staff.headers,
      firm.request.id,
      requestBody(firm, { provider: firm.providers.slice(0, 2).map((p) => p.id) }),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toBe(chooseOneProviderMessage);
    const noStart = await edit(firm.staff.headers, firm.request.id, requestBody(firm, { start_date: null }));
    expect(noStart.json().error).toBe(requiredFieldMessage('Start Date'));
  });

  it('checks duplicates against the other requests only', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest();
    expect((await edit(firm.paralegal.headers, firm.request.id, requestBody(firm))).statusCode).toBe(200);
    await createRequest(deps.db, {
      patientId: firm.patient.id,
      companyId: firm.company.id,
      userId: firm.paralegal.user.id,
      providerId: firm.providers[1].id,
      startDate: '2021-01-01',
      endDate: '2023-12-31',
    });
    const body = requestBody(firm, { provider: [firm.providers[1].id] });
    const res = await edit(firm.paralegal.headers, firm.request.id, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(duplicateRequestMessage([firm.providers[1].name]));
    const forced = await edit(firm.paralegal.headers, firm.request.id, {
      ...body,
      override_duplicates: true,
    });
    expect(forced.statusCode).toBe(200);
  });

  it('is refused (403) for law-firm users once work has started; internal staff resubmit with a note', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest('In Contact With Provider');
    for (const caller of [firm.paralegal, firm.staff]) {
      const res = await edit(caller.headers, firm.request.id, requestBody(firm));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.notAllowed);
    }
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const res = await edit(internal.headers, firm.request.id, requestBody(firm, {}, internal));
    expect(res.json().status).toBe('Requested By Lawyer');
    const [note] = await deps.db.select().from(notes).where(eq(notes.requestId, firm.request.id));
    expect(note).toMatchObject({
      text: RESUBMIT_NOTE,
      updateStatus: 'Requested By Lawyer',
      previousStatus: 'In Contact With Provider',
      userId: internal.user.id,
    });
  });

  it("keeps the request with its firm: staff cannot move it to another firm's client", async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest();
    const other = await firmForRequests();
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const body = requestBody(firm, { patient: other.patient.id, user: other.paralegal.user.id }, internal);
    const res = await edit(internal.headers, firm.request.id, {
      ...body,
      hipaa_consent_url: other.patient.hipaaConsentUrl,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(clientOfSameFirmMessage);
    expect((await stored(firm.request.id)).companyId).toBe(firm.company.id);
  });

  it('answers 404 to another firm and to a non-staff colleague', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest();
    const stranger = await signedIn(deps, { isStaff: true });
    expect((await edit(stranger.headers, firm.request.id, requestBody(firm))).statusCode).toBe(404);
    expect((await edit(firm.colleague.headers, firm.request.id, requestBody(firm))).statusCode).toBe(404);
  });
});

describe('POST /api/home/request/{id}/delete/', () => {
  // requests.delete.test.ts covers when a delete archives and when it erases.
  it('archives the request but keeps its notes, files and invoice lines while Requested By Lawyer', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest();
    const id = firm.request.id;
    await deps.db.insert(notes).values({ text: 'n', requestId: id, companyId: firm.company.id });
    const file = await createFile(deps.db, id);
    await deps.db.insert(invoices).values({ requestId: id, companyId: firm.company.id, price: toCents(35) });
    const res = await remove(firm.paralegal.headers, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ active: false });
    expect(await deps.db.select().from(notes).where(eq(notes.requestId, id))).toHaveLength(1);
    expect(await deps.db.select().from(files).where(eq(files.id, file.id))).toHaveLength(1);
    expect(await deps.db.select().from(invoices).where(eq(invoices.requestId, id))).toHaveLength(1);
  });

  it('is refused (403) for law-firm users once work has started and allowed for internal staff', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest('In Contact With Provider');
    const refused = await remove(firm.staff.headers, firm.request.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MSG.notAllowed);
    expect(await stored(firm.request.id)).toBeTruthy();
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await remove(internal.headers, firm.request.id)).statusCode).toBe(200);
  });

  it('answers 404 to another firm and to a non-staff colleague', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest();
    const stranger = await signedIn(deps, { isStaff: true });
    expect((await remove(stranger.headers, firm.request.id)).statusCode).toBe(404);
    expect((await remove(firm.colleague.headers, firm.request.id)).statusCode).toBe(404);
    expect(await stored(firm.request.id)).toBeTruthy();
  });
});
