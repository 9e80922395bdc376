import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { requestTypes } from '../../db/schema';

describe('GET /api/home/requesttype/', () => {
  it('lists the request types by name for any signed-in user', async () => {
    const { app, deps } = await getContext();
    const suffix = Date.now();
    await deps.db
      .insert(requestTypes)
      .values([{ name: `Zeta ${suffix}` }, { name: `Alpha ${suffix}` }])
      .onConflictDoNothing();
    const user = await signedIn(deps);
    const res = await app.inject({ url: '/api/home/requesttype/?order_by=name', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const names: string[] = res.json().map((t: { name: string }) => t.name);
    expect(names.indexOf(`Alpha ${suffix}`)).toBeLessThan(names.indexOf(`Zeta ${suffix}`));
    expect(Object.keys(res.json()[0]).sort()).toEqual(['id', 'name']);
    const bad = await app.inject({ url: '/api/home/requesttype/?order_by=secret', headers: user.headers });
    expect(bad.statusCode).toBe(400);
  });
});
