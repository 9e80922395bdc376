import { automaticSurcharge, requiredFieldMessage, toCents, toDollars } from '@dd/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createCompany, createPatient, createRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { billings, invoices, requests } from '../../db/schema';
import { internalStaff, post } from './requests.staff-fixtures';

/** The requisition and provider fee form: POST /api/home/request/{id}/ with requisition_id and provider_cost. */
async function requestOf(options: { autoSurcharge: boolean }) {
  const { deps } = await getContext();
  const company = await createCompany(deps.db, { autoSurcharge: options.autoSurcharge });
  const patient = await createPatient(deps.db, company.id);
  return createRequest(deps.db, { patientId: patient.id, companyId: company.id, price: 42, pageFee: 3.5 });
}

async function linesOf(requestId: number) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.requestId, requestId))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
}

describe('saving the requisition and provider fee', () => {
  it('updates the request, adds the first invoice line, then updates it while it is not billed', async () => {
    const { deps } = await getContext();
    const request = await requestOf({ autoSurcharge: false });
    const staff = await internalStaff();
    const url = `/api/home/request/${request.id}/`;
    const saved = await post(url, staff.headers, {
      requisition_id: ' REQ-1 ',
      provider_cost: '120.50',
      price: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      requisition_id: 'REQ-1',
      provider_cost: '120.50',
      page_fee: '3.50',
      price: '42.00',
    });
    let lines = await linesOf(request.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      price: toCents(42),
      providerCost: toCents(120.5),
      pageFee: toCents(3.5),
      autoAddedSurcharge: 0,
    });

    expect((await post(url, staff.headers, { requisition_id: 'REQ-2', provider_cost: 80 })).statusCode).toBe(
      200,
    );
    lines = await linesOf(request.id);
    expect(lines).toHaveLength(1);
    expect(lines[0].providerCost).toBe(toCents(80));
    const [row] = await deps.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row).toMatchObject({ requisitionId: 'REQ-2', providerCost: toCents(80), price: toCents(42) });
  });

  it('refuses a provider fee with fractions of a cent (400, nothing saved)', async () => {
    const request = await requestOf({ autoSurcharge: true });
    const staff = await internalStaff();
    const res = await post(`/api/home/request/${request.id}/`, staff.headers, { provider_cost: 120.505 });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter an amount such as 25.00');
    expect(await linesOf(request.id)).toEqual([]);
  });

  it('adds a new line once the last one is on a billing', async () => {
    const { deps } = await getContext();
    const request = await requestOf({ autoSurcharge: false });
    const staff = await internalStaff();
    const url = `/api/home/request/${request.id}/`;
    await post(url, staff.headers, { requisition_id: 'A', provider_cost: 10 });
    const [billing] = await deps.db
      .insert(billings)
      .values({ title: 'March', companyId: request.companyId })
      .returning();
    await deps.db.update(invoices).set({ billId: billing.id }).where(eq(invoices.requestId, request.id));
    await post(url, staff.headers, { requisition_id: 'A', provider_cost: 30 });
    const lines = await linesOf(request.id);
    expect(lines.map((l) => [l.providerCost, l.billId])).toEqual([
      [toCents(10), billing.id],
      [toCents(30), null],
    ]);
  });

  it('adds the automatic surcharge for flagged companies: 10 per full 100, at most 1000', async () => {
    expect(
      [0, 99.99, 100, 250, 9_999, 10_000, 25_000].map((d) => toDollars(automaticSurcharge(toCents(d)))),
    ).toEqual([0, 0, 10, 20, 990, 1000, 1000]);
    const request = await requestOf({ autoSurcharge: true });
    const staff = await internalStaff();
    const url = `/api/home/request/${request.id}/`;
    for (const [cost, surcharge] of [
      [250, 20],
      [99.99, 0],
      [25_000, 1000],
    ]) {
      expect((await post(url, staff.headers, { requisition_id: null, provider_cost: cost })).statusCode).toBe(
        200,
      );
      const [line] = await linesOf(request.id);
      expect(line.autoAddedSurcharge, String(cost)).toBe(toCents(surcharge));
    }
  });

  it('refuses bad amounts, and answers 403 to all but internal staff and 404 for a missing request', async () => {
    const { deps } = await getContext();
    const request = await requestOf({ autoSurcharge: false });
    const staff = await internalStaff();
    const url = `/api/home/request/${request.id}/`;
    for (const body of [
      { requisition_id: 'A', provider_cost: -1 },
      { requisition_id: 'A', provider_cost: 'ten' },
      { requisition_id: 'A' },
      { provider_cost: 5, status: 'Closed - Cancelled Request' },
    ]) {
      expect((await post(url, staff.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{ requisition_id: 'A' }, { requisition_id: 'A', provider_cost: ' ' }]) {
      // The message the Tracking form shows under the field before sending, from the same schema.
      expect((await post(url, staff.headers, body)).json().fields, JSON.stringify(body)).toEqual({
        provider_cost: requiredFieldMessage('Provider Cost'),
      });
    }
    const who = await callers(deps);
    for (const caller of [who.firmUser, who.firmStaff, who.otherFirm, who.internalUser]) {
      const res = await post(url, caller.headers, { requisition_id: 'X', provider_cost: 1 });
      expect(res.statusCode).toBe(403);
    }
    expect(await linesOf(request.id)).toHaveLength(0);
    const missing = await post('/api/home/request/999999999/', staff.headers, {
      requisition_id: 'X',
      provider_cost: 1,
    });
    expect(missing.statusCode).toBe(404);
  });
});
