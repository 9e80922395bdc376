import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authOf, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { requests } from '../../db/schema';
import { filterConditions } from './requests.filters.queries';
import {
  BROAD_NAME_COUNT_CAP,
  LISTED_MATCHES_CAP,
  listCountCap,
  listedNameMatches,
} from './requests.name-filters.queries';
import { listVisibleRequests } from './requests.queries';
import { get, internalStaff, staffFirm } from './requests.staff-fixtures';

/** GET /api/home/request/ with the staff list's filters (staff spec section 7). */
type Item = { id: number; working_on: unknown; company?: unknown; next_todo_date: string | null };
const ids = (body: { results: Item[] }) => body.results.map((r) => r.id);

async function staffList(query: string, headers?: Record<string, string>) {
  const staff = headers ?? (await internalStaff()).headers;
  const res = await get(`/api/home/request/${query}`, staff);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as { count: number; results: Item[] };
}

describe('GET /api/home/request/ for the staff list', () => {
  it('filters by law firm, client, provider, status, paralegal, requestor and type', async () => {
    const firm = await staffFirm();
    const [r1, r2, r3] = firm.requests;
    const scope = `?patient__company=${firm.company.id}`;
    const staff = (await internalStaff()).headers;
    const list = (q: string) => staffList(`${scope}${q}`, staff).then(ids);
    expect(await list('')).toEqual([r3.id, r2.id, r1.id]);
    expect(await list('&patient__full_name__icontains=alice%20zim')).toEqual([r1.id]);
    expect(await list(`&provider__name__icontains=valley lab`)).toEqual([r2.id]);
    expect(await list('&status__icontains=cancelled')).toEqual([r3.id]);
    expect(
      await list(`&user__full_name__icontains=${encodeURIComponent(firm.paralegal.user.lastName)}`),
    ).toEqual([r3.id, r2.id, r1.id]);
    expect(
      await list(`&requester__full_name__icontains=${encodeURIComponent(firm.firmStaff.user.lastName)}`),
    ).toEqual([r1.id]);
    expect(await list('&type=billing')).toEqual([r1.id]);
    expect(await list(`&internal_number__contains=${r2.internalNumber}`)).toEqual([r2.id]);
    // LIKE wildcards in the text are taken literally.
    expect(await list('&patient__full_name__icontains=%25')).toEqual([]);
    expect(await list('&patient__full_name__icontains=')).toHaveLength(3);
  });

  it('finds the same requests by name whether the matching names are listed first or too many to list', async () => {
    const { deps } = await getContext();
    const firm = await staffFirm();
    const [r1, r2, r3] = firm.requests;
    const staff = await internalStaff();
    const auth = authOf(staff.user, { isInternal: true });
    const matching = async (query: Record<string, string>, cap?: number) => {
      const full = { ...query, patient__company: firm.company.id };
      const conditions = filterConditions(full, auth, await listedNameMatches(deps.db, full, cap));
      const { rows } = await listVisibleRequests(deps.db, auth, {
        conditions,
        orderBy: '-created_at',
        limit: 20,
        offset: 0,
      });
      return rows.map((row) => row.id);
    };
    // 'Hospital' and 'Lab' name two providers of this firm: over a cap of 1, the EXISTS form answers.
    for (const cap of [undefined, 1]) {
      expect(await matching({ provider__name__icontains: `${firm.company.id}` }, cap)).toEqual([
        r3.id,
        r2.id,
        r1.id,
      ]);
      expect(await matching({ provider__name__icontains: 'mercy hosp' }, cap)).toEqual([r3.id, r1.id]);
      expect(await matching({ patient__full_name__icontains: 'zimmer' }, cap)).toEqual([r1.id]);
      expect(await matching({ user__full_name__icontains: firm.paralegal.user.lastName }, cap)).toEqual([
        r3.id,
        r2.id,
        r1.id,
      ]);
      expect(await matching({ provider__name__icontains: 'no such provider' }, cap)).toEqual([]);
    }
  });

  it('counts a name that matches more than a thousand clients up to a thousand (1,000+), a narrower one exactly', async () => {
    const { deps } = await getContext();
    const firm = await staffFirm();
    const [template] = firm.requests;
    const last = `Broad${firm.company.id}`;
    // 1,001 clients of one name with a request each, and a second request for one of them.
    await deps.db.execute(sql`insert into patients (company_id, first_name, last_name)
      select ${firm.company.id}, 'Client' || n, ${last} from generate_series(1, ${LISTED_MATCHES_CAP + 1}) n`);
    await deps.db.execute(sql`insert into requests
        (patient_id, company_id, provider_id, user_id, request_type, start_date, end_date, price)
      select p.id, r.company_id, r.provider_id, r.user_id, r.request_type, r.start_date, r.end_date, r.price
      from patients p, requests r
      where r.id = ${template.id} and p.last_name = ${last}
      union all
      select p.id, r.company_id, r.provider_id, r.user_id, r.request_type, r.start_date, r.end_date, r.price
      from patients p, requests r
      where r.id = ${template.id} and p.last_name = ${last} and p.first_name = 'Client1'`);
    const scope = `?patient__company=${firm.company.id}`;
    const broad = await staffList(`${scope}&patient__full_name__icontains=${last}&status_open=true`);
    expect(broad.count).toBe(BROAD_NAME_COUNT_CAP);
    expect((broad as unknown as { count_capped: boolean }).count_capped).toBe(true);
    // The same cap whether the thousand-odd clients were listed (as here) or too many to list.
    const query = { patient__full_name__icontains: last };
    expect(listCountCap(query, await listedNameMatches(deps.db, query))).toBe(BROAD_NAME_COUNT_CAP);
    expect(listCountCap(query, {})).toBe(BROAD_NAME_COUNT_CAP);
    expect(broad.results).toHaveLength(20);
    // The same in client-name order: the first twenty by name among the matching clients alone.
    const byName = await staffList(
      `${scope}&patient__full_name__icontains=${last}&status_open=true&order_by=patient__full_name`,
    );
    const firstByName = await queryRows<{ id: number }>(
      deps.db,
      sql`select r.id from requests r join patients p on p.id = r.patient_id
        where p.last_name = ${last} order by p.full_name, r.created_at desc, r.id desc limit 20`,
    );
    expect(ids(byName)).toEqual(firstByName.map((row) => Number(row.id)));
    const narrow = await staffList(`${scope}&patient__full_name__icontains=client1%20${last}`);
    expect(narrow.count).toBe(2);
    expect((narrow as unknown as { count_capped: boolean }).count_capped).toBe(false);
  });

  it("a firm's name search never reaches another firm's requests, even for a name both firms share", async () => {
    const mine = await staffFirm();
    const theirs = await staffFirm();
    for (const query of [
      '?patient__full_name__icontains=alice%20zimmer',
      '?provider__name__icontains=hospital',
    ]) {
      const own = await staffList(query, mine.paralegal.headers);
      expect(
        own.results.every((r) => mine.requests.some((m) => m.id === r.id)),
        query,
      ).toBe(true);
      expect(own.count, query).toBeGreaterThan(0);
      const staff = await staffList(`${query}&patient__company=${theirs.company.id}`);
      expect(
        staff.results.every((r) => theirs.requests.some((t) => t.id === r.id)),
        query,
      ).toBe(true);
    }
  });

  it('filters open, completed, to-do and date ranges', async () => {
    const firm = await staffFirm();
    const [r1, r2, r3] = firm.requests;
    const staff = (await internalStaff()).headers;
    const list = (q: string) => staffList(`?patient__company=${firm.company.id}${q}`, staff).then(ids);
    expect(await list('&status_open=True')).toEqual([r1.id]);
    expect(await list('&status_open=false')).toEqual([r3.id, r2.id]);
    expect(await list('&status_completed=true')).toEqual([r2.id]);
    expect(await list('&status_completed=False')).toEqual([r3.id, r1.id]);
    expect(await list('&next_todo_date__lt=2024-05-01')).toEqual([r1.id]);
    expect(await list('&next_todo_date__lt=2024-5-2')).toEqual([r2.id, r1.id]);
    expect(await list('&completed_date__gte=2024-04-10&completed_date__lte=2024-04-10')).toEqual([r2.id]);
    expect(await list('&completed_date__gte=2024-04-11')).toEqual([]);
    expect(await list('&closed_date__gte=2024-04-01&closed_date__lte=2024-04-30')).toEqual([r3.id]);
    expect(await list('&closed_date__lte=2024-04-19')).toEqual([]);
    // Finished by a day also takes a request created that same day (the filter bounds the creation date too).
    const { deps } = await getContext();
    await deps.db
      .update(requests)
      .set({ createdAt: new Date('2024-04-20T09:00:00Z') })
      .where(eq(requests.id, r3.id));
    expect(await list('&closed_date__lte=2024-04-20')).toEqual([r3.id]);
    expect(await list('&closed_date__gte=2024-04-20&closed_date__lte=2024-04-20')).toEqual([r3.id]);
  });

  it('filters by claim, excludes requests worked by admins, and expands working_on and the law firm', async () => {
    const { deps } = await getContext();
    const firm = await staffFirm();
    const [r1, r2, r3] = firm.requests;
    const worker = await internalStaff();
    const admin = await internalStaff({ isAdminUser: true });
    await deps.db.update(requests).set({ workingOnId: worker.user.id }).where(eq(requests.id, r1.id));
    await deps.db.update(requests).set({ workingOnId: admin.user.id }).where(eq(requests.id, r2.id));
    const scope = `?patient__company=${firm.company.id}`;
    expect(ids(await staffList(`${scope}&working_on=${worker.user.id}`, worker.headers))).toEqual([r1.id]);
    expect(ids(await staffList(`${scope}&working_on=none`, worker.headers))).toEqual([r3.id]);
    expect(ids(await staffList(`${scope}&exclude_admins_and_users=true`, worker.headers))).toEqual([
      r3.id,
      r1.id,
    ]);
    const rich = await staffList(
      `${scope}&related=working_on,patient__company,provider&limit=500`,
      worker.headers,
    );
    const first = rich.results.find((r) => r.id === r1.id);
    expect(first?.working_on).toEqual({ id: worker.user.id, full_name: worker.user.fullName });
    expect(first?.company).toEqual({ id: firm.company.id, name: firm.company.name });
    expect(first?.next_todo_date).toBe('2024-03-01');
    expect(rich.results.find((r) => r.id === r3.id)?.working_on).toBeNull();
    const plain = await staffList(`${scope}&limit=1`, worker.headers);
    expect(plain.results[0]).not.toHaveProperty('working_on');
    expect(plain.results[0]).not.toHaveProperty('company');
  });

  it('orders by client and next reminder both ways, reminders missing last', async () => {
    const firm = await staffFirm();
    const [r1, r2, r3] = firm.requests;
    const staff = (await internalStaff()).headers;
    const list = (q: string) => staffList(`?patient__company=${firm.company.id}${q}`, staff).then(ids);
    // 'Alice Zimmer' sorts before 'Bob Adams'; the same client's requests stay newest first.
    expect(await list('&order_by=patient__full_name')).toEqual([r1.id, r3.id, r2.id]);
    expect(await list('&order_by=-patient__full_name')).toEqual([r3.id, r2.id, r1.id]);
    expect(await list('&order_by=next_todo_date')).toEqual([r1.id, r2.id, r3.id]);
    expect(await list('&order_by=-next_todo_date')).toEqual([r2.id, r1.id, r3.id]);
    expect(await list('&order_by=created_at')).toEqual([r1.id, r2.id, r3.id]);
    const page = await staffList(`?patient__company=${firm.company.id}&limit=2&offset=2`, staff);
    expect(page.count).toBe(3);
    expect(ids(page)).toEqual([r1.id]);
  });

  it('filters rush, matches a status chosen from the list or typed in part, and pages without a full count', async () => {
    const firm = await staffFirm();
    const [r1, r2, r3] = firm.requests;
    const staff = (await internalStaff()).headers;
    const scope = `?patient__company=${firm.company.id}`;
    const list = (q: string) => staffList(`${scope}${q}`, staff).then(ids);
    expect(await list('&rush=true')).toEqual([r2.id]);
    expect(await list('&rush=false')).toEqual([r3.id, r1.id]);
    expect(await list(`&status__icontains=${encodeURIComponent('Completed - Documents Arrived')}`)).toEqual([
      r2.id,
    ]);
    // Part of a name, in any case, matches every status that contains it; text no status has matches none.
    expect(await list('&status__icontains=COMPLETED')).toEqual([r2.id]);
    expect(await list('&status__icontains=cancel')).toEqual([r3.id]);
    expect(await list('&status__icontains=no such status')).toEqual([]);
    const first = await get(`/api/home/request/${scope}&limit=2`, staff);
    expect(first.json()).toMatchObject({ count: 3, count_capped: false, previous: null });
    expect(first.json().next).toContain('offset=2');
    const last = (await get(`/api/home/request/${scope}&limit=2&offset=2`, staff)).json();
    expect(last.next).toBeNull();
    expect(last.previous).toContain('offset=0');
  });

  it('pages with cursors through equal and microsecond timestamps, forwards and back, as offsets do', async () => {
    const { deps } = await getContext();
    const firm = await staffFirm();
    const base = { companyId: firm.company.id, userId: firm.paralegal.user.id, providerId: firm.mercy.id };
    for (let i = 0; i < 4; i++)
      await createRequest(deps.db, { ...base, patientId: firm.alice.id, rush: i % 2 === 0 });
    const all = await staffList(`?patient__company=${firm.company.id}&limit=500`);
    const made = all.results.map((r) => r.id);
    // Two requests share a timestamp to the microsecond; two more differ only in microseconds.
    await deps.db.execute(
      sql`update requests set created_at = '2024-06-01 10:00:00.000001+00' where id in (${made[0]}, ${made[1]})`,
    );
    await deps.db.execute(
      sql`update requests set created_at = '2024-06-01 10:00:00.000002+00' where id = ${made[2]}`,
    );
    const staff = (await internalStaff()).headers;
    for (const order of ['-created_at', 'created_at', '-rush']) {
      const scope = `?patient__company=${firm.company.id}&order_by=${order}`;
      const expected = ids(await staffList(`${scope}&limit=500`, staff));
      const seen: number[] = [];
      const pages: { next: string | null; previous: string | null; results: Item[] }[] = [];
      let url: string | null = `/api/home/request/${scope}&limit=2`;
      while (url) {
        const page: (typeof pages)[number] = (await get(url, staff)).json();
        pages.push(page);
        seen.push(...ids(page));
        if (page.next) expect(page.next, order).toContain('cursor=');
        url = page.next;
      }
      expect(seen, order).toEqual(expected);
      // Back from the last page with the previous links: the same pages in reverse.
      const back: number[][] = [];
      let previous: string | null = pages.at(-1)?.previous ?? null;
      while (previous) {
        const page: (typeof pages)[number] = (await get(previous, staff)).json();
        back.unshift(ids(page));
        previous = page.previous;
      }
      expect(back.flat(), order).toEqual(expected.slice(0, expected.length - ids(pages.at(-1)!).length));
    }
  });

  it('refuses a cursor it did not give out, or one of another ordering', async () => {
    const staff = (await internalStaff()).headers;
    const bad = await get('/api/home/request/?cursor=not-a-cursor', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('cursor');
    const first = (await get('/api/home/request/?order_by=-created_at&limit=1', staff)).json();
    const cursor = new URL(first.next, 'http://x').searchParams.get('cursor');
    const other = await get(`/api/home/request/?order_by=created_at&cursor=${cursor}`, staff);
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toContain('cursor');
  });

  it('still scopes what non-staff callers see: internal non-staff only their claims, firms their own', async () => {
    const { deps } = await getContext();
    const firm = await staffFirm();
    const [r1] = firm.requests;
    const internalUser = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    await deps.db.update(requests).set({ workingOnId: internalUser.user.id }).where(eq(requests.id, r1.id));
    expect(ids(await staffList(`?patient__company=${firm.company.id}`, internalUser.headers))).toEqual([
      r1.id,
    ]);
    const stranger = await signedIn(deps, { isStaff: true });
    expect((await staffList(`?patient__company=${firm.company.id}`, stranger.headers)).count).toBe(0);
  });

  it('refuses unknown filters and bad values with a 400 naming them', async () => {
    const staff = (await internalStaff()).headers;
    for (const [query, name] of [
      ['?working_on=somebody', 'working_on'],
      ['?status_open=yes', 'status_open'],
      ['?next_todo_date__lt=03/01/2024', 'next_todo_date__lt'],
      ['?order_by=patient__ssn', 'order_by'],
      ['?related=working_on,notes', 'notes'],
      ['?closed_date__gt=2024-01-01', 'closed_date__gt'],
      ['?limit=501', 'limit'],
    ]) {
      const res = await get(`/api/home/request/${query}`, staff);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toContain(name);
    }
  });
});
