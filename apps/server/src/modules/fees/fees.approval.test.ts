import { FEE_APPROVAL_MSG, type FeeApproval, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { requests } from '../../db/schema';
import { call, mailsTo, notesOf, requestRow, staffCase } from '../staffwork/staffwork.fixtures';
import { sentCase } from './fees.fixtures';

const charge = (id: number, headers: Record<string, string>, cost: number | string) =>
  call('POST', `/api/home/request/${id}/`, headers, { provider_cost: cost, pages: 250, medium: 'paper' });

async function approvals(id: number, headers: Record<string, string>): Promise<FeeApproval[]> {
  const res = await call('GET', `/api/home/request/${id}/fee_approvals/`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

describe('a provider charge above the firm’s limit', () => {
  it('waits for the firm: the status, a paused clock, the e-mail to the main contact and the pending approval', async () => {
    const c = await sentCase();
    expect((await requestRow(c.request.id)).dueDate).not.toBeNull();
    expect((await charge(c.request.id, c.staff.headers, 180)).statusCode).toBe(200);

    const row = await requestRow(c.request.id);
    expect(row).toMatchObject({ status: STATUS.waitingForFeeApproval, dueDate: null });
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({
      text: "Provider fee of $180.00 is above the firm's approval limit of $75.00: waiting for the firm's approval.",
      updateStatus: STATUS.waitingForFeeApproval,
    });
    const [mail] = await mailsTo(c.contact.user.email, 'fee-approval');
    expect(mail.subject).toBe(
      `Fee approval needed: request #${c.request.internalNumber} for ${c.patient.fullName}`,
    );
    expect(mail.text).toContain(
      `${c.provider.name} charges $180.00 for the records of ${c.patient.fullName}`,
    );
    expect(mail.text).toContain(
      "No fee rule we know covers this provider's state and kind and the request's legal basis.",
    );
    const [pending] = await approvals(c.request.id, c.contact.headers);
    expect(pending).toMatchObject({ kind: 'charge', amount: '180.00', state: 'pending', decided_by: null });

    // Saving the same charge again asks nothing new.
    await charge(c.request.id, c.staff.headers, '180.00');
    expect(await approvals(c.request.id, c.staff.headers)).toHaveLength(1);
    expect(await mailsTo(c.contact.user.email, 'fee-approval')).toHaveLength(1);
  });

  it('goes back to where it was once the firm approves, with who approved it, and cannot be answered twice', async () => {
    const c = await sentCase();
    await charge(c.request.id, c.staff.headers, 180);
    const [pending] = await approvals(c.request.id, c.contact.headers);
    const url = `/api/home/request/${c.request.id}/fee_approvals/${pending.id}/`;
    const approved = await call('POST', `${url}approve/`, c.contact.headers, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      success: FEE_APPROVAL_MSG.approved,
      approval: { state: 'approved', decided_by: c.contact.user.fullName },
    });
    const row = await requestRow(c.request.id);
    expect(row.status).toBe(STATUS.initialRequestSent);
    expect(row.dueDate).not.toBeNull();
    expect((await notesOf(c.request.id)).at(-1)?.text).toBe(
      `Provider fee of $180.00 approved by ${c.contact.user.fullName}.`,
    );
    const again = await call('POST', `${url}decline/`, c.contact.headers, { action: 'cancel' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(FEE_APPROVAL_MSG.notPending);
    // The approved amount is not asked about again.
    await charge(c.request.id, c.staff.headers, 180);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.initialRequestSent);

    // Once billed, the invoice says who approved the charge and when.
    const { deps } = await getContext();
    await deps.db.update(requests).set({ status: STATUS.closedArrived }).where(eq(requests.id, c.request.id));
    const invoice = await call('GET', `/api/invoices/${c.company.id}/`, c.staff.headers);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const line = invoice
      .json()
      .results.find((l: { request: { id: number } }) => l.request.id === c.request.id);
    expect(line).toMatchObject({
      provider_cost: '180.00',
      fee_approval: { by: c.contact.user.fullName, at: approved.json().approval.decided_at },
    });
  });

  it('keeps waiting when the firm writes a note about it, and answered late only records the answer', async () => {
    const c = await sentCase();
    await charge(c.request.id, c.staff.headers, 180);
    const note = await call('POST', '/api/home/notes/', c.contact.headers, {
      request: c.request.id,
      text: 'Can you ask for the electronic copy instead?',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.waitingForFeeApproval);

    // Staff move the request on before the firm answers: approving then changes no status.
    await call('POST', '/api/home/notes/', c.staff.headers, {
      request: c.request.id,
      text: 'Provider sends the electronic copy for $6.50.',
      update_status: STATUS.documentsEnRoute,
    });
    const [pending] = await approvals(c.request.id, c.contact.headers);
    await call(
      'POST',
      `/api/home/request/${c.request.id}/fee_approvals/${pending.id}/approve/`,
      c.contact.headers,
      {},
    );
    expect((await requestRow(c.request.id)).status).toBe(STATUS.documentsEnRoute);
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({ updateStatus: null });
  });

  it('is cancelled, or put on staff’s To Do list to dispute, when the firm declines', async () => {
    const cancelled = await sentCase();
    await charge(cancelled.request.id, cancelled.staff.headers, 180);
    const [a] = await approvals(cancelled.request.id, cancelled.contact.headers);
    const res = await call(
      'POST',
      `/api/home/request/${cancelled.request.id}/fee_approvals/${a.id}/decline/`,
      cancelled.contact.headers,
      { action: 'cancel', reason: 'Too expensive' },
    );
    expect(res.json()).toMatchObject({
      success: FEE_APPROVAL_MSG.declinedCancel,
      approval: { state: 'declined' },
    });
    expect((await requestRow(cancelled.request.id)).status).toBe(STATUS.cancelled);

    const disputed = await sentCase();
    await charge(disputed.request.id, disputed.staff.headers, 180);
    const [b] = await approvals(disputed.request.id, disputed.contact.headers);
    await call(
      'POST',
      `/api/home/request/${disputed.request.id}/fee_approvals/${b.id}/decline/`,
      disputed.contact.headers,
      {
        action: 'dispute',
      },
    );
    const row = await requestRow(disputed.request.id);
    expect(row.status).toBe(STATUS.initialRequestSent);
    expect(row.nextTodoDate).not.toBeNull();
    expect((await notesOf(disputed.request.id)).at(-1)?.text).toContain(
      'dispute the charge with the provider',
    );
    // Staff saving the tracking form again with the disputed amount do not ask the firm a second time;
    // the corrected invoice's amount is a new question.
    await charge(disputed.request.id, disputed.staff.headers, 180);
    expect((await requestRow(disputed.request.id)).status).toBe(STATUS.initialRequestSent);
    await charge(disputed.request.id, disputed.staff.headers, 150);
    expect((await requestRow(disputed.request.id)).status).toBe(STATUS.waitingForFeeApproval);
  });

  it('is answered only by the firm: staff get 403, another firm 404, and a charge within the limit asks nothing', async () => {
    const { deps } = await getContext();
    const c = await sentCase();
    await charge(c.request.id, c.staff.headers, 180);
    const [pending] = await approvals(c.request.id, c.staff.headers);
    const url = `/api/home/request/${c.request.id}/fee_approvals/${pending.id}/approve/`;
    expect((await call('POST', url, c.staff.headers, {})).statusCode).toBe(403);
    const stranger = await signedIn(deps, { companyId: (await staffCase()).company.id, isStaff: true });
    expect((await call('POST', url, stranger.headers, {})).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/home/request/${c.request.id}/fee_approvals/`, stranger.headers)).statusCode,
    ).toBe(404);

    const within = await sentCase();
    await charge(within.request.id, within.staff.headers, 75);
    const noLimit = await sentCase(null);
    await charge(noLimit.request.id, noLimit.staff.headers, 900);
    for (const x of [within, noLimit]) {
      expect((await requestRow(x.request.id)).status).toBe(STATUS.initialRequestSent);
      expect(await approvals(x.request.id, x.staff.headers)).toEqual([]);
    }
  });

  it('uses the limit the firm sets on its company, blank for none', async () => {
    const c = await staffCase();
    const firmStaff = await signedIn((await getContext()).deps, { companyId: c.company.id, isStaff: true });
    const url = `/api/home/company/${c.company.id}/`;
    const set = await call('POST', url, firmStaff.headers, {
      name: c.company.name,
      auto_approve_limit: '75',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().company.auto_approve_limit).toBe('75.00');
    const cleared = await call('POST', url, firmStaff.headers, {
      name: c.company.name,
      auto_approve_limit: '',
    });
    expect(cleared.json().company.auto_approve_limit).toBeNull();
  });
});
