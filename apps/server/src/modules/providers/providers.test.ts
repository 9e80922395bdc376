import { randomUUID } from 'node:crypto';
import { PROVIDER_IN_USE_MESSAGE, PROVIDER_NAME_REQUIRED, providerExistsMessage } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createProvider, firmWithRequest, uploadKey } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { pdfForms, providers } from '../../db/schema';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';

/** The provider directory: lists, creation with the duplicate-name rule, staff-only edit and delete. */
const tag = () => randomUUID().slice(0, 8);

describe('GET /api/home/provider/', () => {
  it('filters by name, first letter (or digit) and ids, ordered by name', async () => {
    const { app, deps } = await getContext();
    const { firmUser } = await callers(deps);
    const t = tag();
    const alpha = await createProvider(deps.db, { name: `Alpine Clinic ${t}`, email: 'a@clinic.test' });
    const beta = await createProvider(deps.db, { name: `Birch Hospital ${t}` });
    const digit = await createProvider(deps.db, { name: `24 Hour Care ${t}` });
    const get = async (query: string) =>
      (await app.inject({ url: `/api/home/provider/?${query}`, headers: firmUser.headers })).json() as {
        id: number;
      }[];
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

    expect(ids(await get(`name=${t.toUpperCase()}&order_by=name`))).toEqual([digit.id, alpha.id, beta.id]);
    expect(ids(await get(`name=${t}&order_by=-name`))).toEqual([beta.id, alpha.id, digit.id]);
    expect(ids(await get(`name=${t}&starts_with=b`))).toEqual([beta.id]);
    expect(ids(await get(`name=${t}&starts_with=0-9`))).toEqual([digit.id]);
    expect(ids(await get(`id__in=${beta.id},${alpha.id}&name=${t}`))).toEqual([alpha.id, beta.id]);
    const [first] = await get(`name=Alpine Clinic ${t}`);
    expect(first).toEqual({
      id: alpha.id,
      name: alpha.name,
      email: 'a@clinic.test',
      phone: null,
      fax: null,
      address_1: null,
      address_2: null,
      city: null,
      state: null,
      zip_code: null,
      notes: null,
      medical_request_url: null,
      kind: null,
      max_authorization_age_days: null,
    });
  });

  it('refuses unknown parameters and out-of-range limits; anonymous callers get 401', async () => {
    const { app, deps } = await getContext();
    const { firmUser } = await callers(deps);
    for (const query of ['provider__name__icontains=x', 'limit=1001', 'starts_with=AB', 'order_by=email']) {
      const res = await app.inject({ url: `/api/home/provider/?${query}`, headers: firmUser.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toContain(query.split('=')[0]);
    }
    for (const url of ['/api/home/provider/', '/api/home/provider/1/', '/api/providers/']) {
      expect((await app.inject({ url })).statusCode).toBe(401);
    }
    for (const url of ['/api/home/provider/', '/api/home/provider/1/', '/api/home/provider/1/delete/']) {
      expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
  });

  it('shows one provider by id, 404 when there is none', async () => {
    const { app, deps } = await getContext();
    const { otherFirm } = await callers(deps);
    const provider = await createProvider(deps.db, { phone: '303-555-0199' });
    const res = await app.inject({ url: `/api/home/provider/${provider.id}/`, headers: otherFirm.headers });
    expect(res.json()).toMatchObject({ id: provider.id, name: provider.name, phone: '303-555-0199' });
    expect(
      (await app.inject({ url: '/api/home/provider/99999999/', headers: otherFirm.headers })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/home/provider/ (create)', () => {
  it('lets a law-firm user add a provider; the name is required', async () => {
    const { app, deps } = await getContext();
    const { firmUser } = await callers(deps);
    const name = `  New   Clinic ${tag()} `;
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/provider/',
      headers: firmUser.headers,
      payload: { name, email: 'records@clinic.test', city: 'Denver', notes: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: name.trim().replace(/\s+/g, ' '), city: 'Denver', notes: null });

    for (const payload of [{}, { name: '   ' }, { name: null }]) {
      const missing = await app.inject({
        method: 'POST',
        url: '/api/home/provider/',
        headers: firmUser.headers,
        payload,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        error: PROVIDER_NAME_REQUIRED,
        fields: { name: PROVIDER_NAME_REQUIRED },
      });
    }
    const badEmail = await app.inject({
      method: 'POST',
      url: '/api/home/provider/',
      headers: firmUser.headers,
      payload: { name: `Clinic ${tag()}`, email: 'nope' },
    });
    expect(badEmail.json().fields).toEqual({ email: 'Enter a valid email address.' });
  });

  it('refuses a name that exists in any case or spacing with 409 and the provider to assign', async () => {
    const { app, deps } = await getContext();
    const { firmUser } = await callers(deps);
    const existing = await createProvider(deps.db, { name: `Mercy Medical Center ${tag()}` });
    const variants = [
      existing.name,
      existing.name.toUpperCase(),
      `  ${existing.name.toLowerCase()}  `,
      existing.name.replace(/ /g, '   '),
      `\t${existing.name}\n`,
    ];
    for (const name of variants) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/home/provider/',
        headers: firmUser.headers,
        payload: { name },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(409);
      expect(res.json()).toEqual({
        error: providerExistsMessage(existing.name),
        details: { provider: { id: existing.id, name: existing.name } },
      });
    }
    const rows = await deps.db.select().from(providers).where(eq(providers.id, existing.id));
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of several simultaneous creations of a name win', async () => {
    const { app, deps } = await getContext();
    const { firmUser } = await callers(deps);
    const name = `Race Clinic ${tag()}`;
    const results = await Promise.all(
      [name, name.toUpperCase(), ` ${name}`, name, name.toLowerCase()].map((n) =>
        app.inject({
          method: 'POST',
          url: '/api/home/provider/',
          headers: firmUser.headers,
          payload: { name: n },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    for (const loser of results.filter((r) => r.statusCode === 409)) {
      expect(loser.json().error).toBe(providerExistsMessage(winner.name));
    }
  });

  it('is enforced by the database index as well', async () => {
    const { deps } = await getContext();
    const existing = await createProvider(deps.db);
    const failure = await deps.db
      .insert(providers)
      .values({ name: ` ${existing.name.toUpperCase()} ` })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(pgErrorCode(failure)).toBe(UNIQUE_VIOLATION);
  });
});

describe('POST /api/home/provider/{id}/ and /delete/ (internal staff)', () => {
  it('updates a provider for internal staff only; a taken name is a 409', async () => {
    const { app, deps } = await getContext();
    const { firmStaff, internalUser, internalStaff } = await callers(deps);
    const provider = await createProvider(deps.db, { email: 'old@clinic.test', city: 'Denver' });
    const other = await createProvider(deps.db);
    const url = `/api/home/provider/${provider.id}/`;
    for (const caller of [firmStaff, internalUser]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: caller.headers,
        payload: { city: 'Aurora' },
      });
      expect(res.statusCode).toBe(403);
    }
    const form = uploadKey(internalStaff.user.id, 'provider-forms', 'form.pdf');
    const ok = await app.inject({
      method: 'POST',
      url,
      headers: internalStaff.headers,
      payload: { email: 'new@clinic.test', medical_request_url: form },
    });
    expect(ok.json()).toMatchObject({
      name: provider.name,
      email: 'new@clinic.test',
      city: 'Denver',
      medical_request_url: form,
    });
    const taken = await app.inject({
      method: 'POST',
      url,
      headers: internalStaff.headers,
      payload: { name: other.name.toLowerCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details.provider).toEqual({ id: other.id, name: other.name });
    const same = await app.inject({
      method: 'POST',
      url,
      headers: internalStaff.headers,
      payload: { name: provider.name.toUpperCase() },
    });
    expect(same.statusCode).toBe(200);
    const none = await app.inject({
      method: 'POST',
      url: '/api/home/provider/99999999/',
      headers: internalStaff.headers,
      payload: { name: 'x' },
    });
    expect(none.statusCode).toBe(404);
  });

  it('deletes an unused provider and refuses one that requests still use', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const { request, staff } = await firmWithRequest(deps);
    const del = (id: number, headers = internalStaff.headers) =>
      app.inject({ method: 'POST', url: `/api/home/provider/${id}/delete/`, headers, payload: {} });

    const used = await del(request.providerId);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe(PROVIDER_IN_USE_MESSAGE(1));

    const unused = await createProvider(deps.db);
    await deps.db
      .insert(pdfForms)
      .values({ name: 'Form', url: 'provider-forms/x.pdf', kind: 'provider', providerId: unused.id });
    expect((await del(unused.id, staff.headers)).statusCode).toBe(403);
    const res = await del(unused.id);
    expect(res.json()).toEqual({ success: 'Deleted' });
    expect(await deps.db.select().from(providers).where(eq(providers.id, unused.id))).toEqual([]);
    expect((await del(unused.id)).statusCode).toBe(404);
  });
});
