import { toCents } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { createFile, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { invoices, notes } from '../../db/schema';
import { firmWithOneRequest } from './requests.fixtures';

async function detail(headers: Record<string, string>, id: number, query = '') {
  const { app } = await getContext();
  return app.inject({ url: `/api/home/request/${id}/${query}`, headers });
}

describe('GET /api/home/request/{id}/', () => {
  it('returns the request with client and firm, provider, people, notes, files, invoices and abilities', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest();
    const { request } = firm;
    await deps.db.insert(notes).values([
      {
        text: 'older',
        requestId: request.id,
        companyId: request.companyId,
        userId: firm.paralegal.user.id,
        createdAt: new Date('2024-01-01'),
      },
      {
        text: 'newer',
        requestId: request.id,
        companyId: request.companyId,
        userId: firm.staff.user.id,
        createdAt: new Date('2024-02-01'),
      },
    ]);
    const file = await createFile(deps.db, request.id);
    await deps.db.insert(invoices).values({
      requestId: request.id,
      companyId: request.companyId,
      price: toCents(35),
      providerCost: toCents(12.5),
    });

    const res = await detail(
      firm.paralegal.headers,
      request.id,
      '?related=user,notes,notes__user,provider,patient,patient__company,files,files__file_accesses,files__file_accesses__user,files__verified_by,invoices,invoices__bill',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: request.id,
      internal_number: request.internalNumber,
      status: 'Requested By Lawyer',
      price: '35.00',
      days_old: 0,
      days_to_receive: null,
      received_document: false,
      patient: { id: firm.patient.id, company: { id: firm.company.id, name: firm.company.name } },
      provider: { id: firm.providers[0].id, name: firm.providers[0].name, medical_request_url: null },
      user: { id: firm.paralegal.user.id, full_name: firm.paralegal.user.fullName },
      requester: { id: firm.paralegal.user.id },
      files: [{ id: file.id, name: 'records.pdf', downloaded: false }],
      // A firm user who is not staff sees no invoice lines (see the invoice test below).
      invoices: [],
      abilities: {
        can_edit: true,
        can_delete: true,
        can_add_note: true,
        can_upload_supporting: true,
        is_internal_staff: false,
      },
    });
    expect(body.notes.map((n: { text: string }) => n.text)).toEqual(['newer', 'older']);
    expect(body.notes[0].user).toEqual({ id: firm.staff.user.id, full_name: firm.staff.user.fullName });
    expect(JSON.stringify(body)).not.toMatch(/ssn/i);
  });

  it('lets law-firm users edit and delete only while Requested By Lawyer; internal staff always', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest('In Contact With Provider');
    const firmView = (await detail(firm.staff.headers, firm.request.id)).json();
    expect(firmView.abilities).toMatchObject({ can_edit: false, can_delete: false, can_add_note: true });
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const staffView = (await detail(internal.headers, firm.request.id)).json();
    expect(staffView.abilities).toMatchObject({ can_edit: true, can_delete: true, is_internal_staff: true });
  });

  it('answers 404 to another firm, to a colleague who is not staff, and for unknown ids', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest();
    const stranger = await signedIn(deps, { isStaff: true });
    expect((await detail(stranger.headers, firm.request.id)).statusCode).toBe(404);
    expect((await detail(firm.colleague.headers, firm.request.id)).statusCode).toBe(404);
    expect((await detail(firm.staff.headers, 99_999_999)).statusCode).toBe(404);
    const internalWorker = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    expect((await detail(internalWorker.headers, firm.request.id)).statusCode).toBe(404);
  });

  it('shows invoice lines by role: none to firm users, price and paid state to firm staff, all to internal', async () => {
    const { deps } = await getContext();
    const firm = await firmWithOneRequest();
    const [line] = await deps.db
      .insert(invoices)
      .values({
        requestId: firm.request.id,
        companyId: firm.company.id,
        price: toCents(35),
        providerCost: toCents(120),
        pageFee: toCents(4.5),
        autoAddedSurcharge: toCents(10),
        isPaid: true,
      })
      .returning();
    const query = '?related=invoices,invoices__bill';
    const firmUserView = (await detail(firm.paralegal.headers, firm.request.id, query)).json();
    expect(firmUserView.invoices).toEqual([]);

    const firmStaffView = await detail(firm.staff.headers, firm.request.id, query);
    expect(firmStaffView.statusCode).toBe(200);
    expect(firmStaffView.json().invoices).toEqual([{ id: line.id, price: '35.00', is_paid: true }]);
    expect(firmStaffView.body).not.toMatch(/provider_cost|page_fee|auto_added_surcharge/);

    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await detail(internal.headers, firm.request.id, query)).json().invoices).toEqual([
      {
        id: line.id,
        price: '35.00',
        provider_cost: '120.00',
        page_fee: '4.50',
        auto_added_surcharge: '10.00',
        is_paid: true,
        bill_id: null,
      },
    ]);
  });

  it('refuses related names off the list', async () => {
    const firm = await firmWithOneRequest();
    const res = await detail(firm.paralegal.headers, firm.request.id, '?related=patient__ssn');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('patient__ssn');
  });
});
