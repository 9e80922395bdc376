import { randomUUID } from 'node:crypto';
import { PROVIDER_MAX_AUTHORIZATION_AGE_MESSAGE } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { callers } from '../../../test/factories';
import { getContext } from '../../../test/helpers';

/** max_authorization_age_days: how old an authorization a provider accepts, recorded by internal staff. */
async function post(url: string, headers: Record<string, string>, payload: object) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url, headers, payload });
}

describe('provider max_authorization_age_days', () => {
  it('is set and cleared by internal staff and shown in the provider', async () => {
    const { deps } = await getContext();
    const { internalStaff, firmUser } = await callers(deps);
    const created = await post('/api/home/provider/', internalStaff.headers, {
      name: `Mercy ${randomUUID()}`,
      max_authorization_age_days: 90,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect(created.json().max_authorization_age_days).toBe(90);

    const edited = await post(`/api/home/provider/${id}/`, internalStaff.headers, {
      max_authorization_age_days: '60',
    });
    expect(edited.json().max_authorization_age_days).toBe(60);
    const { app } = await getContext();
    const read = await app.inject({
      method: 'GET',
      url: `/api/home/provider/${id}/`,
      headers: firmUser.headers,
    });
    expect(read.json().max_authorization_age_days).toBe(60);

    // A save of other fields keeps it; a blank clears it.
    expect(
      (await post(`/api/home/provider/${id}/`, internalStaff.headers, { phone: '555' })).json(),
    ).toMatchObject({
      max_authorization_age_days: 60,
    });
    const cleared = await post(`/api/home/provider/${id}/`, internalStaff.headers, {
      max_authorization_age_days: '',
    });
    expect(cleared.json().max_authorization_age_days).toBeNull();
  });

  it('refuses a number of days that is not a whole number from 1 to 3650', async () => {
    const { deps } = await getContext();
    const { internalStaff } = await callers(deps);
    for (const days of [0, -5, 1.5, 4000, 'ninety']) {
      const res = await post('/api/home/provider/', internalStaff.headers, {
        name: `Mercy ${randomUUID()}`,
        max_authorization_age_days: days,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.max_authorization_age_days).toBe(PROVIDER_MAX_AUTHORIZATION_AGE_MESSAGE);
    }
  });

  it("ignores a law firm's value when it adds a provider", async () => {
    const { deps } = await getContext();
    const { firmUser } = await callers(deps);
    const res = await post('/api/home/provider/', firmUser.headers, {
      name: `Clinic ${randomUUID()}`,
      max_authorization_age_days: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().max_authorization_age_days).toBeNull();
  });
});
