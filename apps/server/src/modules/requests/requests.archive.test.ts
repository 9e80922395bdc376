import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProvider, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { auditEvents, requests } from '../../db/schema';
import { BROAD_NAME_COUNT_CAP } from './requests.name-filters.queries';
import { get, internalStaff, post, staffFirm } from './requests.staff-fixtures';

/** Staff archive and unarchive a request; staff can list requests to new providers. */
const ids = (res: { json: () => unknown }) =>
  (res.json() as { results: { id: number }[] }).results.map((r) => r.id);

describe('archiving a request', () => {
  it('takes it off the staff lists, keeps it findable and on the firm lists, and brings it back', async () => {
    const firm = await staffFirm();
    const [r1, r2] = firm.requests;
    const staff = await internalStaff();
    const list = async (query: string, headers = staff.headers) => {
      const res = await get(`/api/home/request/?patient__company=${firm.company.id}${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res);
    };

    const archive = await post(`/api/home/request/${r1.id}/`, staff.headers, { archived: true });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.json()).toMatchObject({ id: r1.id, archived: true });

    expect(await list('')).not.toContain(r1.id);
    expect(await list('&next_todo_date__lt=2030-01-01')).not.toContain(r1.id);
    expect(await list('&archived=true')).toEqual([r1.id]);
    expect(await list('&archived=false')).not.toContain(r1.id);
    // A record's own history keeps it (a spec client merging providers lists ?provider= and moves each).
    expect(await list(`&provider=${firm.mercy.id}`)).toContain(r1.id);
    // The firm's own lists are not staff housekeeping: its request is still there, flagged.
    expect(await list('', firm.firmStaff.headers)).toContain(r1.id);
    const detail = await get(`/api/home/request/${r1.id}/`, staff.headers);
    expect(detail.json()).toMatchObject({ archived: true });

    const back = await post(`/api/home/request/${r1.id}/`, staff.headers, { archived: false });
    expect(back.statusCode, back.body).toBe(200);
    expect(await list('')).toEqual(expect.arrayContaining([r1.id, r2.id]));

    const { deps } = await getContext();
    const trail = await deps.db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, staff.user.id))
      .orderBy(auditEvents.id);
    expect(trail.map((e) => e.action)).toEqual(['request.archive', 'request.unarchive']);
  });

  it('is for internal staff only; the firm and other callers cannot archive', async () => {
    const firm = await staffFirm();
    const [r1] = firm.requests;
    const { deps } = await getContext();
    const internalNonStaff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    for (const headers of [firm.firmStaff.headers, firm.paralegal.headers, internalNonStaff.headers]) {
      const res = await post(`/api/home/request/${r1.id}/`, headers, { archived: true });
      expect(res.statusCode, res.body).toBe(403);
    }
    const [row] = await deps.db.select().from(requests).where(eq(requests.id, r1.id));
    expect(row.archived).toBe(false);
    const missing = await post('/api/home/request/999999999/', (await internalStaff()).headers, {
      archived: true,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await post(`/api/home/request/${r1.id}/`, (await internalStaff()).headers, {
      archived: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('requests to new providers', () => {
  it('are listed with new_provider=true: flagged, or to a provider staff have not verified', async () => {
    const firm = await staffFirm();
    const { deps } = await getContext();
    const verified = await createProvider(deps.db, { verifiedAt: new Date() });
    const base = { companyId: firm.company.id, patientId: firm.alice.id, userId: firm.paralegal.user.id };
    const known = await createRequest(deps.db, { ...base, providerId: verified.id });
    const flagged = await createRequest(deps.db, { ...base, providerId: verified.id });
    await deps.db.update(requests).set({ newProvider: true }).where(eq(requests.id, flagged.id));
    const staff = await internalStaff();
    const list = async (query: string) =>
      ids(await get(`/api/home/request/?patient__company=${firm.company.id}${query}`, staff.headers));
    const unverified = firm.requests.map((r) => r.id);
    expect((await list('&new_provider=true')).sort()).toEqual([flagged.id, ...unverified].sort());
    expect(await list('&new_provider=false')).toEqual([known.id]);
  });

  it('are counted up to a thousand (1,000+); the others as usual', async () => {
    const firm = await staffFirm();
    const { deps } = await getContext();
    const [template] = firm.requests;
    // The firm's providers are unverified: 1,001 more requests to one of them.
    await deps.db.execute(sql`insert into requests
        (patient_id, company_id, provider_id, user_id, request_type, start_date, end_date, price)
      select patient_id, company_id, provider_id, user_id, request_type, start_date, end_date, price
      from requests, generate_series(1, ${BROAD_NAME_COUNT_CAP + 1}) where id = ${template.id}`);
    const staff = await internalStaff();
    const scope = `/api/home/request/?patient__company=${firm.company.id}`;
    const flagged = (await get(`${scope}&new_provider=true`, staff.headers)).json();
    expect([flagged.count, flagged.count_capped]).toEqual([BROAD_NAME_COUNT_CAP, true]);
    const others = (await get(`${scope}&new_provider=false`, staff.headers)).json();
    expect([others.count, others.count_capped]).toEqual([0, false]);
    const all = (await get(scope, staff.headers)).json();
    expect([all.count, all.count_capped]).toEqual([BROAD_NAME_COUNT_CAP + 4, false]);
  });
});
