import { FEE_APPROVAL_MSG, type FeeApproval, PREPAYMENT_MSG, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { requests } from '../../db/schema';
import { call, mailsTo, notesOf, requestRow, staffCase } from '../staffwork/staffwork.fixtures';
import { sentCase } from './fees.fixtures';

const demand = (id: number, headers: Record<string, string>, body: object) =>
  call('POST', `/api/home/request/${id}/fee_approvals/prepayment/`, headers, body);

async function approvals(id: number, headers: Record<string, string>): Promise<FeeApproval[]> {
  const res = await call('GET', `/api/home/request/${id}/fee_approvals/`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

describe('a provider’s demand of payment before it releases the records', () => {
  it('above the firm’s limit waits for the firm like a charge, with an e-mail saying the provider wants paying first', async () => {
    const c = await sentCase();
    const res = await demand(c.request.id, c.staff.headers, { amount: '95.00', note: 'INV-2231' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: PREPAYMENT_MSG.asked,
      approval: { kind: 'prepayment', amount: '95.00', state: 'pending', fee_check: null },
    });
    expect(await requestRow(c.request.id)).toMatchObject({
      status: STATUS.waitingForFeeApproval,
      dueDate: null,
    });
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({
      text: "Provider demands a prepayment of $95.00 before releasing the records (INV-2231). It is above the firm's approval limit of $75.00: waiting for the firm's approval.",
      updateStatus: STATUS.waitingForFeeApproval,
    });
    const [mail] = await mailsTo(c.contact.user.email, 'fee-approval');
    expect(mail.subject).toBe(
      `Prepayment approval needed: request #${c.request.internalNumber} for ${c.patient.fullName}`,
    );
    expect(mail.text).toContain(
      `${c.provider.name} demands payment of $95.00 (its reference: INV-2231) before it releases the records of ${c.patient.fullName}.`,
    );
    const [pending] = await approvals(c.request.id, c.contact.headers);
    expect(pending).toMatchObject({ kind: 'prepayment', state: 'pending' });

    // Recording the same demand again asks nothing new.
    await demand(c.request.id, c.staff.headers, { amount: 95 });
    expect(await approvals(c.request.id, c.staff.headers)).toHaveLength(1);
    expect(await mailsTo(c.contact.user.email, 'fee-approval')).toHaveLength(1);
  });

  it('approved by the firm, goes back to where it was and is billed as the provider cost when none is recorded', async () => {
    const c = await sentCase();
    await demand(c.request.id, c.staff.headers, { amount: 95 });
    const [pending] = await approvals(c.request.id, c.contact.headers);
    const approved = await call(
      'POST',
      `/api/home/request/${c.request.id}/fee_approvals/${pending.id}/approve/`,
      c.contact.headers,
      {},
    );
    expect(approved.json()).toMatchObject({
      success: FEE_APPROVAL_MSG.approved,
      approval: { kind: 'prepayment', state: 'approved' },
    });
    const row = await requestRow(c.request.id);
    expect(row).toMatchObject({ status: STATUS.initialRequestSent, providerCost: 9500 });
    expect((await notesOf(c.request.id)).at(-1)?.text).toBe(
      `Prepayment of $95.00 approved by ${c.contact.user.fullName}.`,
    );
    // Staff saving the same amount on the requisition form do not ask about it again.
    await call('POST', `/api/home/request/${c.request.id}/`, c.staff.headers, { provider_cost: 95 });
    expect((await requestRow(c.request.id)).status).toBe(STATUS.initialRequestSent);

    const { deps } = await getContext();
    await deps.db.update(requests).set({ status: STATUS.closedArrived }).where(eq(requests.id, c.request.id));
    const invoice = await call('GET', `/api/invoices/${c.company.id}/`, c.staff.headers);
    const line = invoice
      .json()
      .results.find((l: { request: { id: number } }) => l.request.id === c.request.id);
    expect(line).toMatchObject({ provider_cost: '95.00', fee_approval: { by: c.contact.user.fullName } });
  });

  it('keeps a provider cost staff recorded, and turns a charge still waiting into the demand', async () => {
    const c = await sentCase();
    await call('POST', `/api/home/request/${c.request.id}/`, c.staff.headers, { provider_cost: 120 });
    const [charge] = await approvals(c.request.id, c.staff.headers);
    expect(charge).toMatchObject({ kind: 'charge', amount: '120.00' });
    await demand(c.request.id, c.staff.headers, { amount: 120, pages: 250, medium: 'paper' });
    const [asked] = await approvals(c.request.id, c.contact.headers);
    expect(asked).toMatchObject({ id: charge.id, kind: 'prepayment', amount: '120.00', state: 'pending' });
    expect(asked.fee_check).toMatchObject({ charged: '120.00' });
    expect(await mailsTo(c.contact.user.email, 'fee-approval')).toHaveLength(2);
    await call(
      'POST',
      `/api/home/request/${c.request.id}/fee_approvals/${asked.id}/approve/`,
      c.contact.headers,
      {},
    );
    expect((await requestRow(c.request.id)).providerCost).toBe(12000);
  });

  it('within the limit, or for a firm without one, is noted and billed without asking', async () => {
    const within = await sentCase();
    const res = await demand(within.request.id, within.staff.headers, { amount: 75 });
    expect(res.json()).toEqual({ success: PREPAYMENT_MSG.withinLimit, approval: null });
    expect((await notesOf(within.request.id)).at(-1)?.text).toBe(
      "Provider demands a prepayment of $75.00 before releasing the records. It is within the firm's approval limit of $75.00: no approval needed.",
    );
    const noLimit = await sentCase(null);
    await demand(noLimit.request.id, noLimit.staff.headers, { amount: 900 });
    for (const x of [within, noLimit]) {
      expect((await requestRow(x.request.id)).status).toBe(STATUS.initialRequestSent);
      expect(await approvals(x.request.id, x.staff.headers)).toEqual([]);
    }
    expect((await requestRow(noLimit.request.id)).providerCost).toBe(90000);
  });

  it('is recorded by internal staff only, on an open request, with an amount', async () => {
    const { deps } = await getContext();
    const c = await sentCase();
    const firmStaff = await signedIn(deps, { companyId: c.company.id, isStaff: true });
    const stranger = await signedIn(deps, { companyId: (await staffCase()).company.id, isStaff: true });
    for (const caller of [c.contact, firmStaff, stranger]) {
      expect((await demand(c.request.id, caller.headers, { amount: 95 })).statusCode).toBe(403);
    }
    expect(await approvals(c.request.id, c.staff.headers)).toEqual([]);
    // Another firm cannot read the approvals it was asked about either.
    await demand(c.request.id, c.staff.headers, { amount: 95 });
    expect(
      (await call('GET', `/api/home/request/${c.request.id}/fee_approvals/`, stranger.headers)).statusCode,
    ).toBe(404);

    expect((await demand(999_999_999, c.staff.headers, { amount: 95 })).statusCode).toBe(404);
    const zero = await demand(c.request.id, c.staff.headers, { amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields.amount).toBe(PREPAYMENT_MSG.amount);
    expect((await demand(c.request.id, c.staff.headers, { amount: 'lots' })).statusCode).toBe(400);

    const closed = await sentCase();
    await deps.db
      .update(requests)
      .set({ status: STATUS.closedArrived })
      .where(eq(requests.id, closed.request.id));
    const late = await demand(closed.request.id, closed.staff.headers, { amount: 95 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(PREPAYMENT_MSG.closed);
  });
});
