import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createProvider, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { providers, requests } from '../../db/schema';
import { firmForRequests, requestBody, submit } from '../requests/requests.fixtures';

/**
 * A provider's e-mail is one plain address (no hidden BCC in a mailto: link), and a
 * provider a law firm adds is new until internal staff confirm its contact details.
 */
const BCC = 'records@hospital.example?bcc=attacker%40evil.example';
const NOT_ONE_PLAIN_ADDRESS = [
  BCC,
  'records@hospital.example&bcc=attacker@evil.example',
  'records@hospital.example,attacker@evil.example',
  'records@hospital.example;attacker@evil.example',
  'Records <records@hospital.example>',
  '"records"@hospital.example',
  'records@hospital.example\nbcc: attacker@evil.example',
  'rec ords@hospital.example',
  'records%40hospital.example@evil.example',
];

async function providerNamed(name: string) {
  const { deps } = await getContext();
  return deps.db.select().from(providers).where(eq(providers.name, name));
}

describe('provider e-mail: one plain address', () => {
  it('refuses a firm’s provider whose e-mail carries a BCC (or any second address), storing nothing', async () => {
    const { app, deps } = await getContext();
    const { firmUser } = await callers(deps);
    for (const email of NOT_ONE_PLAIN_ADDRESS) {
      const name = `Trap Clinic ${randomUUID()}`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/home/provider/',
        headers: firmUser.headers,
        payload: { name, email },
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().fields, email).toEqual({ email: 'Enter a valid email address.' });
      expect(await providerNamed(name), email).toEqual([]);
    }
  });

  it('refuses the same on a staff edit, and keeps a plain address with a lower-cased domain', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const provider = await createProvider(deps.db, { email: 'roi@clinic.example' });
    const update = (email: string) =>
      app.inject({
        method: 'POST',
        url: `/api/home/provider/${provider.id}/`,
        headers: internalStaff.headers,
        payload: { email },
      });
    expect((await update(BCC)).statusCode).toBe(400);
    const [kept] = await deps.db.select().from(providers).where(eq(providers.id, provider.id));
    expect(kept.email).toBe('roi@clinic.example');
    const ok = await update('  Medical.Records+ROI@Clinic.EXAMPLE ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('Medical.Records+ROI@clinic.example');
  });
});

describe('a provider added by a law firm is new until internal staff verify it', () => {
  async function firmAddsProvider() {
    const { app } = await getContext();
    const firm = await firmForRequests();
    const created = await app.inject({
      method: 'POST',
      url: '/api/home/provider/',
      headers: firm.paralegal.headers,
      payload: { name: `Unknown Clinic ${randomUUID()}`, email: 'records@unknown-clinic.example' },
    });
    expect(created.statusCode).toBe(200);
    const provider = created.json() as { id: number };
    const submitted = await submit(firm.paralegal.headers, requestBody(firm, { provider: [provider.id] }));
    expect(submitted.statusCode).toBe(201);
    const requestId = submitted.json().results[0].id as number;
    return { firm, provider, requestId };
  }

  const stored = async (requestId: number) => {
    const { deps } = await getContext();
    const [row] = await deps.db
      .select({ newProvider: requests.newProvider, verifiedAt: providers.verifiedAt })
      .from(requests)
      .innerJoin(providers, eq(providers.id, requests.providerId))
      .where(eq(requests.id, requestId));
    return row;
  };

  it('flags the request as new_provider and says so on the first-send view and in staff info', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const { requestId } = await firmAddsProvider();
    expect(await stored(requestId)).toEqual({ newProvider: true, verifiedAt: null });

    for (const path of ['first_send', 'staff_info']) {
      const res = await app.inject({
        url: `/api/home/request/${requestId}/${path}/`,
        headers: internalStaff.headers,
      });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().new_provider, path).toBe(true);
    }
  });

  it('lets internal staff verify the provider, which clears the flag on every request for it', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const { provider, requestId } = await firmAddsProvider();
    const res = await app.inject({
      method: 'POST',
      url: `/api/home/provider/${provider.id}/verify/`,
      headers: internalStaff.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: provider.id, requests_updated: 1 });
    const after = await stored(requestId);
    expect(after.newProvider).toBe(false);
    expect(after.verifiedAt).toBeInstanceOf(Date);
    const letter = await app.inject({
      url: `/api/home/request/${requestId}/first_send/`,
      headers: internalStaff.headers,
    });
    expect(letter.json().new_provider).toBe(false);
  });

  it('refuses verification to everyone but internal staff (403), changing nothing', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    const { firm, provider, requestId } = await firmAddsProvider();
    for (const [name, caller] of Object.entries({
      firmStaff: firm.staff,
      firmUser: firm.paralegal,
      internalUser: who.internalUser,
    })) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/home/provider/${provider.id}/verify/`,
        headers: caller.headers,
        payload: {},
      });
      expect(res.statusCode, name).toBe(403);
    }
    expect(await stored(requestId)).toEqual({ newProvider: true, verifiedAt: null });
  });

  it('treats providers added by internal staff as verified; their requests are not new', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const created = await app.inject({
      method: 'POST',
      url: '/api/home/provider/',
      headers: internalStaff.headers,
      payload: { name: `Staff Clinic ${randomUUID()}`, email: 'roi@staff-clinic.example' },
    });
    expect(created.statusCode).toBe(200);
    const [row] = await providerNamed(created.json().name);
    expect(row.verifiedAt).toBeInstanceOf(Date);

    const { request } = await firmWithRequest(deps);
    await deps.db.update(requests).set({ providerId: row.id }).where(eq(requests.id, request.id));
    const letter = await app.inject({
      url: `/api/home/request/${request.id}/first_send/`,
      headers: internalStaff.headers,
    });
    expect(letter.json().new_provider).toBe(false);
  });

  it('merging a firm’s new provider into a verified one moves its requests without the flag', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const { provider, requestId } = await firmAddsProvider();
    const known = await createProvider(deps.db, { verifiedAt: new Date() });
    const res = await app.inject({
      method: 'POST',
      url: `/api/home/provider/${provider.id}/merge/`,
      headers: internalStaff.headers,
      payload: { into: known.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(requestId)).toMatchObject({ newProvider: false });
  });

  it('answers 404 when verifying a provider that does not exist', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/provider/99999999/verify/',
      headers: internalStaff.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });
});
