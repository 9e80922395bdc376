import { describe, expect, it } from 'vitest';
import { createCompany, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';

const texasHospital = {
  state: 'tx',
  provider_type: 'hospital',
  legal_basis: 'authorization',
  pages: 250,
  medium: 'paper',
  charged: '180.00',
};

async function internalStaff() {
  const { deps } = await getContext();
  return signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
}

async function check(headers: Record<string, string>, payload: object) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: '/api/fees/check/', headers, payload });
}

describe('POST /api/fees/check/', () => {
  it('tells staff a Texas hospital charging $180 for 250 pages is $5.00 over its $175.00 cap, with the statute', async () => {
    const staff = await internalStaff();
    const res = await check(staff.headers, texasHospital);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cap: '175.00',
      charged: '180.00',
      overcharge: '5.00',
      verdict: 'over',
      rule: {
        id: 'tx-hospital',
        name: 'Texas hospital copies',
        citation: 'Tex. Health & Safety Code 241.154',
      },
    });
  });

  it('answers no_rule where no rule applies, with no cap and no overcharge', async () => {
    const staff = await internalStaff();
    const res = await check(staff.headers, { ...texasHospital, state: 'WY', charged: 12.5 });
    expect(res.json()).toEqual({
      cap: null,
      charged: '12.50',
      overcharge: null,
      verdict: 'no_rule',
      rule: null,
    });
    // Films are recorded like other media, but no rule in the table caps them.
    const films = await check(staff.headers, { ...texasHospital, medium: 'films' });
    expect(films.json()).toMatchObject({ verdict: 'no_rule', cap: null });
  });

  it('adds the itemized clerical time and postage to a California subpoena’s page charge', async () => {
    const staff = await internalStaff();
    const subpoena = { ...texasHospital, state: 'CA', legal_basis: 'subpoena', charged: '51.50' };
    const res = await check(staff.headers, { ...subpoena, clerical_minutes: 45, postage: '8.50' });
    expect(res.json()).toMatchObject({ cap: '51.50', overcharge: '0.00', verdict: 'within' });
    expect((await check(staff.headers, subpoena)).json()).toMatchObject({
      cap: '25.00',
      overcharge: '26.50',
    });
    const bad = await check(staff.headers, { ...subpoena, clerical_minutes: 2.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter the clerical time the provider billed, in whole minutes.');
  });

  it('refuses a bad state, a negative charge and an unknown medium with the field named', async () => {
    const staff = await internalStaff();
    for (const bad of [{ state: 'Texas' }, { charged: '-1' }, { medium: 'vellum' }, { pages: 1.5 }]) {
      const res = await check(staff.headers, { ...texasHospital, ...bad });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toEqual(Object.keys(bad));
    }
  });

  it('is for internal staff only: a law firm’s users are refused', async () => {
    const { app, deps } = await getContext();
    const firm = await createCompany(deps.db);
    const firmStaff = await signedIn(deps, { companyId: firm.id, isStaff: true });
    expect((await check(firmStaff.headers, texasHospital)).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: '/api/fees/check/', payload: texasHospital });
    expect(anonymous.statusCode).toBe(401);
  });
});
