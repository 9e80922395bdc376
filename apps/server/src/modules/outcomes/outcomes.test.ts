import { Readable } from 'node:stream';
import {
  addCalendarDays,
  businessDaysBetween,
  isBusinessDay,
  OUTCOME_MSG,
  STATUS,
  todayIn,
} from '@dd/shared';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { signedIn, uploadKey } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { companies, files, notes, requests } from '../../db/schema';
import { refreshDeadline } from '../requests/requests.deadline';
import { call, mailsTo, notesOf, requestRow, staffCase } from '../staffwork/staffwork.fixtures';

/** A request sent to its provider `daysAgo` business days ago (the note that sent it dated then). */
async function sentCase(daysAgo = 0) {
  const { deps } = await getContext();
  const c = await staffCase();
  let sentOn = todayIn('UTC');
  for (let left = daysAgo; left > 0; ) {
    sentOn = addCalendarDays(sentOn, -1);
    if (isBusinessDay(sentOn)) left -= 1;
  }
  await deps.db.insert(notes).values({
    requestId: c.request.id,
    companyId: c.company.id,
    text: 'Sent',
    updateStatus: STATUS.initialRequestSent,
    // Before anything the test does next (today's notes sort by time).
    createdAt: daysAgo ? new Date(`${sentOn}T12:00:00Z`) : new Date(Date.now() - 60_000),
  });
  await deps.db
    .update(requests)
    .set({ status: STATUS.initialRequestSent })
    .where(eq(requests.id, c.request.id));
  await refreshDeadline(deps.db, c.request.id);
  return { ...c, sentOn };
}

const post = (url: string, headers: Record<string, string>, body: object = {}) =>
  call('POST', url, headers, body);

describe('No Records Found', () => {
  it('finishes the request, ends its follow-ups and tells the firm', async () => {
    const c = await sentCase();
    const res = await post(`/api/home/request/${c.request.id}/no_records/`, c.staff.headers, {
      note: 'Searched 2019-2024.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: OUTCOME_MSG.noRecords, status: STATUS.noRecordsFound });
    const row = await requestRow(c.request.id);
    expect(row).toMatchObject({ status: STATUS.noRecordsFound, nextTodoDate: null, followUpDate: null });
    expect(row.completedDate).not.toBeNull();
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({
      updateStatus: STATUS.noRecordsFound,
      previousStatus: STATUS.initialRequestSent,
    });
    const [mail] = await mailsTo(c.contact.user.email, 'no-records-found');
    expect(mail.subject).toBe(
      `No records found: request #${c.request.internalNumber} for ${c.patient.fullName}`,
    );
    expect(await mailsTo(c.requester.user.email, 'no-records-found')).toHaveLength(1);
    // Finished: a second time is refused.
    expect((await post(`/api/home/request/${c.request.id}/no_records/`, c.staff.headers)).statusCode).toBe(
      409,
    );
  });

  it('is what the spec’s status call does too; a note cannot set it', async () => {
    const c = await sentCase();
    const note = await post('/api/home/notes/', c.staff.headers, {
      request: c.request.id,
      text: 'None',
      update_status: STATUS.noRecordsFound,
    });
    expect(note.statusCode).toBe(400);
    const res = await post(`/api/home/request/${c.request.id}/`, c.staff.headers, {
      status: STATUS.noRecordsFound,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.noRecordsFound);
    expect(await mailsTo(c.contact.user.email, 'no-records-found')).toHaveLength(1);
    const rejected = await post(`/api/home/request/${c.request.id}/`, c.staff.headers, {
      status: STATUS.requestRejected,
    });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().error).toBe(OUTCOME_MSG.rejectNeedsReason);
  });

  it('gives staff the certification to sign and delivers the signed copy to the firm as a records file', async () => {
    const { deps } = await getContext();
    const c = await sentCase();
    const url = `/api/home/request/${c.request.id}/no_records/certification/`;
    expect((await call('GET', url, c.staff.headers)).statusCode).toBe(409);
    await post(`/api/home/request/${c.request.id}/no_records/`, c.staff.headers);

    const form = await call('GET', url, c.staff.headers);
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(form.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Certification of No Records');
    expect((await call('GET', url, c.contact.headers)).statusCode).toBe(403);

    const key = uploadKey(c.staff.user.id, 'provider-records', 'signed.pdf');
    await deps.storage.put(key, Readable.from([Buffer.from(form.rawPayload)]), {
      contentType: 'application/pdf',
    });
    const res = await post(url, c.staff.headers, { url: key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(OUTCOME_MSG.certificationDelivered);
    const [mail] = await mailsTo(c.contact.user.email, 'no-records-certification');
    expect(mail.text).toContain('Sign in to download it');

    const outcome = await call('GET', `/api/home/request/${c.request.id}/outcome/`, c.contact.headers);
    expect(outcome.statusCode).toBe(200);
    const certification = outcome.json().certification;
    expect(certification).toMatchObject({ name: OUTCOME_MSG.certificationName, url: key });
    // The firm's own file list has it, verified: downloadable like records.
    const detail = await call('GET', `/api/home/request/${c.request.id}/`, c.contact.headers);
    expect(detail.json().files.map((f: { url: string }) => f.url)).toContain(key);
    const [file] = await deps.db.select().from(files).where(eq(files.id, certification.file_id));
    expect(file).toMatchObject({
      certifiesNoRecords: true,
      supportingFile: false,
      verifiedById: c.staff.user.id,
    });
    const link = await post('/getFileUrl/', c.contact.headers, { url: key, file: file.id });
    expect(link.statusCode, link.body).toBe(200);
  });
});

describe('Request Rejected and the resend', () => {
  it('keeps the reason, pauses the clock, tells the firm how to fix it, and resends in one click', async () => {
    const c = await sentCase();
    expect((await requestRow(c.request.id)).dueDate).not.toBeNull();
    const bad = await post(`/api/home/request/${c.request.id}/reject/`, c.staff.headers, { reason: 'lost' });
    expect(bad.statusCode).toBe(400);
    const res = await post(`/api/home/request/${c.request.id}/reject/`, c.staff.headers, {
      reason: 'authorization_defective',
      note: 'Signature missing on page 2.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await requestRow(c.request.id)).toMatchObject({
      status: STATUS.requestRejected,
      rejectionReason: 'authorization_defective',
      dueDate: null,
    });
    const [mail] = await mailsTo(c.contact.user.email, 'request-rejected');
    expect(mail.text).toContain('Reason: The authorization is defective.');
    const outcome = (
      await call('GET', `/api/home/request/${c.request.id}/outcome/`, c.contact.headers)
    ).json();
    expect(outcome.rejection).toMatchObject({
      reason: 'authorization_defective',
      label: 'The authorization is defective',
      note: 'Signature missing on page 2.',
    });
    // The firm's answer keeps it rejected, for staff to resend.
    const answer = await post('/api/home/notes/', c.contact.headers, {
      request: c.request.id,
      text: 'New authorization uploaded.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.requestRejected);
    // Follow-ups stop while it waits on the fix.
    const followUp = await post(`/api/home/request/${c.request.id}/follow_ups/send/`, c.staff.headers);
    expect(followUp.statusCode).not.toBe(200);

    const resend = await post(`/api/home/request/${c.request.id}/resend/`, c.staff.headers, {
      note: 'New authorization uploaded by the firm.',
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const row = await requestRow(c.request.id);
    expect(row).toMatchObject({ status: STATUS.requestedByLawyer, rejectionReason: null });
    expect(row.nextTodoDate).not.toBeNull();
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({
      text: 'Corrected and sent again after the rejection (The authorization is defective). New authorization uploaded by the firm.',
      updateStatus: STATUS.requestedByLawyer,
      previousStatus: STATUS.requestRejected,
    });
    // Only a rejected request is resent.
    expect((await post(`/api/home/request/${c.request.id}/resend/`, c.staff.headers)).statusCode).toBe(409);
  });
});

describe('staff actions refuse the firm and another firm', () => {
  it('403 for the firm, 404 for a request that is not there', async () => {
    const c = await sentCase();
    for (const path of ['no_records', 'reject', 'resend']) {
      const res = await post(`/api/home/request/${c.request.id}/${path}/`, c.contact.headers, {
        reason: 'wrong_provider',
      });
      expect(res.statusCode).toBe(403);
    }
    const other = await signedIn((await getContext()).deps);
    expect((await call('GET', `/api/home/request/${c.request.id}/outcome/`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await post('/api/home/request/99999999/no_records/', c.staff.headers)).statusCode).toBe(404);
  });
});

describe('the stale-request offer', () => {
  it('offers a request unanswered past the firm’s limit; keep waiting asks again later, cancel closes it', async () => {
    const { deps } = await getContext();
    const c = await sentCase(12);
    const fresh = await sentCase(2);
    await deps.db
      .update(companies)
      .set({ staleAfterBusinessDays: 10 })
      .where(inArray(companies.id, [c.company.id, fresh.company.id]));
    const outcome = (
      await call('GET', `/api/home/request/${c.request.id}/outcome/`, c.contact.headers)
    ).json();
    // Twelve business days back; today itself counts only on a business day.
    const waited = businessDaysBetween(c.sentOn, todayIn('UTC'));
    expect(waited).toBeGreaterThanOrEqual(11);
    expect(outcome.stale).toMatchObject({
      stale: true,
      waiting_business_days: waited,
      stale_after_business_days: 10,
    });
    const list = await call('GET', '/api/home/request/stale/', c.contact.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([c.request.id]);
    expect((await call('GET', '/api/home/request/stale/', c.staff.headers)).statusCode).toBe(403);

    // Not stale: nothing to answer. Staff: the firm decides. Another firm: not found.
    expect(
      (await post(`/api/home/request/${fresh.request.id}/stale/cancel/`, fresh.contact.headers)).statusCode,
    ).toBe(409);
    expect((await post(`/api/home/request/${c.request.id}/stale/cancel/`, c.staff.headers)).statusCode).toBe(
      403,
    );
    expect(
      (await post(`/api/home/request/${c.request.id}/stale/cancel/`, fresh.contact.headers)).statusCode,
    ).toBe(404);

    const keep = await post(`/api/home/request/${c.request.id}/stale/keep_waiting/`, c.contact.headers);
    expect(keep.statusCode, keep.body).toBe(200);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.initialRequestSent);
    expect((await call('GET', '/api/home/request/stale/', c.contact.headers)).json().results).toEqual([]);

    // Asked again once as many business days have passed since; this time the firm cancels.
    await deps.db
      .update(requests)
      .set({ staleKeptWaitingOn: '2020-01-02' })
      .where(eq(requests.id, c.request.id));
    const cancel = await post(`/api/home/request/${c.request.id}/stale/cancel/`, c.contact.headers);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.cancelled);
    expect((await notesOf(c.request.id)).at(-1)?.text).toMatch(
      /^Cancelled by .+: no response from the provider after \d+ business days\.$/,
    );
  });

  it('a request whose records arrived is not stale', async () => {
    const { deps } = await getContext();
    const c = await sentCase(12);
    await deps.db.update(companies).set({ staleAfterBusinessDays: 10 }).where(eq(companies.id, c.company.id));
    await deps.db.insert(files).values({
      name: 'r.pdf',
      url: 'provider-records/x.pdf',
      requestId: c.request.id,
      companyId: c.company.id,
    });
    const outcome = (
      await call('GET', `/api/home/request/${c.request.id}/outcome/`, c.contact.headers)
    ).json();
    expect(outcome.stale).toMatchObject({ stale: false, waiting_business_days: null });
  });
});

describe('the firm’s stale-request limit', () => {
  it('is 90 business days unless the firm sets another, between 10 and 365', async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    const firmStaff = await signedIn(deps, { companyId: c.company.id, isStaff: true });
    const url = `/api/home/company/${c.company.id}/`;
    const before = await call('GET', url, firmStaff.headers);
    expect(JSON.stringify(before.json())).toContain('"stale_after_business_days":90');
    const set = await post(url, firmStaff.headers, { name: c.company.name, stale_after_business_days: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().company.stale_after_business_days).toBe(30);
    const tooShort = await post(url, firmStaff.headers, {
      name: c.company.name,
      stale_after_business_days: 5,
    });
    expect(tooShort.statusCode).toBe(400);
    expect(JSON.stringify(tooShort.json())).toContain('Enter a number of business days between 10 and 365.');
  });
});
