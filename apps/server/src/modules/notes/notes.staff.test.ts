import { STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { requests, users } from '../../db/schema';
import { call, mailsTo, requestRow, staffCase } from '../staffwork/staffwork.fixtures';

/** Staff notes: status changes with their dates, the client-complete, assistance and new-note e-mails. */
const addNote = (headers: Record<string, string>, payload: object) =>
  call('POST', '/api/home/notes/', headers, payload);

describe('POST /api/home/notes/ by internal staff: statuses', () => {
  it('accepts the aliases, records previous_status and stamps closed_date once', async () => {
    const c = await staffCase({ status: STATUS.initialRequestSent });
    const res = await addNote(c.staff.headers, {
      text: 'Provider is sending them',
      request: c.request.id,
      update_status: 'Documents en Route',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      update_status: STATUS.documentsEnRoute,
      previous_status: STATUS.initialRequestSent,
    });
    await addNote(c.staff.headers, {
      text: 'No records found',
      request: c.request.id,
      update_status: 'Closed - No Documents Available',
    });
    const closed = (await requestRow(c.request.id)).closedDate;
    expect(closed).toBeInstanceOf(Date);
    await addNote(c.staff.headers, {
      text: 'Found after all',
      request: c.request.id,
      update_status: STATUS.closedOriginallyNone,
    });
    const row = await requestRow(c.request.id);
    expect(row.status).toBe(STATUS.closedOriginallyNone);
    expect(row.closedDate).toEqual(closed);
    expect(row.completedDate).toBeNull();
  });

  it("e-mails the requester once, when the client's last open request completes", async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.inContact });
    const other = await createRequest(deps.db, {
      patientId: c.patient.id,
      companyId: c.company.id,
      userId: c.contact.user.id,
      requesterId: c.requester.user.id,
      status: STATUS.documentsEnRoute,
    });
    // An inactive request does not keep the client open.
    await createRequest(deps.db, {
      patientId: c.patient.id,
      companyId: c.company.id,
      status: STATUS.inContact,
      active: false,
    });
    const close = (id: number, status: string) =>
      addNote(c.staff.headers, { text: 'Done', request: id, update_status: status });
    await close(c.request.id, STATUS.closedUnavailable);
    expect(await mailsTo(c.requester.user.email, 'client-complete')).toHaveLength(0);
    await close(other.id, STATUS.completedArrived);
    const [mail, ...more] = await mailsTo(c.requester.user.email, 'client-complete');
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe(`All requests for ${c.patient.fullName} are complete`);
    expect(mail.text).toContain('http://app.test/dashboard/');
    expect(mail.html).toContain('Go To Dashboard');
    expect((await requestRow(other.id)).completedDate).toBeInstanceOf(Date);
    // Completed -> Closed is not a new completion.
    await close(other.id, STATUS.closedArrived);
    expect(await mailsTo(c.requester.user.email, 'client-complete')).toHaveLength(1);
  });
});

describe('POST /api/home/notes/ by internal staff: closing at the same moment', () => {
  it("sends 'all complete' exactly once when the client's last two requests close together", async () => {
    const { deps } = await getContext();
    for (let round = 0; round < 3; round++) {
      const c = await staffCase({ status: STATUS.inContact });
      const other = await createRequest(deps.db, {
        patientId: c.patient.id,
        companyId: c.company.id,
        userId: c.contact.user.id,
        requesterId: c.requester.user.id,
        status: STATUS.inContact,
      });
      const results = await Promise.all(
        [c.request.id, other.id].map((id) =>
          addNote(c.staff.headers, { text: 'Closing', request: id, update_status: STATUS.closedArrived }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(await mailsTo(c.requester.user.email, 'client-complete')).toHaveLength(1);
    }
  });
});

describe('POST /api/home/notes/ by internal staff: e-mails to the firm', () => {
  it("asks the main contact and the requester for help on 'Need Assistance'", async () => {
    const c = await staffCase({ status: STATUS.inContact });
    const res = await addNote(c.staff.headers, {
      text: 'The provider needs a HIPAA form signed in the last 90 days.',
      request: c.request.id,
      update_status: 'Need Assistance',
    });
    expect(res.statusCode).toBe(201);
    for (const person of [c.contact, c.requester]) {
      const [mail] = await mailsTo(person.user.email);
      expect(mail.template).toBe('need-assistance');
      expect(mail.subject).toContain(`#${c.request.internalNumber}`);
      expect(mail.text).toContain('Direct Docs needs your help');
      expect(mail.text).toContain('signed in the last 90 days');
      expect(mail.text).toContain(c.patient.fullName);
      expect(mail.text).toContain(c.provider.name);
      expect(mail.text).toContain(`http://app.test/request/${c.request.id}/`);
    }
  });

  it('tells the main contact about every other staff note; an inactive contact hears nothing', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.inContact });
    await addNote(c.staff.headers, { text: 'Left a voicemail.', request: c.request.id });
    const [mail] = await mailsTo(c.contact.user.email, 'staff-note');
    expect(mail.text).toContain('Left a voicemail.');
    expect(mail.text).toContain(c.staff.user.fullName);
    expect(mail.text).not.toContain('status is now');
    expect(mail.text).toContain(`http://app.test/request/${c.request.id}/`);
    expect(await mailsTo(c.requester.user.email)).toHaveLength(0);
    const support = await mailsTo(deps.mail.supportEmail, 'request-note');
    expect(support.filter((m) => m.subject.includes(`#${c.request.internalNumber} `))).toHaveLength(0);

    await addNote(c.staff.headers, {
      text: 'Records are on the way.',
      request: c.request.id,
      update_status: STATUS.documentsEnRoute,
    });
    const second = (await mailsTo(c.contact.user.email, 'staff-note'))[1];
    expect(second.text).toContain(`The request status is now: ${STATUS.documentsEnRoute}.`);

    await deps.db.update(users).set({ isActive: false }).where(eq(users.id, c.contact.user.id));
    await addNote(c.staff.headers, { text: 'Third', request: c.request.id });
    expect(await mailsTo(c.contact.user.email, 'staff-note')).toHaveLength(2);
    // With no active main contact, the requester hears it instead.
    expect(await mailsTo(c.requester.user.email, 'staff-note')).toHaveLength(1);
  });

  it('lets an internal non-staff user note a request they claimed, and no other', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.inContact });
    const worker = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    const denied = await addNote(worker.headers, { text: 'x', request: c.request.id });
    expect(denied.statusCode).toBe(404);
    await deps.db.update(requests).set({ workingOnId: worker.user.id }).where(eq(requests.id, c.request.id));
    const ok = await addNote(worker.headers, {
      text: 'Called',
      request: c.request.id,
      update_status: STATUS.documentsEnRoute,
    });
    expect(ok.statusCode).toBe(201);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.documentsEnRoute);
  });
});
