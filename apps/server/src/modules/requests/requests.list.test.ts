import { describe, expect, it } from 'vitest';
import { createPatient, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { firmForRequests } from './requests.fixtures';

async function list(headers: Record<string, string>, query = '') {
  const { app } = await getContext();
  return app.inject({ url: `/api/home/request/${query}`, headers });
}

/** A firm with four requests: three for the paralegal (two providers, two clients), one for a colleague. */
async function firmWithRequests() {
  const { deps } = await getContext();
  const firm = await firmForRequests();
  const [a, b] = firm.providers;
  const second = await createPatient(deps.db, firm.company.id);
  const base = { companyId: firm.company.id, userId: firm.paralegal.user.id };
  const r1 = await createRequest(deps.db, { ...base, patientId: firm.patient.id, providerId: a.id });
  const r2 = await createRequest(deps.db, { ...base, patientId: firm.patient.id, providerId: b.id });
  const r3 = await createRequest(deps.db, {
    ...base,
    patientId: second.id,
    providerId: a.id,
    startDate: '2019-05-05',
  });
  const r4 = await createRequest(deps.db, {
    companyId: firm.company.id,
    userId: firm.colleague.user.id,
    patientId: second.id,
    providerId: b.id,
  });
  return { ...firm, second, rows: [r1, r2, r3, r4] };
}

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id).sort((x, y) => x - y);

describe('GET /api/home/request/', () => {
  it('shows a non-staff user only their own requests, firm staff the whole firm, another firm nothing', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequests();
    const [r1, r2, r3, r4] = firm.rows;
    expect(ids((await list(firm.paralegal.headers)).json())).toEqual([r1.id, r2.id, r3.id]);
    expect(ids((await list(firm.colleague.headers)).json())).toEqual([r4.id]);
    expect(ids((await list(firm.staff.headers)).json())).toEqual([r1.id, r2.id, r3.id, r4.id]);
    const stranger = await signedIn(deps, { isStaff: true });
    const other = await list(stranger.headers, `?patient=${firm.patient.id}`);
    expect(other.json()).toMatchObject({ count: 0, results: [] });
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await list(internal.headers, `?patient=${firm.second.id}`)).json().count).toBe(2);
  });

  it('filters by patient, provider, user and dates, and counts', async () => {
    const firm = await firmWithRequests();
    const [r1, r2, r3, r4] = firm.rows;
    const [a] = firm.providers;
    const h = firm.staff.headers;
    expect(ids((await list(h, `?patient=${firm.patient.id}`)).json())).toEqual([r1.id, r2.id]);
    expect(ids((await list(h, `?provider=${a.id}`)).json())).toEqual([r1.id, r3.id]);
    expect(ids((await list(h, `?user=${firm.colleague.user.id}`)).json())).toEqual([r4.id]);
    expect(ids((await list(h, '?start_date=2019-05-05&end_date=2024-12-31')).json())).toEqual([r3.id]);
    expect((await list(h, `?count&provider=${a.id}`)).json()).toEqual({ count: 2 });
    const dup = await list(
      h,
      `?related=provider&patient=${firm.patient.id}&user=${firm.paralegal.user.id}&start_date=2020-01-01&end_date=2024-12-31`,
    );
    expect(ids(dup.json())).toEqual([r1.id, r2.id]);
    expect(dup.json().results[0].provider.name).toBeTruthy();
    expect(r2.id).toBeGreaterThan(r1.id);
  });

  it('expands only the related objects asked for, never the SSN', async () => {
    const firm = await firmWithRequests();
    const plain = (await list(firm.staff.headers, '?limit=1')).json().results[0];
    expect(plain).not.toHaveProperty('patient');
    expect(plain).toHaveProperty('patient_id');
    const rich = (
      await list(firm.staff.headers, '?limit=1&related=provider,patient,user,requester,patient__company')
    ).json().results[0];
    expect(rich.patient.company).toEqual({ id: firm.company.id, name: firm.company.name });
    expect(rich.user).toMatchObject({ id: expect.any(Number), full_name: expect.any(String) });
    expect(rich.requester).toBeTruthy();
    expect(JSON.stringify(rich)).not.toMatch(/ssn/i);
  });

  it('orders and pages with limit and offset', async () => {
    const firm = await firmWithRequests();
    const asc = (await list(firm.staff.headers, '?order_by=internal_number')).json();
    const numbers = asc.results.map((r: { internal_number: string }) => Number(r.internal_number));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    const desc = (await list(firm.staff.headers, '?order_by=-internal_number')).json();
    expect(desc.results.map((r: { id: number }) => r.id)).toEqual(
      [...asc.results.map((r: { id: number }) => r.id)].reverse(),
    );
    const page = (await list(firm.staff.headers, '?order_by=created_at&limit=2&offset=2')).json();
    expect(page.count).toBe(4);
    expect(page.results).toHaveLength(2);
    expect(page.next).toBeNull();
    // Links keep the query and carry a cursor for the date orderings (the offset numbers the rows).
    expect(page.previous).toMatch(/^\/api\/home\/request\/\?order_by=created_at&limit=2&offset=0&cursor=/);
    const back = (await list(firm.staff.headers, page.previous.replace('/api/home/request/', ''))).json();
    const start = (await list(firm.staff.headers, '?order_by=created_at&limit=2')).json();
    expect(back.results.map((r: { id: number }) => r.id)).toEqual(
      start.results.map((r: { id: number }) => r.id),
    );
    expect(back.previous).toBeNull();
    const first = (await list(firm.staff.headers, '?limit=2')).json();
    expect(first.next).toMatch(/^\/api\/home\/request\/\?limit=2&offset=2&cursor=/);
    const byNumber = (await list(firm.staff.headers, '?order_by=internal_number&limit=2')).json();
    expect(byNumber.next).toBe('/api/home/request/?order_by=internal_number&limit=2&offset=2');
  });

  it('refuses unknown parameters and values off the list with a 400 naming them', async () => {
    const firm = await firmWithRequests();
    for (const [query, name] of [
      ['?status=Open', 'status'],
      ['?patient__company__name=x', 'patient__company__name'],
      ['?order_by=password', 'order_by'],
      ['?related=notes', 'notes'],
      ['?limit=501', 'limit'],
      ['?start_date=01/01/2020', 'start_date'],
    ]) {
      const res = await list(firm.staff.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toContain(name);
    }
  });
});
