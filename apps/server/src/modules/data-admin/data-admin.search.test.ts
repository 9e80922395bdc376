import { randomUUID } from 'node:crypto';
import { adminSearchHint } from '@dd/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  INTERNAL_ADMIN,
  signedIn,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { matchingIds } from './data-admin.search.queries';
import { modelsIndex } from './models';

async function admin() {
  const ctx = await getContext();
  const user = await signedIn(ctx.deps, INTERNAL_ADMIN);
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return { ...ctx, get };
}

const ids = (list: { results: { id: number }[] }) => list.results.map((r) => r.id);

describe('data administration: searching requests', () => {
  it('finds a request by its id, its internal number, its client and its provider, and says so on the screen', async () => {
    const { deps, get } = await admin();
    const tag = randomUUID().slice(0, 8);
    const firm = await createCompany(deps.db);
    const client = await createPatient(deps.db, firm.id, { lastName: `Quillfeather${tag}` });
    const other = await createPatient(deps.db, firm.id);
    const provider = await createProvider(deps.db, { name: `Zephyr Imaging ${tag}` });
    const byClient = await createRequest(deps.db, { patientId: client.id, companyId: firm.id });
    const byProvider = await createRequest(deps.db, {
      patientId: other.id,
      companyId: firm.id,
      providerId: provider.id,
    });
    const neither = await createRequest(deps.db, { patientId: other.id, companyId: firm.id });
    const search = (text: string) => get(`/api/admin/home/request/?search=${encodeURIComponent(text)}`);

    expect(ids(await search(`quillfeather${tag}`))).toEqual([byClient.id]);
    expect(ids(await search(`zephyr imaging ${tag}`))).toEqual([byProvider.id]);
    expect(ids(await search(neither.internalNumber))).toContain(neither.id);
    expect(ids(await search(String(neither.id)))).toContain(neither.id);
    // Both names: one page, newest first, each request once.
    const both = await get(`/api/admin/home/request/?search=${tag}&limit=1&offset=1`);
    expect(both).toMatchObject({ count: 2, count_capped: false });
    expect(ids(both)).toEqual([byClient.id]);

    const models = await get('/api/getModels/home/');
    const request = models.find((m: { name: string }) => m.name === 'request');
    expect(adminSearchHint(request)).toBe(
      'Searches ID (exact), Internal number, Client name, Provider name; a part of a name or number needs 3 characters or more.',
    );
  });

  it('counts a search up to the cap, however its matches fall between the things it looks in', async () => {
    const { deps } = await admin();
    const tag = randomUUID().slice(0, 8);
    const firm = await createCompany(deps.db);
    const client = await createPatient(deps.db, firm.id, { lastName: `Capped${tag}` });
    const other = await createPatient(deps.db, firm.id);
    const provider = await createProvider(deps.db, { name: `Capped Imaging ${tag}` });
    const make = (patientId: number, providerId?: number) =>
      createRequest(deps.db, { patientId, companyId: firm.id, providerId });
    const model = (await modelsIndex(deps.db)).get('home', 'request');
    /** The count's statement with a cap of `take` - 1: [how many, capped]. */
    const counted = async (text: string, take: number) => {
      const ids = matchingIds(model, text, take, false);
      const [{ n }] = await queryRows<{ n: number }>(
        deps.db,
        sql`select count(*)::int as n from (select 1 from ${ids} c limit ${take}) x`,
      );
      return [Math.min(n, take - 1), n > take - 1];
    };
    await make(client.id, provider.id);
    await make(other.id, provider.id);
    // Two requests, one found by both the client's and the provider's name: counted once.
    expect(await counted(tag, 4)).toEqual([2, false]);
    expect(await counted(tag, 3)).toEqual([2, false]);
    expect(await counted(tag, 2)).toEqual([1, true]);
    await make(client.id);
    await make(other.id, provider.id);
    // Each name alone now finds two or three; together four, past a cap of three.
    expect(await counted(tag, 5)).toEqual([4, false]);
    expect(await counted(tag, 4)).toEqual([3, true]);
    expect(await counted(`capped${tag}`, 4)).toEqual([2, false]);
  });

  it('matches text shorter than a trigram only exactly (the id), so it never reads the whole table', async () => {
    const { deps, get } = await admin();
    const firm = await createCompany(deps.db);
    const client = await createPatient(deps.db, firm.id, { lastName: 'Xy' });
    const request = await createRequest(deps.db, { patientId: client.id, companyId: firm.id });
    expect(ids(await get('/api/admin/home/request/?search=xy'))).toEqual([]);
    const short = String(request.id).slice(-2);
    const found = await get(`/api/admin/home/request/?search=${short}`);
    expect(found.results.every((r: { id: number }) => r.id === Number(short))).toBe(true);
  });

  it('pages past the first records with their related names (the page is picked before the names are read)', async () => {
    const { deps, get } = await admin();
    const firm = await createCompany(deps.db, { name: `Paged Firm ${randomUUID().slice(0, 6)}` });
    const client = await createPatient(deps.db, firm.id);
    for (let i = 0; i < 3; i++) await createRequest(deps.db, { patientId: client.id, companyId: firm.id });
    const page = await get('/api/admin/home/request/?limit=2&offset=1');
    const all = await get('/api/admin/home/request/?limit=500');
    // On PostgreSQL other test files add requests meanwhile (newer, so above): the page is found where it
    // now stands, past at least one record, in order and with the same names.
    const at = ids(all).indexOf(ids(page)[0]);
    expect(at).toBeGreaterThanOrEqual(1);
    expect(ids(page)).toEqual(ids(all).slice(at, at + 2));
    expect(page.results[0].company_id__label).toBe(all.results[at].company_id__label);
  });
});
