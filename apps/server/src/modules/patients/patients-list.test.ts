import { randomInt } from 'node:crypto';
import { MSG, requiredClientFieldMessage } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createPatient } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import type { AppDeps } from '../../app-types';
import { patients } from '../../db/schema';
import { expectNoSsn } from './patients.fixtures';

/** The client list, the duplicate-SSN look-up and the related-info (SSN) calls. */
const randomSsn = () => `9${randomInt(10, 99)}-${randomInt(10, 99)}-${randomInt(1000, 9999)}`;

async function clientWithSsn(deps: AppDeps, companyId: number, ssn: string, lastName?: string) {
  return createPatient(deps.db, companyId, {
    ...(lastName && { lastName }),
    ssnEncrypted: deps.cipher.encrypt(ssn),
    ssnHash: ssn === 'None' ? null : deps.cipher.match(ssn),
  });
}

describe('GET /api/home/patient/', () => {
  it("lists the caller firm's clients by last then first name, without any SSN", async () => {
    const { app, deps } = await getContext();
    const { firmUser, otherFirm } = await callers(deps);
    const company = firmUser.user.companyId;
    const ssn = randomSsn();
    const b = await clientWithSsn(deps, company, ssn, 'Baker');
    const a = await createPatient(deps.db, company, { lastName: 'Adams', firstName: 'Zoe' });
    const a2 = await createPatient(deps.db, company, { lastName: 'Adams', firstName: 'Amy' });
    await createPatient(deps.db, otherFirm.user.companyId, { lastName: 'Aaron' });

    const res = await app.inject({
      url: '/api/home/patient/?order_by=last_name,first_name',
      headers: firmUser.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([a2.id, a.id, b.id]);
    expect(res.json()[2]).toMatchObject({ has_ssn: true, company });
    expect(res.json()[0].has_ssn).toBe(false);
    expectNoSsn(res.body, ssn);

    const explicit = await app.inject({
      url: `/api/home/patient/?company=${company}`,
      headers: firmUser.headers,
    });
    expect(explicit.json()).toHaveLength(3);
  });

  it('filters by name, orders by the allow-list and pages with limit and offset', async () => {
    const { app, deps } = await getContext();
    const { firmStaff } = await callers(deps);
    const company = firmStaff.user.companyId;
    for (const name of ['Quinn', 'Quincy', 'Porter'])
      await createPatient(deps.db, company, { lastName: name });
    const get = async (query: string) =>
      (await app.inject({ url: `/api/home/patient/?${query}`, headers: firmStaff.headers })).json();

    const lastNames = (rows: { last_name: string }[]) => rows.map((c) => c.last_name);
    expect(lastNames(await get('name=QUIN'))).toEqual(['Quincy', 'Quinn']);
    expect((await get('name=50%25')).length).toBe(0);
    const newest = await get('order_by=-created_at&limit=1');
    expect(newest).toHaveLength(1);
    expect(newest[0].last_name).toBe('Porter');
    expect(lastNames(await get('order_by=last_name,first_name&limit=2&offset=1'))).toEqual([
      'Quincy',
      'Quinn',
    ]);
  });

  it('refuses unknown parameters, orderings and limits with a 400 naming them', async () => {
    const { app, deps } = await getContext();
    const { firmUser } = await callers(deps);
    for (const [query, name] of [
      ['patient__ssn=1', 'patient__ssn'],
      ['order_by=ssn_hash', 'order_by'],
      ['limit=501', 'limit'],
    ]) {
      const res = await app.inject({ url: `/api/home/patient/?${query}`, headers: firmUser.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toContain(name);
    }
  });

  it("answers 404 for another firm's company and lets internal staff list any firm", async () => {
    const { app, deps } = await getContext();
    const { firmUser, otherFirm, internalStaff, internalUser } = await callers(deps);
    const patient = await createPatient(deps.db, otherFirm.user.companyId);
    const url = `/api/home/patient/?company=${otherFirm.user.companyId}`;
    expect((await app.inject({ url, headers: firmUser.headers })).statusCode).toBe(404);
    const res = await app.inject({ url, headers: internalStaff.headers });
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([patient.id]);
    // Internal users who are not staff see only clients of requests they claimed (patients-internal-user.test.ts).
    expect((await app.inject({ url, headers: internalUser.headers })).json()).toEqual([]);
  });
});

describe('GET /api/home/patient/?company&ssn (duplicate notice)', () => {
  it('returns only id and full name of same-company clients with that SSN', async () => {
    const { app, deps } = await getContext();
    const { firmUser, otherFirm, internalStaff } = await callers(deps);
    const ssn = randomSsn();
    const same = await clientWithSsn(deps, firmUser.user.companyId, ssn);
    await clientWithSsn(deps, otherFirm.user.companyId, ssn);
    await clientWithSsn(deps, firmUser.user.companyId, randomSsn());

    const url = `/api/home/patient/?company=${firmUser.user.companyId}&ssn=${ssn}`;
    const res = await app.inject({ url, headers: firmUser.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: same.id, full_name: same.fullName }]);
    expectNoSsn(res.body, ssn);
    expect((await app.inject({ url, headers: internalStaff.headers })).json()).toHaveLength(1);
    expect((await app.inject({ url, headers: otherFirm.headers })).statusCode).toBe(404);
    const defaultCompany = await app.inject({
      url: `/api/home/patient/?ssn=${ssn}`,
      headers: otherFirm.headers,
    });
    expect(defaultCompany.json()).toHaveLength(1);
  });

  it("never matches 'None', refuses a malformed SSN and needs a company for internal users", async () => {
    const { app, deps } = await getContext();
    const { firmUser, internalStaff } = await callers(deps);
    await clientWithSsn(deps, firmUser.user.companyId, 'None');
    const none = await app.inject({ url: '/api/home/patient/?ssn=none', headers: firmUser.headers });
    expect(none.json()).toEqual([]);
    const bad = await app.inject({ url: '/api/home/patient/?ssn=12345', headers: firmUser.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MSG.ssnFormat);
    const noCompany = await app.inject({
      url: '/api/home/patient/?ssn=912-00-1234',
      headers: internalStaff.headers,
    });
    expect(noCompany.statusCode).toBe(400);
  });
});

describe('POST /get_related_info/ and /save_related_info/', () => {
  it("returns the SSN to the client's firm and internal staff only", async () => {
    const { app, deps } = await getContext();
    const { firmUser, firmStaff, otherFirm, internalUser, internalStaff } = await callers(deps);
    const ssn = randomSsn();
    const patient = await clientWithSsn(deps, firmUser.user.companyId, ssn);
    const post = (headers: Record<string, string>, patientId = patient.id) =>
      app.inject({ method: 'POST', url: '/get_related_info/', headers, payload: { patient_id: patientId } });

    for (const caller of [firmUser, firmStaff, internalStaff]) {
      const res = await post(caller.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ related_info: { ssn } });
    }
    expect((await post(otherFirm.headers)).statusCode).toBe(404);
    expect((await post(internalUser.headers)).statusCode).toBe(403);
    expect((await post(firmUser.headers, 99_999_999)).statusCode).toBe(404);

    const blank = await createPatient(deps.db, firmUser.user.companyId);
    expect((await post(firmUser.headers, blank.id)).json()).toEqual({ related_info: { ssn: null } });
  });

  it('saves a new SSN encrypted with its hash, checks the format and the firm', async () => {
    const { app, deps } = await getContext();
    const { firmUser, otherFirm, internalStaff, internalUser } = await callers(deps);
    const patient = await clientWithSsn(deps, firmUser.user.companyId, randomSsn());
    const save = (headers: Record<string, string>, ssn: string | null) =>
      app.inject({
        method: 'POST',
        url: '/save_related_info/',
        headers,
        payload: { patient_id: patient.id, ssn },
      });
    const stored = async () => (await deps.db.select().from(patients).where(eq(patients.id, patient.id)))[0];

    const next = randomSsn();
    const res = await save(firmUser.headers, next);
    expect(res.json()).toEqual({ success: 'Saved' });
    expect(deps.cipher.decrypt((await stored()).ssnEncrypted!)).toBe(next);
    expect((await stored()).ssnHash).toBe(deps.cipher.match(next));

    const bad = await save(firmUser.headers, '123-456-789');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ ssn: MSG.ssnFormat });
    const empty = await save(firmUser.headers, ' ');
    expect(empty.json().fields).toEqual({ ssn: requiredClientFieldMessage('SSN') });
    expect((await save(otherFirm.headers, randomSsn())).statusCode).toBe(404);
    expect((await save(internalUser.headers, randomSsn())).statusCode).toBe(403);
    expect(deps.cipher.decrypt((await stored()).ssnEncrypted!)).toBe(next);

    expect((await save(internalStaff.headers, 'NONE')).statusCode).toBe(200);
    expect(deps.cipher.decrypt((await stored()).ssnEncrypted!)).toBe('None');
    expect((await stored()).ssnHash).toBeNull();
  });
});
