import { describe, expect, it } from 'vitest';
import { firmWithRequest, signedIn } from './factories';
import { getContext } from './helpers';

/** Every route declares a rule, and an anonymous caller gets 401 on every non-public one. */
describe('access rules', () => {
  it('every registered route declares an access rule', async () => {
    const { app } = await getContext();
    expect(app.routeAccess.length).toBeGreaterThan(5);
    const missing = app.routeAccess.filter((r) => !r.access);
    expect(missing).toEqual([]);
  });

  it('anonymous callers get 401 on every non-public route', async () => {
    const { app } = await getContext();
    const protectedRoutes = app.routeAccess.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:[a-z_]+/g, '1');
      const res = await app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('a forged or expired token counts as anonymous', async () => {
    const { app } = await getContext();
    const res = await app.inject({ url: '/users/user/', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.statusCode).toBe(401);
  });

  it('registering a route without a rule fails at start-up', async () => {
    const { app } = await getContext();
    const Fastify = (await import('fastify')).default;
    const { requireAccessRules } = await import('../src/authz');
    const bare = Fastify();
    requireAccessRules(bare);
    expect(() => bare.get('/nope', async () => 'x')).toThrow(/no access rule/);
    await bare.close();
    expect(app).toBeTruthy();
  });

  it('names an unknown query parameter in a 400', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const res = await app.inject({ url: '/api/home/request/?foo=1&bar=2', headers: caller.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Unknown query parameters: foo, bar');
  });

  it('accepts a spec delete call that sends no body at all', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const res = await app.inject({
      method: 'POST',
      url: `/api/home/request/${firm.request.id}/delete/`,
      headers: firm.paralegal.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
