import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createFile,
  createPatient,
  createProvider,
  createRequest,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { batesRanges } from '../../db/schema';
import { internalStaff, post } from '../requests/requests.staff-fixtures';

/** Staff record what a provider charged for, and the Request Details Center checks it against the law. */
async function requestAt(
  provider: { state: string; kind: 'hospital' | 'physician' | 'other' | null },
  legalBasis: 'authorization' | 'subpoena' = 'authorization',
) {
  const { deps } = await getContext();
  const company = await createCompany(deps.db, { name: 'Reyes & Cole' });
  const patient = await createPatient(deps.db, company.id, { firstName: 'Maria', lastName: 'Lopez' });
  const hospital = await createProvider(deps.db, { name: `Gulf Coast Hospital ${company.id}`, ...provider });
  const request = await createRequest(deps.db, {
    patientId: patient.id,
    companyId: company.id,
    providerId: hospital.id,
    legalBasis,
  });
  return { request, hospital, staff: await internalStaff() };
}

async function staffInfo(id: number, headers: Record<string, string>) {
  const { app } = await getContext();
  const res = await app.inject({ method: 'GET', url: `/api/home/request/${id}/staff_info/`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the provider charge checked on the request', () => {
  it('flags $180 for 250 paper pages at a Texas hospital as $5.00 over, with a dispute letter citing the statute', async () => {
    const c = await requestAt({ state: 'Texas', kind: 'hospital' });
    const url = `/api/home/request/${c.request.id}/`;
    const saved = await post(url, c.staff.headers, { provider_cost: '180.00', pages: 250, medium: 'paper' });
    expect(saved.statusCode, saved.body).toBe(200);

    const info = await staffInfo(c.request.id, c.staff.headers);
    expect(info).toMatchObject({
      provider_cost: '180.00',
      provider_pages: 250,
      provider_medium: 'paper',
      fee_check: {
        cap: '175.00',
        charged: '180.00',
        overcharge: '5.00',
        verdict: 'over',
        rule: { id: 'tx-hospital', citation: 'Tex. Health & Safety Code 241.154' },
      },
    });
    const letter: string = info.fee_check.dispute_letter;
    expect(letter).toContain(`Dear ${c.hospital.name} Medical Records Department,`);
    expect(letter).toContain('invoice of $180.00 for 250 pages (paper) of the records of Maria Lopez');
    expect(letter).toContain('Under Tex. Health & Safety Code 241.154, the most that may be charged');
    expect(letter).toContain('is $175.00. The invoice exceeds that limit by $5.00.');
  });

  it('keeps the recorded pages when the spec’s call saves only the cost, and finds a lower charge within the cap', async () => {
    const c = await requestAt({ state: 'TX', kind: 'hospital' });
    const url = `/api/home/request/${c.request.id}/`;
    await post(url, c.staff.headers, { provider_cost: 180, pages: 250, medium: 'paper' });
    expect((await post(url, c.staff.headers, { requisition_id: 'R-9', provider_cost: 150 })).statusCode).toBe(
      200,
    );
    const info = await staffInfo(c.request.id, c.staff.headers);
    expect(info).toMatchObject({ provider_pages: 250, fee_check: { verdict: 'within', overcharge: '0.00' } });
    expect(info.fee_check.dispute_letter).toBeNull();
  });

  it('checks a California subpoena with the clerical time and postage the provider itemized, and keeps them', async () => {
    const c = await requestAt({ state: 'CA', kind: 'hospital' }, 'subpoena');
    const url = `/api/home/request/${c.request.id}/`;
    const saved = await post(url, c.staff.headers, {
      provider_cost: '60.00',
      pages: 250,
      medium: 'paper',
      clerical_minutes: 45,
      postage: '8.50',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // 250 × $0.10 + 3 quarter hours × $6 + $8.50 postage = $51.50.
    const over = {
      provider_clerical_minutes: 45,
      provider_postage: '8.50',
      fee_check: { cap: '51.50', overcharge: '8.50', verdict: 'over', rule: { id: 'ca-evid-1563' } },
    };
    expect(await staffInfo(c.request.id, c.staff.headers)).toMatchObject(over);
    // The spec's call, with the cost alone, keeps the itemized time and postage.
    await post(url, c.staff.headers, { provider_cost: '60.00' });
    expect(await staffInfo(c.request.id, c.staff.headers)).toMatchObject(over);
    // Clearing the clerical time leaves only the pages and postage: $33.50.
    await post(url, c.staff.headers, { provider_cost: '60.00', clerical_minutes: null });
    expect((await staffInfo(c.request.id, c.staff.headers)).fee_check).toMatchObject({ cap: '33.50' });
  });

  it('has no check before the pages are recorded, and no rule for a Texas provider of unknown kind', async () => {
    const c = await requestAt({ state: 'TX', kind: null });
    expect((await staffInfo(c.request.id, c.staff.headers)).fee_check).toBeNull();
    await post(`/api/home/request/${c.request.id}/`, c.staff.headers, {
      provider_cost: 180,
      pages: 250,
      medium: 'paper',
    });
    expect((await staffInfo(c.request.id, c.staff.headers)).fee_check).toMatchObject({
      verdict: 'no_rule',
      cap: null,
      rule: null,
    });
  });

  it('counts the pages delivered to the firm from their Bates ranges, for staff to compare with the pages billed', async () => {
    const { deps } = await getContext();
    const c = await requestAt({ state: 'TX', kind: 'hospital' });
    await post(`/api/home/request/${c.request.id}/`, c.staff.headers, {
      provider_cost: 180,
      pages: 250,
      medium: 'paper',
    });
    expect((await staffInfo(c.request.id, c.staff.headers)).fee_check.delivered_pages).toBeNull();
    const chart = await createFile(deps.db, c.request.id);
    const bills = await createFile(deps.db, c.request.id);
    await deps.db.insert(batesRanges).values([
      {
        fileId: chart.id,
        patientId: c.request.patientId,
        companyId: c.request.companyId,
        prefix: 'LOPEZ',
        firstNumber: 1,
        lastNumber: 200,
      },
      {
        fileId: bills.id,
        patientId: c.request.patientId,
        companyId: c.request.companyId,
        prefix: 'LOPEZ',
        firstNumber: 201,
        lastNumber: 248,
      },
    ]);
    expect((await staffInfo(c.request.id, c.staff.headers)).fee_check.delivered_pages).toBe(248);
  });

  it('refuses a page count that is not a whole number, naming the field', async () => {
    const c = await requestAt({ state: 'TX', kind: 'hospital' });
    const res = await post(`/api/home/request/${c.request.id}/`, c.staff.headers, {
      provider_cost: 10,
      pages: 2.5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ pages: 'Enter the number of pages the provider charged for.' });
  });
});
