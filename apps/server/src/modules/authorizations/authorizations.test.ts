import { Readable } from 'node:stream';
import { type AuthorizationChecklist, EMPTY_AUTHORIZATION_CHECKLIST, STATUS, todayIn } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createProvider, requestTypesNamed } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { providers, requests, requestTypeChoices } from '../../db/schema';
import { notesOf, requestRow, staffCase } from '../staffwork/staffwork.fixtures';

const today = todayIn('UTC');
const daysAgo = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Every box ticked, signed ten days ago, expiring at the end of the litigation. */
const COMPLETE: AuthorizationChecklist = {
  ...EMPTY_AUTHORIZATION_CHECKLIST,
  description: true,
  discloser: true,
  recipient: true,
  purpose: true,
  expiration: 'The end of the litigation',
  signature: true,
  signed_at: daysAgo(10),
  statements: { revocation: true, conditioning: true, redisclosure: true },
};

async function inject(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const { app } = await getContext();
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

/** A new request whose client's HIPAA form was uploaded, waiting for its first send. */
async function caseWithForm() {
  const { deps } = await getContext();
  const c = await staffCase();
  await deps.db
    .update(requests)
    .set({ hipaaConsentUrl: 'hipaa-forms/u1/consent.pdf' })
    .where(eq(requests.id, c.request.id));
  const check = (payload?: AuthorizationChecklist) =>
    inject(
      payload ? 'PUT' : 'GET',
      `/api/home/request/${c.request.id}/authorization_check/`,
      c.staff.headers,
      payload,
    );
  const firstSend = () =>
    inject('POST', `/api/home/request/${c.request.id}/initial_sent/`, c.staff.headers, {});
  return { ...c, check, firstSend };
}

describe('the first send of a request with an uploaded HIPAA form', () => {
  it('is blocked naming the missing element until staff complete the checklist, by the button and the spec call alike', async () => {
    const c = await caseWithForm();
    const blank = await c.check();
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toMatchObject({ document_url: 'hipaa-forms/u1/consent.pdf', checked_by: null });
    expect(blank.json().result.errors).toHaveLength(10);

    const refused = await c.firstSend();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Sending is blocked: The authorization does not describe the information to be disclosed. 9 more items on the authorization checklist need attention.',
    );
    expect(refused.json().details.errors[0]).toMatchObject({
      element: 'description',
      citation: '45 CFR 164.508(c)(1)(i)',
    });

    // Everything but the redisclosure statement: still blocked, by that one element.
    const partial = await c.check({
      ...COMPLETE,
      statements: { ...COMPLETE.statements, redisclosure: false },
    });
    expect(partial.json().result.errors.map((e: { element: string }) => e.element)).toEqual([
      'statements.redisclosure',
    ]);
    const spec = await inject('POST', `/api/home/request/${c.request.id}/`, c.staff.headers, {
      status: 'Sent the Initial Medical Records Request',
    });
    expect(spec.statusCode).toBe(409);
    expect(spec.json().error).toBe(
      'Sending is blocked: The authorization does not state that disclosed information may be redisclosed.',
    );
    const note = await inject('POST', '/api/home/notes/', c.staff.headers, {
      text: 'Sent',
      request: c.request.id,
      update_status: 'Medical Records Request Sent',
    });
    expect(note.statusCode).toBe(409);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.requestedByLawyer);
    expect(await notesOf(c.request.id)).toHaveLength(0);

    const saved = await c.check(COMPLETE);
    expect(saved.json()).toMatchObject({ result: { valid: true, errors: [] }, answers: COMPLETE });
    expect(saved.json().checked_by).toBeTruthy();
    const sent = await c.firstSend();
    expect(sent.statusCode).toBe(200);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.initialRequestSent);
  });

  it("is blocked while the authorization is older than the provider's max_authorization_age_days", async () => {
    const { deps } = await getContext();
    const c = await caseWithForm();
    await deps.db
      .update(providers)
      .set({ maxAuthorizationAgeDays: 7 })
      .where(eq(providers.id, c.provider.id));
    await c.check(COMPLETE);
    const refused = await c.firstSend();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Sending is blocked: ${c.provider.name} accepts authorizations signed within the last 7 days; this one was signed on ${daysAgo(10).replace(/(\d{4})-(\d{2})-(\d{2})/, '$2/$3/$1')}, 10 days ago. Ask the firm for a newly signed authorization.`,
    );
    await deps.db
      .update(providers)
      .set({ maxAuthorizationAgeDays: 10 })
      .where(eq(providers.id, c.provider.id));
    expect((await c.firstSend()).statusCode).toBe(200);
  });

  it('asks for the own consent of a sensitive record type, and starts over when the form is replaced', async () => {
    const { deps } = await getContext();
    const c = await caseWithForm();
    const [mental] = await requestTypesNamed(deps.db, ['Mental Health Records']);
    await deps.db.insert(requestTypeChoices).values({
      requestId: c.request.id,
      companyId: c.request.companyId,
      requestTypeId: mental.id,
      position: 1,
    });
    const asked = await c.check(COMPLETE);
    expect(asked.json().requested_categories).toEqual(['mental_health']);
    expect(asked.json().result.errors.map((e: { code: string }) => e.code)).toEqual([
      'mental_health_needs_separate_consent',
    ]);
    const consented = await c.check({ ...COMPLETE, separate_consents: ['mental_health'] });
    expect(consented.json().result.valid).toBe(true);

    await deps.db
      .update(requests)
      .set({ hipaaConsentUrl: 'hipaa-forms/u1/newer.pdf' })
      .where(eq(requests.id, c.request.id));
    const fresh = await c.check();
    expect(fresh.json()).toMatchObject({ document_url: 'hipaa-forms/u1/newer.pdf', checked_by: null });
    expect(fresh.json().result.valid).toBe(false);
    expect((await c.firstSend()).statusCode).toBe(409);
  });

  it('refuses the first send of a request made on an authorization with none on file; its checklist cannot be saved', async () => {
    const c = await staffCase({ authorization: 'none' });
    const put = await inject(
      'PUT',
      `/api/home/request/${c.request.id}/authorization_check/`,
      c.staff.headers,
      COMPLETE,
    );
    expect(put.statusCode).toBe(409);
    expect(put.json().error).toBe('This request has no HIPAA authorization on file to check.');
    const send = () => inject('POST', `/api/home/request/${c.request.id}/initial_sent/`, c.staff.headers, {});
    const refused = await send();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Sending is blocked: this request has no HIPAA authorization. Upload the client’s signed authorization, or have the law firm send the client a signing link.',
    );
    // The spec's status call makes the same first send, and is refused the same way.
    const byStatus = await inject('POST', `/api/home/request/${c.request.id}/`, c.staff.headers, {
      status: 'Sent the Initial Medical Records Request',
    });
    expect(byStatus.statusCode).toBe(409);
    // A subpoena is its own authority: nothing to check, and the send goes out.
    const { deps } = await getContext();
    await deps.db.update(requests).set({ legalBasis: 'subpoena' }).where(eq(requests.id, c.request.id));
    expect((await send()).statusCode).toBe(200);
  });
});

describe('GET …/authorization_check/: pre-answers from the form', () => {
  it("ticks what the uploaded PDF's text shows, which does not count until staff save it", async () => {
    const { deps } = await getContext();
    const c = await caseWithForm();
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const lines = [
      'I authorize Mercy Hospital to release my records.',
      'Information to be disclosed: all medical records.',
      'Purpose: legal claim. This authorization expires on 10/01/2030.',
      'I may revoke this authorization in writing.',
    ];
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 40, y: 740 - i * 20, size: 11, font });
    const key = 'hipaa-forms/u1/consent.pdf';
    await deps.storage.put(key, Readable.from([Buffer.from(await pdf.save())]), {
      contentType: 'application/pdf',
    });

    const res = await c.check();
    expect(res.json().pre_answered).toEqual([
      'description',
      'discloser',
      'purpose',
      'statements.revocation',
      'expiration',
    ]);
    expect(res.json().answers).toMatchObject({
      description: true,
      discloser: true,
      expiration: '10/01/2030',
    });
    expect(res.json().result.valid).toBe(false);
    expect(res.json().result.errors[0].element).toBe('description');
    expect((await c.firstSend()).statusCode).toBe(409);
  });
});

describe('a split request', () => {
  it("keeps staff's checklist on each copy; 'who may disclose' only for the original's provider", async () => {
    const { deps } = await getContext();
    const c = await caseWithForm();
    await c.check(COMPLETE);
    const other = await createProvider(deps.db);
    const split = await inject('POST', `/api/home/request/${c.request.id}/split/`, c.staff.headers, {
      splits: [
        { provider: c.provider.id, request_types: ['Medical Records'] },
        { provider: other.id, request_types: ['Medical Records'] },
      ],
      override: true,
    });
    expect(split.statusCode, split.body).toBe(201);
    const [same, moved] = split.json().results as { id: number }[];
    const checkOf = async (id: number) =>
      (await inject('GET', `/api/home/request/${id}/authorization_check/`, c.staff.headers)).json();
    expect((await checkOf(same.id)).result).toEqual({ valid: true, errors: [] });
    const copy = await checkOf(moved.id);
    expect(copy.checked_by).toBeTruthy();
    expect(copy.result.errors.map((e: { element: string }) => e.element)).toEqual(['discloser']);
  });
});
