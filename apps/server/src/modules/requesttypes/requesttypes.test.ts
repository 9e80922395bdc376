import { randomUUID } from 'node:crypto';
import {
  requestTypeExistsMessage,
  requestTypeMissingMessage,
  requestTypeNameRequiredMessage,
} from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, requestTypesNamed, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { requestTypes } from '../../db/schema';
import { firmForRequests, requestBody, submit } from '../requests/requests.fixtures';

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

describe('request types admin', () => {
  it('adds a trimmed, unique (ignoring case) name and deletes an unused one for good', async () => {
    const { app, deps } = await getContext();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const name = `Dental X-Rays ${randomUUID().slice(0, 6)}`;
    const add = (body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/home/requesttype/',
        headers: staff.headers,
        payload: body as object,
      });
    const created = await add({ name: `  ${name}  ` });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name });
    const dup = await add({ name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(requestTypeExistsMessage);
    for (const body of [{ name: '   ' }, {}]) {
      const res = await add(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(requestTypeNameRequiredMessage);
    }
    const url = `/api/home/requesttype/${created.json().id}/delete/`;
    const removed = await app.inject({ method: 'POST', url, headers: staff.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect(await deps.db.select().from(requestTypes).where(eq(requestTypes.id, created.json().id))).toEqual(
      [],
    );
    expect((await app.inject({ method: 'POST', url, headers: staff.headers })).statusCode).toBe(404);
  });

  it('hides a type in use: off the list and new requests, kept on its requests and their resubmits', async () => {
    const { app, deps } = await getContext();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const name = `Dental X-Rays ${randomUUID().slice(0, 6)}`;
    const [type] = await requestTypesNamed(deps.db, [name]);
    const firm = await firmForRequests();
    const order = await submit(firm.paralegal.headers, requestBody(firm, { request_type: [name] }));
    expect(order.statusCode).toBe(201);
    const [{ id }] = order.json().results;

    const url = `/api/home/requesttype/${type.id}/delete/`;
    const removed = await app.inject({ method: 'POST', url, headers: staff.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    const listed = await app.inject({ url: '/api/home/requesttype/', headers: firm.paralegal.headers });
    expect(listed.json().map((t: { name: string }) => t.name)).not.toContain(name);
    expect((await app.inject({ method: 'POST', url, headers: staff.headers })).statusCode).toBe(404);

    const detail = await app.inject({ url: `/api/home/request/${id}/`, headers: firm.paralegal.headers });
    expect(detail.json()).toMatchObject({ request_type: name, request_types: [name] });
    const fresh = await submit(
      firm.paralegal.headers,
      requestBody(firm, { provider: [firm.providers[1].id], request_type: [name] }),
    );
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().error).toBe(requestTypeMissingMessage([name]));
    const resubmit = await app.inject({
      method: 'POST',
      url: `/api/home/request/${id}/`,
      headers: firm.paralegal.headers,
      payload: requestBody(firm, { request_type: [name, 'Medical Records'] }) as object,
    });
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    expect(resubmit.json().request_types).toEqual([name, 'Medical Records']);

    // Adding the name again brings the same type back.
    const again = await app.inject({
      method: 'POST',
      url: '/api/home/requesttype/',
      headers: staff.headers,
      payload: { name: name.toLowerCase() },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ id: type.id, name });
  });

  it('answers 403 to everyone but internal staff', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    const [type] = await deps.db
      .insert(requestTypes)
      .values({ name: `Keep ${randomUUID().slice(0, 6)}` })
      .returning();
    for (const caller of [who.firmUser, who.firmStaff, who.internalUser]) {
      const add = await app.inject({
        method: 'POST',
        url: '/api/home/requesttype/',
        headers: caller.headers,
        payload: { name: 'Nope' },
      });
      expect(add.statusCode).toBe(403);
      const del = await app.inject({
        method: 'POST',
        url: `/api/home/requesttype/${type.id}/delete/`,
        headers: caller.headers,
      });
      expect(del.statusCode).toBe(403);
    }
  });
});
