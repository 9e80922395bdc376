import { STAFF_MSG, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFile, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { files, notes, requests } from '../../db/schema';
import { call, mailsTo, notesOf, requestRow, staffCase } from './staffwork.fixtures';

const send = async (id: number, headers: Record<string, string>) =>
  call('POST', `/api/home/request/${id}/send_to_lawyer/`, headers, {});

async function verifier() {
  const { deps } = await getContext();
  return signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
}

describe('POST /api/home/request/{id}/send_to_lawyer/: the gate', () => {
  it('is refused while a medical document is unverified, and changes nothing', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.documentsEnRoute });
    const v = await verifier();
    await createFile(deps.db, c.request.id, { verifiedById: v.user.id });
    const pending = await createFile(deps.db, c.request.id, { name: 'page-2.pdf' });
    const res = await send(c.request.id, c.staff.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Verify All Files Before Sending Out Request');
    expect((await requestRow(c.request.id)).status).toBe(STATUS.documentsEnRoute);
    expect(await notesOf(c.request.id)).toHaveLength(0);
    expect(await mailsTo(c.requester.user.email)).toHaveLength(0);

    // Removed (archived) and supporting documents never hold it up.
    await deps.db.update(files).set({ archived: true }).where(eq(files.id, pending.id));
    await createFile(deps.db, c.request.id, { supportingFile: true, url: 'supporting-documents/x.pdf' });
    expect((await send(c.request.id, c.staff.headers)).statusCode).toBe(200);
  });

  it('is refused when the request has no medical document at all', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.inContact });
    const v = await verifier();
    await createFile(deps.db, c.request.id, { supportingFile: true, verifiedById: v.user.id });
    await createFile(deps.db, c.request.id, { archived: true, verifiedById: v.user.id });
    const res = await send(c.request.id, c.staff.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(STAFF_MSG.noMedicalDocuments);
    expect((await requestRow(c.request.id)).completedDate).toBeNull();
  });
});

describe('POST /api/home/request/{id}/send_to_lawyer/: sending', () => {
  it('e-mails the requester and the main contact a link (never the files), completes the request and adds the note', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.documentsEnRoute });
    const v = await verifier();
    const file = await createFile(deps.db, c.request.id, { name: 'chart.pdf', verifiedById: v.user.id });
    await deps.db.insert(notes).values({
      text: 'Follow up',
      requestId: c.request.id,
      companyId: c.company.id,
      reminderDate: '2031-05-01',
    });
    await deps.db.update(requests).set({ nextTodoDate: '2031-05-01' }).where(eq(requests.id, c.request.id));

    const before = Date.now();
    const res = await send(c.request.id, c.staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(STATUS.completedArrived);

    const row = await requestRow(c.request.id);
    expect(row.status).toBe('Completed - Documents Arrived');
    expect(row.completedDate).toBeInstanceOf(Date);
    expect(row.receivedDocumentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.nextTodoDate).toBeNull();
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({
      text: 'Documents Sent To Law Firm',
      updateStatus: STATUS.completedArrived,
      previousStatus: STATUS.documentsEnRoute,
      userId: c.staff.user.id,
    });

    for (const person of [c.requester, c.contact]) {
      const mails = await mailsTo(person.user.email, 'records-ready');
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toContain(`#${c.request.internalNumber}`);
      expect(mail.text).toContain(c.patient.fullName);
      expect(mail.text).toContain(c.provider.name);
      expect(mail.text).toContain(`http://app.test/request/${c.request.id}/`);
      expect(mail.html).toContain(`href="http://app.test/request/${c.request.id}/"`);
      expect(mail.text).toContain('not attached');
      // Neither the stored object, nor a download link, nor the file itself.
      for (const body of [mail.text, mail.html ?? '']) {
        expect(body).not.toContain(file.url);
        expect(body).not.toContain('/files/');
        expect(body).not.toContain('chart.pdf');
      }
    }
  });

  it('keeps an existing completed date, and e-mails once when the requester is the main contact', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.completedArrived });
    const completed = new Date('2024-02-03T10:00:00Z');
    await deps.db
      .update(requests)
      .set({
        createdAt: new Date('2024-01-10T10:00:00Z'),
        completedDate: completed,
        requesterId: c.contact.user.id,
      })
      .where(eq(requests.id, c.request.id));
    const v = await verifier();
    await createFile(deps.db, c.request.id, { verifiedById: v.user.id });
    expect((await send(c.request.id, c.staff.headers)).statusCode).toBe(200);
    expect((await requestRow(c.request.id)).completedDate).toEqual(completed);
    expect(await mailsTo(c.contact.user.email, 'records-ready')).toHaveLength(1);
    expect(await mailsTo(c.requester.user.email)).toHaveLength(0);
  });
});
