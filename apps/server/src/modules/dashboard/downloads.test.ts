import { existsSync } from 'node:fs';
import { DOWNLOAD_RECORDS_LIMIT, type ReadyFile, TUTORIAL_VIDEOS } from '@dd/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFile, createPatient, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID, type TestContext, testEnv } from '../../../test/helpers';
import { buildApp } from '../../app';
import { fileAccesses, files } from '../../db/schema';
import { createDeps } from '../../deps';
import { type DashboardFirm, dashboardFirm, filesInEveryState } from './dashboard.fixtures';

/** Files ready for the firm (/api/download-request/, /api/download-records/), the heading and settings. */
let ctx: TestContext;
let firm: DashboardFirm;
let ready: { id: number };
let closedFile: { id: number };

beforeAll(async () => {
  ctx = await getContext();
  firm = await dashboardFirm(ctx.deps);
  const { db } = ctx.deps;
  // r1 (completed, received): one ready file among files that are not ready.
  ({ ready } = await filesInEveryState(ctx.deps, firm.r1.id, firm.staff.user.id));
  // Arrived by status alone (no received date), for the staff user as main contact.
  const closed = await createRequest(db, {
    companyId: firm.company.id,
    patientId: firm.patients.amy.id,
    userId: firm.staff.user.id,
    status: 'Closed - Documents Arrived',
  });
  closedFile = await createFile(db, closed.id, {
    name: 'closed.pdf',
    verifiedById: firm.staff.user.id,
    createdAt: new Date(Date.now() + 60_000),
  });
  // Verified but the request is still open and nothing was received: not ready.
  await createFile(db, firm.r3.id, { name: 'early.pdf', verifiedById: firm.staff.user.id });
});

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });
const page = async (headers = firm.staff.headers, query = '') => {
  const res = await get(`/api/download-request/${firm.company.id}/${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: { file: ReadyFile }[] };
};

describe('GET /api/download-request/', () => {
  it('lists verified records files of received requests, newest first, each holding a file', async () => {
    const body = await page();
    expect(body.count).toBe(2);
    expect(body.results.map((r) => r.file.id)).toEqual([closedFile.id, ready.id]);
    expect(body.results[1].file).toEqual({
      id: ready.id,
      name: 'ready.pdf',
      url: expect.stringMatching(/^provider-records\//),
      created_at: expect.any(String),
      downloaded: false,
      request: { id: firm.r1.id, internal_number: firm.r1.internalNumber },
      patient: { id: firm.patients.mia.id, full_name: `Mia ${firm.patients.mia.lastName}` },
      provider: { id: firm.r1.providerId, name: expect.stringMatching(/^A Clinic/) },
    });
  });

  it('marks a file downloaded only after a download by a user of the firm', async () => {
    const { db } = ctx.deps;
    const internal = await signedIn(ctx.deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    await db.insert(fileAccesses).values([
      { action: 'DOWNLOAD', fileId: ready.id, companyId: firm.company.id, userId: internal.user.id },
      { action: 'UPLOAD', fileId: ready.id, companyId: firm.company.id, userId: firm.paralegal.user.id },
    ]);
    expect((await page()).results[1].file.downloaded).toBe(false);
    await db.insert(fileAccesses).values({
      action: 'DOWNLOAD',
      fileId: ready.id,
      companyId: firm.company.id,
      userId: firm.other.user.id,
    });
    expect((await page()).results[1].file.downloaded).toBe(true);
  });

  it('without a company id answers for the caller’s own company', async () => {
    const res = await get('/api/download-request/', firm.staff.headers);
    expect(res.json().results.map((r: { file: ReadyFile }) => r.file.id)).toEqual([closedFile.id, ready.id]);
  });

  it('a paralegal gets only files of their own requests; view-as narrows to that user', async () => {
    expect((await page(firm.paralegal.headers)).results.map((r) => r.file.id)).toEqual([ready.id]);
    expect((await page(firm.other.headers)).count).toBe(0);
    const asStaff = await page(firm.staff.headers, `?user=${firm.staff.user.id}`);
    expect(asStaff.results.map((r) => r.file.id)).toEqual([closedFile.id]);
    const res = await get(
      `/api/download-request/${firm.company.id}/?user=${firm.staff.user.id}`,
      firm.paralegal.headers,
    );
    expect(res.statusCode).toBe(403);
  });

  it('pages with the dashboard page sizes and refuses other parameters', async () => {
    const body = await page(firm.staff.headers, '?page=2&page_size=10');
    expect(body.results).toEqual([]);
    expect(
      (await get(`/api/download-request/${firm.company.id}/?page_size=7`, firm.staff.headers)).statusCode,
    ).toBe(400);
    const bad = await get(`/api/download-request/?archived=true`, firm.staff.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/archived/);
  });

  it('401 anonymous, 404 for another firm, internal staff reach any firm', async () => {
    expect((await get(`/api/download-request/${firm.company.id}/`, {})).statusCode).toBe(401);
    expect((await get('/api/download-request/', {})).statusCode).toBe(401);
    const stranger = await signedIn(ctx.deps, { isStaff: true });
    expect((await get(`/api/download-request/${firm.company.id}/`, stranger.headers)).statusCode).toBe(404);
    const internal = await signedIn(ctx.deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await page(internal.headers)).count).toBe(2);
  });
});

describe('GET /api/download-request/ — the newest DOWNLOAD_RECORDS_LIMIT files', () => {
  it('counts and pages up to the limit only', async () => {
    const big = await dashboardFirm(ctx.deps);
    const extra = DOWNLOAD_RECORDS_LIMIT + 5;
    await ctx.deps.db.insert(files).values(
      Array.from({ length: extra }, (_, i) => ({
        name: `records-${i}.pdf`,
        url: `provider-records/bulk-${big.r1.id}-${i}.pdf`,
        requestId: big.r1.id,
        companyId: big.company.id,
        verifiedById: big.staff.user.id,
        createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      })),
    );
    const url = `/api/download-request/${big.company.id}/?page_size=100`;
    const first = (await get(url, big.staff.headers)).json();
    expect(first.count).toBe(DOWNLOAD_RECORDS_LIMIT);
    expect(first.results[0].file.name).toBe(`records-${extra - 1}.pdf`);
    const last = (await get(`${url}&page=${DOWNLOAD_RECORDS_LIMIT / 100}`, big.staff.headers)).json();
    expect(last.results).toHaveLength(100);
    expect(last.next).toBeNull();
    const beyond = (await get(`${url}&page=${DOWNLOAD_RECORDS_LIMIT / 100 + 1}`, big.staff.headers)).json();
    expect(beyond.results).toEqual([]);
  });
});

describe('GET /api/download-records/{company_id}/', () => {
  const records = (query: string, headers: Record<string, string> = firm.staff.headers) =>
    get(`/api/download-records/${firm.company.id}/${query}`, headers);

  it('returns every ready file of one client as a plain list', async () => {
    const res = await records(`?client=${firm.patients.mia.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: ReadyFile) => f.id)).toEqual([ready.id]);
    const amy = await records(`?client=${firm.patients.amy.id}`);
    expect(amy.json().map((f: ReadyFile) => f.id)).toEqual([closedFile.id]);
    const asParalegal = await records(`?client=${firm.patients.amy.id}&user=${firm.paralegal.user.id}`);
    expect(asParalegal.json()).toEqual([]);
  });

  it('needs a client of that company', async () => {
    const missing = await records('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/client/);
    const stranger = await signedIn(ctx.deps);
    const foreign = await createPatient(ctx.deps.db, stranger.user.companyId);
    expect((await records(`?client=${foreign.id}`)).statusCode).toBe(404);
  });

  it('keeps paralegals to their own requests and other firms out', async () => {
    expect((await records(`?client=${firm.patients.amy.id}`, firm.paralegal.headers)).json()).toEqual([]);
    const stranger = await signedIn(ctx.deps, { isStaff: true });
    expect((await records(`?client=${firm.patients.mia.id}`, stranger.headers)).statusCode).toBe(404);
    expect((await records(`?client=${firm.patients.mia.id}`, {})).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard-info/{company_id}/', () => {
  it('names the company and the view-as user', async () => {
    const url = `/api/dashboard-info/${firm.company.id}/?user=${firm.paralegal.user.id}`;
    const res = await get(url, firm.staff.headers);
    expect(res.json()).toEqual({
      company: { id: firm.company.id, name: firm.company.name },
      user: { id: firm.paralegal.user.id, full_name: 'Carl Clark' },
    });
    const own = await get(`/api/dashboard-info/${firm.company.id}/`, firm.paralegal.headers);
    expect(own.json().user).toBeNull();
    expect((await get(url, firm.other.headers)).statusCode).toBe(403);
    const stranger = await signedIn(ctx.deps);
    expect((await get(`/api/dashboard-info/${firm.company.id}/`, stranger.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/settings/', () => {
  it('answers the built-in tutorial videos, each served by the app, when none are configured', async () => {
    const res = await ctx.app.inject({ url: '/api/settings/' });
    expect(res.json()).toEqual({
      help_video_url: TUTORIAL_VIDEOS.dashboard,
      request_video_url: TUTORIAL_VIDEOS.request,
      pdf_form_video_url: TUTORIAL_VIDEOS.pdfForm,
      geocoder: false,
      payments: null,
    });
    for (const name of ['dashboard', 'request', 'pdf-form'])
      for (const ext of ['webm', 'vtt'])
        expect(
          existsSync(new URL(`../../../../web/public/videos/${name}.${ext}`, import.meta.url)),
          `${name}.${ext}`,
        ).toBe(true);
  });

  it('answers the configured tutorial videos', async () => {
    const config = testEnv({
      HELP_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/help',
      REQUEST_VIDEO_URL: 'https://player.vimeo.com/video/42',
      PDF_FORM_VIDEO_URL: 'https://player.vimeo.com/video/43',
    });
    const app = await buildApp(createDeps(config, ctx.deps.db));
    const res = await app.inject({ url: '/api/settings/' });
    expect(res.json()).toEqual({
      help_video_url: 'https://www.youtube-nocookie.com/embed/help',
      request_video_url: 'https://player.vimeo.com/video/42',
      pdf_form_video_url: 'https://player.vimeo.com/video/43',
      geocoder: false,
      payments: null,
    });
    await app.close();
  });
});
