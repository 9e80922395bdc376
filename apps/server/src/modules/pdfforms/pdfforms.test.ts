import { PDF_FORM_INLINE_PAGES, PDF_FORM_MSG, type PdfFormDetail, STATUS } from '@dd/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { jobs, pdfFormPages, pdfForms } from '../../db/schema';
import { CONSTRAINT_MSG } from '../../lib/constraint-errors';
import { createJobRunner } from '../../lib/jobs';
import { get, internalStaff, post } from '../requests/requests.staff-fixtures';
import { openPdf } from './pdf-pages';
import { RENDER_JOB, renderJobHandler } from './pdfforms.render';
import { encryptedPdf, formPdf, uploadedFormPdf } from './pdfforms.test-utils';

/**
 * PDF form templates: pages rendered to images, mappings placed as fractions of the page,
 * and the filled form with each value where it was mapped; refusals that change nothing.
 */

async function staffWithProvider() {
  const { deps } = await getContext();
  const staff = await internalStaff();
  const provider = await createProvider(deps.db, { name: `Mercy Records ${Date.now()}` });
  const create = async (bytes: Uint8Array, name = 'Mercy release') =>
    post('/api/home/pdfform/', staff.headers, {
      name,
      url: await uploadedFormPdf(deps, staff.user.id, bytes),
      provider: provider.id,
    });
  return { deps, staff, provider, create };
}

const formCount = async () => {
  const { deps } = await getContext();
  return (await deps.db.select({ n: count() }).from(pdfForms))[0].n;
};

describe('a PDF form', () => {
  it("takes the spec's calls with their CSRF field: create, rename, and place a mapping", async () => {
    const s = await staffWithProvider();
    const csrfmiddlewaretoken = 'from-GET-/api/csrfmiddlewaretoken/';
    const body = {
      name: 'Mercy release',
      url: await uploadedFormPdf(s.deps, s.staff.user.id, await formPdf(1)),
      provider: s.provider.id,
      csrfmiddlewaretoken,
    };
    const created = await post('/api/home/pdfform/', s.staff.headers, body);
    expect(created.statusCode, created.body).toBe(200);
    const form = created.json() as PdfFormDetail;
    const renamed = await post(`/api/home/pdfform/${form.id}/`, s.staff.headers, {
      ...body,
      url: form.url,
      name: 'Mercy release 2',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const mapping = await post('/api/home/pdfformmapping/', s.staff.headers, {
      name: 'Patient.full_name',
      form: form.id,
      page: form.pages[0].id,
      position_x: 0.25,
      position_y: 0.5,
      csrfmiddlewaretoken,
    });
    expect(mapping.statusCode, mapping.body).toBe(200);
  });

  it('renders each page of a three-page PDF to an image the editor can show', async () => {
    const s = await staffWithProvider();
    const res = await s.create(await formPdf(3));
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json() as PdfFormDetail;
    expect(form).toMatchObject({
      kind: 'provider',
      provider: s.provider.id,
      provider_name: s.provider.name,
      page_count: 3,
    });
    expect(form.pages.map((p) => [p.page_number, p.width, p.height])).toEqual([
      [1, 612, 792],
      [2, 612, 792],
      [3, 612, 792],
    ]);
    const image = await get(form.pages[1].image_url, {});
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // The editor polls a rendering form: the same page links within the minute, so shown pages stay put.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const detail = () => get(`/api/home/pdfform/${form.id}/?related=mapping,pages`, s.staff.headers);
      vi.setSystemTime(minute + 5_000);
      const first = (await detail()).json() as PdfFormDetail;
      vi.setSystemTime(minute + 50_000);
      const second = (await detail()).json() as PdfFormDetail;
      expect(second.pages.map((p) => p.image_url)).toEqual(first.pages.map((p) => p.image_url));
      vi.setSystemTime(minute + 65_000);
      const later = (await detail()).json() as PdfFormDetail;
      expect(later.pages[0].image_url).not.toBe(first.pages[0].image_url);
      expect((await get(later.pages[0].image_url, {})).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }

    const listed = await get(
      `/api/pdfform/?provider=True&name=${encodeURIComponent('mercy RELEASE')}`,
      s.staff.headers,
    );
    expect((listed.json() as { results: { id: number }[] }).results.map((f) => f.id)).toContain(form.id);
    const companyList = await get('/api/pdfform/?company=True&page_size=100', s.staff.headers);
    expect((companyList.json() as { results: { id: number }[] }).results.map((f) => f.id)).not.toContain(
      form.id,
    );
  });

  it('refuses a broken or password-protected PDF and writes nothing', async () => {
    const s = await staffWithProvider();
    const before = await formCount();
    const broken = await s.create(new TextEncoder().encode('%PDF-1.7 not really'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe(PDF_FORM_MSG.unreadable);
    const locked = await s.create(await encryptedPdf());
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error).toBe(PDF_FORM_MSG.encrypted);
    expect(await formCount()).toBe(before);
  });

  it('of a firm names it without a key: an unknown firm is refused, and deleting the firm deletes its form', async () => {
    const s = await staffWithProvider();
    const firm = await createCompany(s.deps.db);
    const url = await uploadedFormPdf(s.deps, s.staff.user.id, await formPdf(1), 'company-forms');
    const before = await formCount();
    const save = (company: number) =>
      post('/api/home/pdfform/', s.staff.headers, { name: 'Release', url, company });
    const unknown = await save(firm.id + 1_000_000);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(CONSTRAINT_MSG.missingReference);
    expect(await formCount()).toBe(before);

    expect((await save(firm.id)).statusCode).toBe(200);
    const deleted = await post(`/api/home/company/${firm.id}/delete/`, s.staff.headers, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await s.deps.db.select().from(pdfForms).where(eq(pdfForms.companyId, firm.id))).toEqual([]);
  });

  it('keeps its mappings when rendered again, and loses them with a new PDF', async () => {
    const s = await staffWithProvider();
    const form = (await s.create(await formPdf(2))).json() as PdfFormDetail;
    const placed = await post('/api/home/pdfformmapping/', s.staff.headers, {
      name: 'Patient.full_name',
      form: form.id,
      page: form.pages[1].id,
      position_x: 0.3,
      position_y: 0.4,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const moved = await post(`/api/home/pdfformmapping/${placed.json().id}/`, s.staff.headers, {
      position_x: 0.35,
      position_y: 0.45,
    });
    expect(moved.json()).toMatchObject({ position_x: 0.35, position_y: 0.45, name: 'Patient.full_name' });

    const again = (await post(`/convertPDFToJPG/${form.id}/`, s.staff.headers, {})).json() as PdfFormDetail;
    expect(again.mapping).toHaveLength(1);
    expect(again.pages[1].image_url).not.toBe(form.pages[1].image_url);

    const replaced = await post(`/api/home/pdfform/${form.id}/`, s.staff.headers, {
      name: 'Mercy release 2026',
      url: await uploadedFormPdf(s.deps, s.staff.user.id, await formPdf(1)),
      provider: s.provider.id,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Mercy release 2026', page_count: 1, mapping: [] });

    expect((await post(`/api/home/pdfform/${form.id}/delete/`, s.staff.headers, {})).statusCode).toBe(200);
    expect((await get(`/api/home/pdfform/${form.id}/`, s.staff.headers)).statusCode).toBe(404);
  });

  it('renders a long PDF in the background with its progress shown, keeping mappings on a re-render', async () => {
    const s = await staffWithProvider();
    const pageCount = PDF_FORM_INLINE_PAGES + 2;
    const created = await s.create(await formPdf(pageCount), 'Mercy long release');
    expect(created.statusCode, created.body).toBe(200);
    const form = created.json() as PdfFormDetail;
    expect(form).toMatchObject({ page_count: 0, pages: [] });
    expect(form.render_job).toMatchObject({ status: 'queued', pages_done: 0, error: null });

    const seen: string[] = [];
    const renderer = createJobRunner({
      db: s.deps.db,
      pollMs: 50,
      handlers: {
        [RENDER_JOB]: async (payload, context) =>
          renderJobHandler(s.deps)(payload, {
            async progress(done, total) {
              await context.progress(done, total);
              // What the editor polls while the job runs.
              const midway = (await get(`/api/home/pdfform/${form.id}/`, s.staff.headers)).json();
              seen.push(
                `${midway.render_job?.status} ${midway.render_job?.pages_done}/${midway.render_job?.pages_total}`,
              );
            },
          }),
      },
    });
    await renderer.runOnce();
    expect(seen).toEqual(Array.from({ length: pageCount + 1 }, (_, n) => `running ${n}/${pageCount}`));
    const rendered = (await get(`/api/home/pdfform/${form.id}/`, s.staff.headers)).json() as PdfFormDetail;
    expect(rendered).toMatchObject({ page_count: pageCount, render_job: null });
    const image = await get(rendered.pages[pageCount - 1].image_url, {});
    expect(image.headers['content-type']).toBe('image/jpeg');

    const placed = await post('/api/home/pdfformmapping/', s.staff.headers, {
      name: 'Patient.full_name',
      form: form.id,
      page: rendered.pages[6].id,
      position_x: 0.5,
      position_y: 0.5,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const again = (await post(`/convertPDFToJPG/${form.id}/`, s.staff.headers, {})).json() as PdfFormDetail;
    expect(again.render_job?.status).toBe('queued');
    expect(again.pages).toHaveLength(pageCount);
    await renderer.runOnce();
    const after = (await get(`/api/home/pdfform/${form.id}/`, s.staff.headers)).json() as PdfFormDetail;
    expect(after.mapping).toHaveLength(1);
    expect(after.pages[6].image_url).not.toBe(rendered.pages[6].image_url);
  });

  it('queues a long PDF once however often asked, and a deleted form’s job leaves nothing', async () => {
    const s = await staffWithProvider();
    const form = (await s.create(await formPdf(PDF_FORM_INLINE_PAGES + 1))).json() as PdfFormDetail;
    const again = (await post(`/convertPDFToJPG/${form.id}/`, s.staff.headers, {})).json() as PdfFormDetail;
    expect(again.render_job?.id).toBe(form.render_job?.id);
    expect((await post(`/api/home/pdfform/${form.id}/delete/`, s.staff.headers, {})).statusCode).toBe(200);
    const renderer = createJobRunner({
      db: s.deps.db,
      pollMs: 50,
      handlers: { [RENDER_JOB]: renderJobHandler(s.deps) },
    });
    await renderer.runOnce();
    const [job] = await s.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, Number(form.render_job?.id)));
    expect(job.status).toBe('done');
    expect(await s.deps.db.select().from(pdfFormPages).where(eq(pdfFormPages.formId, form.id))).toEqual([]);
  });

  it('offers the SSN only on a form marked to carry it', async () => {
    const s = await staffWithProvider();
    const form = (await s.create(await formPdf(1))).json() as PdfFormDetail;
    const names = async (query = '') =>
      ((await get(`/api/home/Patient/fields/${query}`, s.staff.headers)).json() as [string, string][]).map(
        ([n]) => n,
      );
    expect(await names()).not.toContain('ssn');
    expect(await names(`?form=${form.id}`)).not.toContain('ssn');
    const ssn = {
      name: 'Patient.ssn',
      form: form.id,
      page: form.pages[0].id,
      position_x: 0.1,
      position_y: 0.1,
    };
    const refused = await post('/api/home/pdfformmapping/', s.staff.headers, ssn);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(PDF_FORM_MSG.ssnNotAllowed);

    await post(`/api/home/pdfform/${form.id}/`, s.staff.headers, {
      name: form.name,
      url: form.url,
      provider: s.provider.id,
      include_ssn: true,
    });
    expect(await names(`?form=${form.id}`)).toContain('ssn');
    expect((await post('/api/home/pdfformmapping/', s.staff.headers, ssn)).statusCode).toBe(200);
    expect(await get('/api/home/Request/fields/', s.staff.headers).then((r) => r.json())).toContainEqual([
      'start_date',
      'DateField',
    ]);
  });
});

describe('a filled form', () => {
  it('puts each mapped value where it was placed on its page', async () => {
    const s = await staffWithProvider();
    const firm = await createCompany(s.deps.db);
    const paralegal = await signedIn(s.deps, { companyId: firm.id });
    const patient = await createPatient(s.deps.db, firm.id, {
      firstName: 'Rosa',
      lastName: 'Delgado',
      dateOfBirth: '1975-03-09',
    });
    const request = await createRequest(s.deps.db, {
      patientId: patient.id,
      companyId: firm.id,
      userId: paralegal.user.id,
      providerId: s.provider.id,
      status: STATUS.requestedByLawyer,
      startDate: '2021-01-15',
    });
    const form = (await s.create(await formPdf(2))).json() as PdfFormDetail;
    const places = [
      { name: 'Patient.full_name', page: 0, x: 0.2, y: 0.3 },
      { name: 'Patient.date_of_birth', page: 0, x: 0.6, y: 0.3 },
      { name: 'Request.start_date', page: 1, x: 0.15, y: 0.8 },
      { name: 'Provider.name', page: 1, x: 0.5, y: 0.1 },
    ];
    for (const p of places) {
      const res = await post('/api/home/pdfformmapping/', s.staff.headers, {
        name: p.name,
        form: form.id,
        page: form.pages[p.page].id,
        position_x: p.x,
        position_y: p.y,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const filled = await get(`/writeDataToPDF/${request.id}/provider/`, s.staff.headers);
    expect(filled.statusCode, filled.body).toBe(200);
    const { url, name } = filled.json() as { url: string; name: string };
    expect(name).toBe(`Mercy release - Rosa Delgado.pdf`);
    const download = await get(url, {});
    // Opened in a new window to read and print, not saved.
    expect(download.headers['content-disposition']).toMatch(
      /^inline; filename="Mercy release - Rosa Delgado.pdf"/,
    );
    const pdfBytes = download.rawPayload;

    const pdf = await openPdf(new Uint8Array(pdfBytes));
    const expected: Record<string, string> = {
      'Patient.full_name': 'Rosa Delgado',
      'Patient.date_of_birth': '03/09/1975',
      'Request.start_date': '01/15/2021',
      'Provider.name': s.provider.name,
    };
    for (const p of places) {
      const page = await pdf.getPage(p.page + 1);
      const { width, height } = page.getViewport({ scale: 1 });
      const items = (await page.getTextContent()).items as { str: string; transform: number[] }[];
      const item = items.find((i) => i.str === expected[p.name]);
      expect(item, `${p.name} on page ${p.page + 1}`).toBeDefined();
      expect(item!.transform[4] / width).toBeCloseTo(p.x, 2);
      expect(1 - item!.transform[5] / height).toBeCloseTo(p.y, 2);
    }
    // The law firm has no form of its own.
    const none = await get(`/writeDataToPDF/${request.id}/company/`, s.staff.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(PDF_FORM_MSG.noForm);
  });
});
