import { COMPANY_MSG, FILE_MSG, FOLLOW_UP_MSG, MSG, toCents } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createCompany, signedIn, uploadKey } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { companies } from '../../db/schema';

/** GET and POST /api/home/company/...: who reads and edits which company, and the form's rules. */
type Headers = Record<string, string>;

async function call(method: 'GET' | 'POST', url: string, headers?: Headers, payload?: object) {
  const { app } = await getContext();
  return app.inject({ method, url, headers, payload: method === 'POST' ? (payload ?? {}) : undefined });
}

describe('GET /api/home/company/{id}/', () => {
  it('gives firm users their own company as a list whose first item has company, without the surcharge flag', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const id = who.firmUser.user.companyId;
    const res = await call('GET', `/api/home/company/${id}/`, who.firmUser.headers);
    expect(res.statusCode).toBe(200);
    const [{ company }] = res.json();
    expect(company).toMatchObject({ id, request_price: '35.00', is_internal: false, release_form_url: null });
    expect(company).not.toHaveProperty('auto_surcharge');
    expect(Object.keys(company)).toContain('admin_email');
    expect(company.abilities).toEqual({ can_manage: false, can_edit_pricing: false, can_delete: false });
    const asStaff = await call(
      'GET',
      `/api/home/company/${who.firmStaff.user.companyId}/`,
      who.firmStaff.headers,
    );
    expect(asStaff.json()[0].company.abilities).toMatchObject({ can_manage: true, can_edit_pricing: false });
  });

  it('gives internal users any company with auto_surcharge, and marks the internal company', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const firm = await createCompany(deps.db, { autoSurcharge: true, requestPrice: 40.5 });
    const res = await call('GET', `/api/home/company/${firm.id}/`, who.internalUser.headers);
    expect(res.json()[0].company).toMatchObject({ auto_surcharge: true, request_price: '40.50' });
    expect(res.json()[0].company.abilities).toEqual({
      can_manage: false,
      can_edit_pricing: false,
      can_delete: false,
    });
    const asStaff = await call('GET', `/api/home/company/${firm.id}/`, who.internalStaff.headers);
    expect(asStaff.json()[0].company.abilities).toEqual({
      can_manage: true,
      can_edit_pricing: true,
      can_delete: true,
    });
    const own = await call('GET', `/api/home/company/${INTERNAL_COMPANY_ID}/`, who.internalStaff.headers);
    expect(own.json()[0].company.is_internal).toBe(true);
  });

  it("answers 404 for another firm's company and for a company that does not exist", async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const id = who.firmUser.user.companyId;
    expect((await call('GET', `/api/home/company/${id}/`, who.otherFirm.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/home/company/99999999/', who.internalStaff.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/home/company/${id}/`)).statusCode).toBe(401);
  });
});

describe('POST /api/home/company/{id}/', () => {
  it("lets the firm's staff edit their details, keeping fields left out, and answers 'Saved'", async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const id = who.firmStaff.user.companyId;
    const res = await call('POST', `/api/home/company/${id}/`, who.firmStaff.headers, {
      name: '  Smith & Partners ',
      admin_email: 'office@smith.test',
      city: 'Denver',
      request_price: 35,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: MSG.saved,
      id,
      company: { name: 'Smith & Partners', city: 'Denver' },
    });
    const again = await call('POST', `/api/home/company/${id}/`, who.firmStaff.headers, { state: 'CO' });
    expect(again.json().company).toMatchObject({ name: 'Smith & Partners', city: 'Denver', state: 'CO' });
  });

  it("lets the firm's staff set the follow-up cadence, and refuses one that does not ascend", async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const id = who.firmStaff.user.companyId;
    const before = await call('GET', `/api/home/company/${id}/`, who.firmStaff.headers);
    expect(before.json()[0].company).toMatchObject({ follow_up_days: [7, 14, 21], follow_up_every: 5 });
    const res = await call('POST', `/api/home/company/${id}/`, who.firmStaff.headers, {
      follow_up_days: '5, 10',
      follow_up_every: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().company).toMatchObject({ follow_up_days: [5, 10], follow_up_every: 3 });
    const bad = await call('POST', `/api/home/company/${id}/`, who.firmStaff.headers, {
      follow_up_days: '10, 5',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.follow_up_days).toBe(FOLLOW_UP_MSG.cadenceDays);
  });

  it('refuses the request price and the surcharge from firm staff', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const id = who.firmStaff.user.companyId;
    const price = await call('POST', `/api/home/company/${id}/`, who.firmStaff.headers, { request_price: 1 });
    expect(price.statusCode).toBe(403);
    expect(price.json().error).toBe(COMPANY_MSG.priceStaffOnly);
    const surcharge = await call('POST', `/api/home/company/${id}/`, who.firmStaff.headers, {
      auto_surcharge: true,
    });
    expect(surcharge.statusCode).toBe(403);
    const [row] = await deps.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({ requestPrice: toCents(35), autoSurcharge: false });
  });

  it('lets internal staff set the price (two decimals, at least 0) and the surcharge', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const firm = await createCompany(deps.db);
    const url = `/api/home/company/${firm.id}/`;
    const ok = await call('POST', url, who.internalStaff.headers, {
      request_price: '42.50',
      auto_surcharge: true,
    });
    expect(ok.json().company).toMatchObject({ request_price: '42.50', auto_surcharge: true });
    for (const bad of [-1, 1.234, 'abc']) {
      const res = await call('POST', url, who.internalStaff.headers, { request_price: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: COMPANY_MSG.invalidPrice,
        fields: { request_price: COMPANY_MSG.invalidPrice },
      });
    }
  });

  it('validates the name, the admin e-mail and the release form upload', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const id = who.firmStaff.user.companyId;
    const url = `/api/home/company/${id}/`;
    const name = await call('POST', url, who.firmStaff.headers, { name: '  ' });
    expect(name.json()).toMatchObject({
      error: COMPANY_MSG.nameRequired,
      fields: { name: COMPANY_MSG.nameRequired },
    });
    const email = await call('POST', url, who.firmStaff.headers, { admin_email: 'nope' });
    expect(email.json().fields.admin_email).toBe(COMPANY_MSG.invalidEmail);
    const foreign = uploadKey(who.otherFirm.user.id, 'company-forms', 'release.pdf');
    const stolen = await call('POST', url, who.firmStaff.headers, { release_form_url: foreign });
    expect(stolen.json().fields.release_form_url).toBe(FILE_MSG.foreignFormLink);
    const wrongBucket = uploadKey(who.firmStaff.user.id, 'hipaa-forms', 'release.pdf');
    expect(
      (await call('POST', url, who.firmStaff.headers, { release_form_url: wrongBucket })).statusCode,
    ).toBe(400);
    const own = uploadKey(who.firmStaff.user.id, 'company-forms', 'release.pdf');
    const saved = await call('POST', url, who.firmStaff.headers, { release_form_url: own });
    expect(saved.json().company.release_form_url).toBe(own);
    // The stored link may be sent back unchanged by anyone who can edit the company.
    expect((await call('POST', url, who.internalStaff.headers, { release_form_url: own })).statusCode).toBe(
      200,
    );
  });

  it('refuses a phishing name (web address, markup, control characters, length) and keeps the name', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const id = who.firmStaff.user.companyId;
    const url = `/api/home/company/${id}/`;
    const before = (await call('GET', url, who.firmStaff.headers)).json()[0].company.name;
    for (const name of [
      'URGENT: your account is locked - verify at https://evil.example/login',
      'Smith Law - see www.smith-law',
      'Pay at evil.example today',
      'Smith <b>Law</b>',
      'Smith\u202eLaw',
      'Smith\nLaw',
      'S',
      'S'.repeat(121),
    ]) {
      const res = await call('POST', url, who.firmStaff.headers, { name, city: 'Denver' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toMatch(/^Company name /);
      expect(res.json().fields.name).toBe(res.json().error);
    }
    const [row] = await deps.db.select().from(companies).where(eq(companies.id, id));
    expect(row.name).toBe(before);
    expect(row.city).toBeNull();
    // Internal staff are held to the same rule when they open a firm.
    const created = await call('POST', '/api/home/company/', who.internalStaff.headers, {
      name: 'Reset your password at evil.example',
    });
    expect(created.statusCode).toBe(400);
    // Ordinary names with dots, ampersands and accents still pass.
    for (const name of ['Smith & Partners, P.C.', 'J.R. Núñez Law Group', "O'Brien-Lee LLP"]) {
      expect((await call('POST', url, who.firmStaff.headers, { name })).statusCode, name).toBe(200);
    }
  });

  it('answers 404 to another firm, 403 to non-staff and 401 to anonymous callers', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const url = `/api/home/company/${who.firmStaff.user.companyId}/`;
    const other = await signedIn(deps, { isStaff: true });
    expect((await call('POST', url, other.headers, { city: 'x' })).statusCode).toBe(404);
    expect((await call('POST', url, who.firmUser.headers, { city: 'x' })).statusCode).toBe(403);
    expect((await call('POST', url, who.internalUser.headers, { city: 'x' })).statusCode).toBe(403);
    expect((await call('POST', url, undefined, { city: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/home/company/ and GET /api/home/company/', () => {
  it('lets internal staff create a law firm at the base price; nobody else', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const res = await call('POST', '/api/home/company/', who.internalStaff.headers, {
      name: 'Newly Opened LLP',
      admin_name: 'Nora New',
      admin_email: 'nora@new.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: MSG.saved,
      company: {
        name: 'Newly Opened LLP',
        request_price: '35.00',
        auto_surcharge: false,
        is_internal: false,
      },
    });
    expect(res.json().id).toBe(res.json().company.id);
    const missing = await call('POST', '/api/home/company/', who.internalStaff.headers, { city: 'Denver' });
    expect(missing.json().error).toBe(COMPANY_MSG.nameRequired);
    for (const caller of [who.firmStaff, who.internalUser]) {
      expect((await call('POST', '/api/home/company/', caller.headers, { name: 'X' })).statusCode).toBe(403);
    }
  });

  it('lists companies by name for internal users only, with an allow-listed filter', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const tag = `Zeta${Date.now()}`;
    await createCompany(deps.db, { name: `${tag} B` });
    await createCompany(deps.db, { name: `${tag} A` });
    const res = await call('GET', `/api/home/company/?name=${tag}`, who.internalUser.headers);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual([`${tag} A`, `${tag} B`]);
    const desc = await call('GET', `/api/home/company/?name=${tag}&order_by=-name`, who.internalUser.headers);
    expect(desc.json()[0].name).toBe(`${tag} B`);
    expect((await call('GET', '/api/home/company/', who.firmStaff.headers)).statusCode).toBe(403);
    const unknown = await call('GET', '/api/home/company/?city=Denver', who.internalUser.headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('city');
  });
});

describe('POST /api/home/company/{id}/delete/', () => {
  it('deletes an empty law firm; refuses one with users or clients, and the internal company', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const empty = await createCompany(deps.db);
    const ok = await call('POST', `/api/home/company/${empty.id}/delete/`, who.internalStaff.headers);
    expect(ok.json()).toEqual({ success: COMPANY_MSG.deleted });
    expect(await deps.db.select().from(companies).where(eq(companies.id, empty.id))).toEqual([]);

    const used = await call(
      'POST',
      `/api/home/company/${who.firmUser.user.companyId}/delete/`,
      who.internalStaff.headers,
    );
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toMatch(/still has 2 users and 0 clients/);
    const internal = await call(
      'POST',
      `/api/home/company/${INTERNAL_COMPANY_ID}/delete/`,
      who.internalStaff.headers,
    );
    expect(internal.statusCode).toBe(409);
    expect(internal.json().error).toBe(COMPANY_MSG.internalCompany);
    expect(
      (await call('POST', '/api/home/company/99999999/delete/', who.internalStaff.headers)).statusCode,
    ).toBe(404);
    const other = await createCompany(deps.db);
    expect(
      (await call('POST', `/api/home/company/${other.id}/delete/`, who.firmStaff.headers)).statusCode,
    ).toBe(403);
  });
});
