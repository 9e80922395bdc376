import { RECORDS_SEARCH_MAX_RESULTS, RECORDS_SEARCH_PAGE_SIZE, type RecordsSearchResponse } from '@dd/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import type { App, AppDeps } from '../../app-types';
import { jobs, patients, recordPages } from '../../db/schema';
import { stampDelivered } from '../recordspackage/package.deliver';
import { deliverable } from '../recordspackage/package.test-utils';
import { backfillRecordIndexing, INDEX_JOB } from './search.index';
import { MARK_END, MARK_START } from './search.queries';
import { runIndexing, textPdf } from './search.test-utils';

/**
 * Searching received records: every verified PDF's pages, ranked, with the matched words marked and the
 * Bates number once the request is delivered; a firm finds its own records only, staff every firm's.
 */
type Headers = Record<string, string>;

const search = async (app: App, headers: Headers, q: string, page = 1) => {
  const res = await app.inject({ url: '/api/search/records/', headers, query: { q, page: String(page) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RecordsSearchResponse;
};
const marked = (r: RecordsSearchResponse['results'][number]) =>
  r.highlights.map((h) => r.snippet.slice(h.start, h.end).toLowerCase());

async function firmWithRecords(deps: AppDeps, app: App, pages: string[], name = 'Imaging.pdf') {
  const firm = await firmWithRequest(deps);
  const { internalStaff } = await callers(deps);
  const file = await deliverable(
    app,
    internalStaff.headers,
    Number(internalStaff.user.id),
    firm.request.id,
    await textPdf(pages),
    name,
  );
  return { firm, internalStaff, file };
}

describe('searching received records', () => {
  it('queues indexing at upload, shows progress, ranks pages and marks the matched words', async () => {
    const { app, deps } = await getContext();
    const word = `Okafor${Date.now().toString(36)}`;
    const { firm, internalStaff, file } = await firmWithRecords(deps, app, [
      'Emergency room visit. Lumbar strain suspected.',
      `MRI of the lumbar spine ordered by Dr. ${word}. MRI lumbar findings: disc protrusion at L4-L5.`,
      'Billing statement for the visit.',
    ]);
    const [queued] = await deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${INDEX_JOB}:${file.id}`));
    expect(queued?.status).toBe('queued');
    const status = (headers: Headers) =>
      app.inject({ url: `/api/search/records/request/${firm.request.id}/`, headers }).then((r) => r.json());
    expect(await status(firm.paralegal.headers)).toEqual({ files: 1, indexed: 0, failed: 0 });

    await runIndexing(deps, file.id);
    expect(await status(firm.paralegal.headers)).toEqual({ files: 1, indexed: 1, failed: 0 });

    const found = await search(app, firm.paralegal.headers, `MRI lumbar ${word}`);
    expect(found.count).toBe(1);
    const [hit] = found.results;
    expect(hit).toMatchObject({
      request: { id: firm.request.id, client_id: firm.patient.id, company_name: firm.company.name },
      file: { id: file.id, name: 'Imaging.pdf' },
      page: 2,
      bates: null,
    });
    expect(hit.file.view_url).toMatch(/^\/files\/.+\/Imaging\.pdf$/);
    expect(marked(hit)).toEqual(expect.arrayContaining(['mri', 'lumbar', word.toLowerCase()]));
    expect([hit.snippet.includes(MARK_START), hit.snippet.includes(MARK_END)]).toEqual([false, false]);

    // 'lumbar' alone: both pages, the one saying it twice first.
    const lumbar = await search(app, firm.paralegal.headers, `lumbar -billing`);
    const mine = lumbar.results.filter((r) => r.file.id === file.id);
    expect(mine.map((r) => r.page)).toEqual([2, 1]);

    // Once delivered, each page carries its Bates number.
    await deps.db.update(patients).set({ batesPrefix: 'SRCH' }).where(eq(patients.id, firm.patient.id));
    const sent = await app.inject({
      method: 'POST',
      url: `/api/home/request/${firm.request.id}/send_to_lawyer/`,
      headers: internalStaff.headers,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await stampDelivered(
      { db: deps.db, storage: deps.storage, dataDir: deps.config.dataDir },
      firm.request.id,
    );
    const after = await search(app, firm.paralegal.headers, word);
    expect(after.results.map((r) => [r.page, r.bates])).toEqual([[2, 'SRCH0000002']]);
  }, 30_000);

  it('never shows another firm its records; staff search every firm', async () => {
    const { app, deps } = await getContext();
    const planted = `zephyrine${Date.now().toString(36)}`;
    const a = await firmWithRecords(deps, app, ['Orthopedic consult, nothing unusual.']);
    const b = await firmWithRecords(deps, app, [`Prescription of ${planted} for firm B's client.`]);
    await runIndexing(deps, a.file.id);
    await runIndexing(deps, b.file.id);

    for (const headers of [a.firm.paralegal.headers, a.firm.staff.headers]) {
      expect(await search(app, headers, planted)).toEqual({
        count: 0,
        count_capped: false,
        page: 1,
        page_size: RECORDS_SEARCH_PAGE_SIZE,
        results: [],
      });
    }
    const own = await search(app, b.firm.staff.headers, planted);
    expect(own.results.map((r) => r.request.id)).toEqual([b.firm.request.id]);
    const staff = await search(app, a.internalStaff.headers, planted);
    expect(staff.results.map((r) => [r.request.id, r.request.company_name])).toEqual([
      [b.firm.request.id, b.firm.company.name],
    ]);
    // A request of another firm has no indexing status to read.
    const other = await app.inject({
      url: `/api/search/records/request/${b.firm.request.id}/`,
      headers: a.firm.staff.headers,
    });
    expect(other.statusCode).toBe(404);
  }, 30_000);

  it("keeps files the firm cannot see out of the firm's results, and pages through many matches", async () => {
    const { app, deps } = await getContext();
    const word = `tachycardia${Date.now().toString(36)}`;
    const pages = Array.from({ length: RECORDS_SEARCH_PAGE_SIZE + 3 }, (_, n) => `Page ${n + 1}: ${word}.`);
    const { firm, internalStaff, file } = await firmWithRecords(deps, app, pages);
    await runIndexing(deps, file.id);
    const first = await search(app, firm.paralegal.headers, word);
    const second = await search(app, firm.paralegal.headers, word, 2);
    const past = await search(app, firm.paralegal.headers, word, 3);
    expect([first.count, first.results.length, second.results.length]).toEqual([
      RECORDS_SEARCH_PAGE_SIZE + 3,
      RECORDS_SEARCH_PAGE_SIZE,
      3,
    ]);
    expect([past.count, past.results]).toEqual([RECORDS_SEARCH_PAGE_SIZE + 3, []]);

    // Un-verified: the firm no longer sees the file, nor its pages in search; staff still do.
    const unverify = await app.inject({
      method: 'POST',
      url: `/api/home/file/${file.id}/`,
      headers: internalStaff.headers,
      payload: { verified_by: null },
    });
    expect(unverify.statusCode, unverify.body).toBe(200);
    expect((await search(app, firm.paralegal.headers, word)).count).toBe(0);
    expect((await search(app, internalStaff.headers, word)).count).toBe(RECORDS_SEARCH_PAGE_SIZE + 3);
  }, 30_000);

  it('ranks at most RECORDS_SEARCH_MAX_RESULTS pages of a word on very many pages, and says there were more', async () => {
    const { app, deps } = await getContext();
    const word = `contusion${Date.now().toString(36)}`;
    const { firm, file } = await firmWithRecords(deps, app, ['One page.']);
    await deps.db.execute(
      sql`insert into ${recordPages} (file_id, request_id, company_id, page_number, text, source)
          select ${file.id}, ${firm.request.id}, ${firm.company.id}, n, ${`Bruise: ${word}.`}, 'text'
          from generate_series(1, ${RECORDS_SEARCH_MAX_RESULTS + 5}) n`,
    );
    const found = await search(app, firm.paralegal.headers, word);
    expect([found.count, found.count_capped, found.results.length]).toEqual([
      RECORDS_SEARCH_MAX_RESULTS,
      true,
      RECORDS_SEARCH_PAGE_SIZE,
    ]);
  });

  it('the backfill queues received PDFs never indexed, and a file that cannot be read is counted as failed', async () => {
    const { app, deps } = await getContext();
    const { firm, internalStaff, file } = await firmWithRecords(deps, app, ['Discharge summary.']);
    await deps.db.delete(jobs).where(eq(jobs.key, `${INDEX_JOB}:${file.id}`));
    await backfillRecordIndexing(deps.db);
    const [again] = await deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${INDEX_JOB}:${file.id}`));
    expect(again?.status).toBe('queued');

    const broken = await deliverable(
      app,
      internalStaff.headers,
      Number(internalStaff.user.id),
      firm.request.id,
      Buffer.from('%PDF-1.4\nnot really a PDF\n'),
      'Broken.pdf',
    );
    await runIndexing(deps, file.id);
    await runIndexing(deps, broken.id);
    expect(await deps.db.select().from(recordPages).where(eq(recordPages.fileId, broken.id))).toEqual([]);
    const status = await app.inject({
      url: `/api/search/records/request/${firm.request.id}/`,
      headers: firm.paralegal.headers,
    });
    expect(status.json()).toEqual({ files: 2, indexed: 1, failed: 1 });
  });
});
