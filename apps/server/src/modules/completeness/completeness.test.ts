import { COMPLETENESS_MSG, type Completeness } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createPatient, createRequest, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { providers } from '../../db/schema';
import { mailsTo, notesOf, requestRow, staffCase } from '../staffwork/staffwork.fixtures';

const TYPES = ['Medical Records', 'Billing Records', 'Imaging Reports'];

/** A request that asks for three record categories, with its firm's contact and an internal staff member. */
async function threeCategories() {
  const { deps } = await getContext();
  const c = await staffCase();
  const request = await createRequest(deps.db, {
    patientId: c.patient.id,
    companyId: c.company.id,
    userId: c.contact.user.id,
    providerId: c.provider.id,
    types: TYPES,
    status: 'Provider Is Sending Documents',
  });
  return { ...c, request };
}

async function inject(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const { app } = await getContext();
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const url = (id: number) => `/api/home/request/${id}/completeness/`;

async function completeness(id: number, headers: Record<string, string>): Promise<Completeness> {
  const res = await inject('GET', url(id), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('completeness of a request’s records', () => {
  it('lists the categories asked for, in order, none accounted for until staff mark them', async () => {
    const c = await threeCategories();
    expect(await completeness(c.request.id, c.contact.headers)).toMatchObject({
      complete: false,
      accounted: 0,
      total: 3,
      categories: TYPES.map((name) => ({ name, receipt: null, marked_at: null, marked_by: null })),
    });
  });

  it('is complete only when every category is received or certified none; each change is a note', async () => {
    const c = await threeCategories();
    const [medical, billing, imaging] = (await completeness(c.request.id, c.staff.headers)).categories;
    const mark = (marks: [number, string | null][]) =>
      inject('PUT', url(c.request.id), c.staff.headers, {
        categories: marks.map(([request_type, receipt]) => ({ request_type, receipt })),
      });

    let res = await mark([
      [medical.request_type, 'received'],
      [billing.request_type, 'partial'],
      [imaging.request_type, 'none'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: COMPLETENESS_MSG.saved,
      completeness: { complete: false, accounted: 2, total: 3 },
    });
    expect((await notesOf(c.request.id)).at(-1)?.text).toBe(
      'Records received updated. Medical Records: Received; Billing Records: Partly received; Imaging Reports: Certified no records.',
    );

    res = await mark([[billing.request_type, 'received']]);
    const firmView = await completeness(c.request.id, c.contact.headers);
    expect(firmView).toMatchObject({ complete: true, accounted: 3 });
    expect(firmView.categories[1]).toMatchObject({ receipt: 'received', marked_by: c.staff.user.fullName });

    const dashboard = await inject('GET', `/api/requests-company/${c.company.id}/`, c.contact.headers);
    expect(
      dashboard.json().results.find((r: { request: { id: number } }) => r.request.id === c.request.id)
        ?.request,
    ).toMatchObject({ records_asked: 3, records_accounted: 3 });

    // Saving the same marks again changes nothing and leaves no note.
    const count = (await notesOf(c.request.id)).length;
    expect((await mark([[billing.request_type, 'received']])).statusCode).toBe(200);
    expect(await notesOf(c.request.id)).toHaveLength(count);
  });

  it('refuses a category the request did not ask for', async () => {
    const c = await threeCategories();
    const res = await inject('PUT', url(c.request.id), c.staff.headers, {
      categories: [{ request_type: 999_999, receipt: 'received' }],
    });
    expect([res.statusCode, res.json().error]).toEqual([400, COMPLETENESS_MSG.notAsked]);
  });

  it('re-requests only the missing categories from the provider by e-mail, once nothing is missing it refuses', async () => {
    const c = await threeCategories();
    const [medical, billing, imaging] = (await completeness(c.request.id, c.staff.headers)).categories;
    await inject('PUT', url(c.request.id), c.staff.headers, {
      categories: [
        { request_type: medical.request_type, receipt: 'received' },
        { request_type: billing.request_type, receipt: 'partial' },
      ],
    });

    const res = await inject('POST', `${url(c.request.id)}re-request/`, c.staff.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(COMPLETENESS_MSG.reRequested('records@provider.example'));
    const [mail] = await mailsTo('records@provider.example', 'provider-re-request');
    expect(mail.text).toContain('- Billing Records (only part of these arrived)');
    expect(mail.text).toContain('- Imaging Reports');
    expect(mail.text).not.toContain('- Medical Records');
    expect((await notesOf(c.request.id)).at(-1)?.text).toBe(res.json().success);

    await inject('PUT', url(c.request.id), c.staff.headers, {
      categories: [
        { request_type: billing.request_type, receipt: 'received' },
        { request_type: imaging.request_type, receipt: 'none' },
      ],
    });
    const refused = await inject('POST', `${url(c.request.id)}re-request/`, c.staff.headers, {});
    expect([refused.statusCode, refused.json().error]).toEqual([400, COMPLETENESS_MSG.nothingMissing]);
  });

  it('keeps the re-request as a letter in the notes and puts the request on today’s To Do list when the provider has no e-mail', async () => {
    const c = await threeCategories();
    const { deps } = await getContext();
    await deps.db
      .update(providers)
      .set({ email: null, fax: '555-0100' })
      .where(eq(providers.id, c.provider.id));
    const res = await inject('POST', `${url(c.request.id)}re-request/`, c.staff.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(COMPLETENESS_MSG.reRequestLetter);
    const note = (await notesOf(c.request.id)).at(-1)!;
    expect(note.text).toContain('Fax 555-0100.');
    expect(note.text).toContain('- Medical Records\n- Billing Records\n- Imaging Reports');
    expect((await requestRow(c.request.id)).nextTodoDate).not.toBeNull();
  });

  it('certifies none for every category not yet marked when the provider certifies it holds no records', async () => {
    const c = await threeCategories();
    const [medical] = (await completeness(c.request.id, c.staff.headers)).categories;
    await inject('PUT', url(c.request.id), c.staff.headers, {
      categories: [{ request_type: medical.request_type, receipt: 'partial' }],
    });
    const res = await inject('POST', `/api/home/request/${c.request.id}/no_records/`, c.staff.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    const after = await completeness(c.request.id, c.contact.headers);
    expect(after.categories.map((category) => category.receipt)).toEqual(['partial', 'none', 'none']);
  });

  it('is read by the firm, marked only by internal staff, and hidden from another firm', async () => {
    const c = await threeCategories();
    const { deps } = await getContext();
    const [first] = (await completeness(c.request.id, c.staff.headers)).categories;
    const body = { categories: [{ request_type: first.request_type, receipt: 'received' }] };
    expect((await inject('PUT', url(c.request.id), c.contact.headers, body)).statusCode).toBe(403);
    expect((await inject('POST', `${url(c.request.id)}re-request/`, c.contact.headers, {})).statusCode).toBe(
      403,
    );

    const otherFirm = await createCompany(deps.db);
    const stranger = await signedIn(deps, { companyId: otherFirm.id, isStaff: true });
    await createPatient(deps.db, otherFirm.id);
    expect((await inject('GET', url(c.request.id), stranger.headers)).statusCode).toBe(404);
    expect((await inject('GET', url(c.request.id), {})).statusCode).toBe(401);
  });

  it("is read by a key of the firm with the files scope; other keys are refused and another firm's key finds nothing", async () => {
    const c = await threeCategories();
    const { deps } = await getContext();
    const keyOf = async (companyId: number, scopes: string[]) => {
      const admin = await signedIn(deps, { companyId, isStaff: true });
      const res = await inject('POST', '/api/keys/', admin.headers, { name: 'Case system', scopes });
      expect(res.statusCode, res.body).toBe(201);
      return { 'x-api-key': res.json().key as string };
    };
    const files = await inject('GET', url(c.request.id), await keyOf(c.company.id, ['read_files']));
    expect(files.statusCode, files.body).toBe(200);
    expect(files.json()).toEqual(await completeness(c.request.id, c.staff.headers));
    expect(files.json().categories).toHaveLength(TYPES.length);
    const requestsOnly = await keyOf(c.company.id, ['read_requests']);
    expect((await inject('GET', url(c.request.id), requestsOnly)).statusCode).toBe(403);
    const otherFirm = await createCompany(deps.db);
    expect(
      (await inject('GET', url(c.request.id), await keyOf(otherFirm.id, ['read_files']))).statusCode,
    ).toBe(404);
  });
});
