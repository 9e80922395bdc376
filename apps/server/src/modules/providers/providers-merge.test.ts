import { randomUUID } from 'node:crypto';
import { MSG, PROVIDER_MERGE_SELF } from '@dd/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createProvider, createRequest, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import type { AppDeps } from '../../app-types';
import { pdfForms, providers, requests } from '../../db/schema';

/** Merging providers (one transaction) and the server-paged /api/providers/ list. */
async function providerWithRequests(deps: AppDeps, name?: string) {
  const from = await createProvider(deps.db, name ? { name } : {});
  const first = await firmWithRequest(deps);
  const second = await firmWithRequest(deps);
  await deps.db
    .update(requests)
    .set({ providerId: from.id })
    .where(inArray(requests.id, [first.request.id, second.request.id]));
  const extra = await createRequest(deps.db, {
    patientId: second.patient.id,
    companyId: second.company.id,
    providerId: from.id,
  });
  const [form] = await deps.db
    .insert(pdfForms)
    .values({ name: 'Release', url: 'provider-forms/release.pdf', kind: 'provider', providerId: from.id })
    .returning();
  return { from, requestIds: [first.request.id, second.request.id, extra.id], form };
}

const providerOf = async (deps: AppDeps, ids: number[]) =>
  (await deps.db.select({ p: requests.providerId }).from(requests).where(inArray(requests.id, ids))).map(
    (r) => r.p,
  );

describe('POST /api/home/provider/{id}/merge/', () => {
  it('moves every request and PDF form to the chosen provider and deletes the old one', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const { from, requestIds, form } = await providerWithRequests(deps);
    const into = await createProvider(deps.db);
    const res = await app.inject({
      method: 'POST',
      url: `/api/home/provider/${from.id}/merge/`,
      headers: internalStaff.headers,
      payload: { into: into.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: MSG.mergeComplete, moved: 3 });
    expect(await providerOf(deps, requestIds)).toEqual([into.id, into.id, into.id]);
    const [movedForm] = await deps.db.select().from(pdfForms).where(eq(pdfForms.id, form.id));
    expect(movedForm.providerId).toBe(into.id);
    expect(await deps.db.select().from(providers).where(eq(providers.id, from.id))).toEqual([]);
  });

  it("answers 'Error, No Provider Chosen' without a choice and refuses merging into itself", async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const from = await createProvider(deps.db);
    const merge = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/home/provider/${from.id}/merge/`,
        headers: internalStaff.headers,
        payload,
      });
    for (const payload of [{}, { into: null }, { into: '' }]) {
      const res = await merge(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.noProviderChosen, fields: { into: MSG.noProviderChosen } });
    }
    const self = await merge({ into: from.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(PROVIDER_MERGE_SELF);
    expect(await deps.db.select().from(providers).where(eq(providers.id, from.id))).toHaveLength(1);
  });

  it('is for internal staff only; a missing provider is 404 and a missing target changes nothing', async () => {
    const { app, deps } = await getContext();
    const { firmStaff, internalUser, internalStaff } = await callers(deps);
    const { from, requestIds } = await providerWithRequests(deps);
    const into = await createProvider(deps.db);
    const merge = (headers: Record<string, string>, id: number, target: number) =>
      app.inject({
        method: 'POST',
        url: `/api/home/provider/${id}/merge/`,
        headers,
        payload: { into: target },
      });

    expect((await merge(firmStaff.headers, from.id, into.id)).statusCode).toBe(403);
    expect((await merge(internalUser.headers, from.id, into.id)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: `/api/home/provider/${from.id}/merge/`, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect((await merge(internalStaff.headers, 99_999_999, into.id)).statusCode).toBe(404);
    const gone = await merge(internalStaff.headers, from.id, 99_999_999);
    expect(gone.statusCode).toBe(400);
    expect(await providerOf(deps, requestIds)).toEqual([from.id, from.id, from.id]);
  });

  it('leaves everything as it was when the merge fails part-way', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const name = `merge-fail-${randomUUID().slice(0, 8)}`;
    const { from, requestIds, form } = await providerWithRequests(deps, name);
    const into = await createProvider(deps.db);
    // The last step (deleting the old provider) fails after the requests and forms were moved.
    await deps.db.execute(sql`
      create or replace function test_refuse_merge_delete() returns trigger language plpgsql as $$
      begin
        if old.name like 'merge-fail-%' then raise exception 'refused by test'; end if;
        return old;
      end $$`);
    await deps.db.execute(sql`drop trigger if exists test_refuse_merge_delete on providers`);
    await deps.db.execute(sql`
      create trigger test_refuse_merge_delete before delete on providers
      for each row execute function test_refuse_merge_delete()`);
    try {
      const res = await app.inject({
        method: 'POST',
        url: `/api/home/provider/${from.id}/merge/`,
        headers: internalStaff.headers,
        payload: { into: into.id },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await deps.db.execute(sql`drop trigger if exists test_refuse_merge_delete on providers`);
    }
    expect(await providerOf(deps, requestIds)).toEqual([from.id, from.id, from.id]);
    const [keptForm] = await deps.db.select().from(pdfForms).where(eq(pdfForms.id, form.id));
    expect(keptForm.providerId).toBe(from.id);
    expect(await deps.db.select().from(providers).where(eq(providers.id, from.id))).toHaveLength(1);
  });
});

describe('GET /api/providers/', () => {
  it('pages providers by name with has_email, has_phone_number and has_form from SQL', async () => {
    const { app, deps } = await getContext();
    const { internalStaff } = await callers(deps);
    const t = randomUUID().slice(0, 8);
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(await createProvider(deps.db, { name: `Zeta ${t} ${String(i).padStart(2, '0')}` }));
    }
    await deps.db
      .update(providers)
      .set({ email: 'r@zeta.test', phone: ' ' })
      .where(eq(providers.id, made[0].id));
    await deps.db.update(providers).set({ phone: '303-555-0100' }).where(eq(providers.id, made[1].id));
    await deps.db
      .update(providers)
      .set({ medicalRequestUrl: 'provider-forms/a.pdf' })
      .where(eq(providers.id, made[2].id));
    await deps.db
      .insert(pdfForms)
      .values({ name: 'F', url: 'provider-forms/b.pdf', kind: 'provider', providerId: made[3].id });

    const url = `/api/providers/?name=${t.toUpperCase()}&page_size=10`;
    const first = await app.inject({ url, headers: internalStaff.headers });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(12);
    expect(body.previous).toBeNull();
    expect(body.next).toContain('page=2');
    expect(body.results.map((r: { id: number }) => r.id)).toEqual(made.slice(0, 10).map((p) => p.id));
    const flags = body.results
      .slice(0, 5)
      .map((r: { has_email: boolean; has_phone_number: boolean; has_form: boolean }) => [
        r.has_email,
        r.has_phone_number,
        r.has_form,
      ]);
    expect(flags).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
      [false, false, true],
      [false, false, false],
    ]);
    const second = await app.inject({ url: `${url}&page=2`, headers: internalStaff.headers });
    expect(second.json().results).toHaveLength(2);
    expect(second.json().next).toBeNull();

    const bad = await app.inject({ url: '/api/providers/?page_size=101', headers: internalStaff.headers });
    expect(bad.statusCode).toBe(400);
    const unknown = await app.inject({ url: '/api/providers/?search=x', headers: internalStaff.headers });
    expect(unknown.json().error).toContain('search');
  });
});
