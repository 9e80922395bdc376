import { MSG, requiredFieldMessage } from '@dd/shared';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { emailOutbox, notes, requests } from '../../db/schema';
import { firmWithOneRequest } from '../requests/requests.fixtures';
import { invalidNoteStatusMessage } from './notes.service';

type Status = 'Requested By Lawyer' | 'In Contact With Provider' | 'Need Assistance';

/** Notes are added to a request being worked on unless a test says otherwise. */
const firmWithWorkedRequest = (status: Status = 'In Contact With Provider') => firmWithOneRequest(status);

async function post(headers: Record<string, string>, payload: object) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: '/api/home/notes/', headers, payload });
}

async function requestRow(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
  return row;
}

async function supportMails(internalNumber: string) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toEmail, deps.mail.supportEmail),
        like(emailOutbox.subject, `%request #${internalNumber} %`),
      ),
    );
}

describe('POST /api/home/notes/', () => {
  it('moves the request to Waiting for Direct Docs Response on a law-firm note and e-mails support', async () => {
    const firm = await firmWithWorkedRequest('Need Assistance');
    const res = await post(firm.paralegal.headers, {
      text: 'The client also saw Dr. Lee.',
      request: firm.request.id,
      update_status: 'Closed - Cancelled Request',
      reminder_date: '2030-01-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      text: 'The client also saw Dr. Lee.',
      update_status: 'Waiting for Direct Docs Response',
      previous_status: 'Need Assistance',
      reminder_date: null,
      request: firm.request.id,
      user: { id: firm.paralegal.user.id, full_name: firm.paralegal.user.fullName },
    });
    expect((await requestRow(firm.request.id)).status).toBe('Waiting for Direct Docs Response');
    const [mail] = await supportMails(firm.request.internalNumber);
    expect(mail.subject).toContain(firm.company.name);
    expect(mail.text).toContain(firm.patient.fullName);
    expect(mail.text).toContain(firm.providers[0].name);
    expect(mail.text).toContain(`http://app.test/request/${firm.request.id}/`);
  });

  it('lets internal staff set a staff status and a reminder, and leaves the status alone otherwise', async () => {
    const { deps } = await getContext();
    const firm = await firmWithWorkedRequest();
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const same = await post(internal.headers, {
      text: 'Called again',
      request: firm.request.id,
      update_status: 'In Contact With Provider',
    });
    expect(same.json()).toMatchObject({ update_status: null, previous_status: null });
    const plain = await post(internal.headers, { text: 'Left a message', request: firm.request.id });
    expect(plain.json().update_status).toBeNull();

    const moved = await post(internal.headers, {
      text: 'Documents arrived',
      request: firm.request.id,
      update_status: 'Completed - Documents Arrived',
      reminder_date: '2030-1-2',
    });
    expect(moved.json()).toMatchObject({
      update_status: 'Completed - Documents Arrived',
      previous_status: 'In Contact With Provider',
      reminder_date: '2030-01-02',
    });
    const row = await requestRow(firm.request.id);
    expect(row.status).toBe('Completed - Documents Arrived');
    expect(row.completedDate).toBeInstanceOf(Date);
    expect(await supportMails(firm.request.internalNumber)).toHaveLength(0);
  });

  it('refuses statuses a note may not set and bad input', async () => {
    const { deps } = await getContext();
    const firm = await firmWithWorkedRequest();
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    for (const status of ['Requested By Lawyer', 'Nonsense']) {
      const res = await post(internal.headers, {
        text: 'x',
        request: firm.request.id,
        update_status: status,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(invalidNoteStatusMessage(status));
    }
    const empty = await post(firm.paralegal.headers, { text: '  ', request: firm.request.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.text).toBe(requiredFieldMessage('Note'));
    const badDate = await post(internal.headers, {
      text: 'x',
      request: firm.request.id,
      reminder_date: '1/2/2030',
    });
    expect(badDate.json().fields.reminder_date).toBe(MSG.dateFormat);
    const rows = await deps.db.select().from(notes).where(eq(notes.requestId, firm.request.id));
    expect(rows).toHaveLength(0);
    expect((await requestRow(firm.request.id)).status).toBe('In Contact With Provider');
  });

  it('answers 404 for a request of another firm or of a non-staff colleague, and changes nothing', async () => {
    const { deps } = await getContext();
    const firm = await firmWithWorkedRequest();
    const stranger = await signedIn(deps, { isStaff: true });
    for (const caller of [stranger, firm.colleague]) {
      const res = await post(caller.headers, { text: 'hello', request: firm.request.id });
      expect(res.statusCode).toBe(404);
    }
    expect((await requestRow(firm.request.id)).status).toBe('In Contact With Provider');
    expect(await supportMails(firm.request.internalNumber)).toHaveLength(0);
  });
});

describe('GET /api/home/notes/', () => {
  it("lists a visible request's notes newest first and nothing of other firms", async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithWorkedRequest();
    await deps.db.insert(notes).values([
      {
        text: 'first',
        requestId: firm.request.id,
        companyId: firm.company.id,
        createdAt: new Date('2024-01-01'),
      },
      {
        text: 'second',
        requestId: firm.request.id,
        companyId: firm.company.id,
        createdAt: new Date('2024-03-01'),
      },
    ]);
    const res = await app.inject({
      url: `/api/home/notes/?request=${firm.request.id}`,
      headers: firm.paralegal.headers,
    });
    expect(res.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(res.json().results.map((n: { text: string }) => n.text)).toEqual(['second', 'first']);

    const stranger = await signedIn(deps, { isStaff: true });
    const other = await app.inject({
      url: `/api/home/notes/?request=${firm.request.id}`,
      headers: stranger.headers,
    });
    expect(other.json()).toMatchObject({ count: 0, results: [] });
    const colleague = await app.inject({ url: '/api/home/notes/', headers: firm.colleague.headers });
    expect(colleague.json().count).toBe(0);
    const bad = await app.inject({ url: '/api/home/notes/?user=1', headers: firm.staff.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('user');
  });
});
