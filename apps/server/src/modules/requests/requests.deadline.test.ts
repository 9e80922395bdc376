import { addBusinessDays, STATUS, todayIn } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { providers, requests } from '../../db/schema';
import { clockFromHistory } from './requests.deadline';
import { firmWithOneRequest, requestBody } from './requests.fixtures';

async function post(url: string, headers: Record<string, string>, payload: object = {}) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url, headers, payload });
}

async function stored(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
  return row;
}

/** A Texas provider asked under the client's own right of access: the 15-business-day Texas rule. */
async function texasPatientAccess() {
  const { deps } = await getContext();
  const firm = await firmWithOneRequest();
  await deps.db.update(providers).set({ state: 'Texas' }).where(eq(providers.id, firm.providers[0].id));
  await deps.db
    .update(requests)
    .set({ legalBasis: 'patient_access' })
    .where(eq(requests.id, firm.request.id));
  const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
  return { ...firm, internal: staff };
}

describe('the legal due date kept on a request', () => {
  it('has none before the first send; the first send sets it from the strictest rule', async () => {
    const c = await texasPatientAccess();
    expect(await stored(c.request.id)).toMatchObject({ dueDate: null, deadlineRule: null });

    const sent = await post(`/api/home/request/${c.request.id}/initial_sent/`, c.internal.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    const today = todayIn('America/Chicago');
    expect(await stored(c.request.id)).toMatchObject({
      deadlineRule: 'tx-electronic',
      dueDate: addBusinessDays(today, 15),
    });
  });

  it('starts over when the request is resubmitted, until it is sent again', async () => {
    const c = await texasPatientAccess();
    await post(`/api/home/request/${c.request.id}/initial_sent/`, c.internal.headers);
    expect((await stored(c.request.id)).dueDate).not.toBeNull();
    const resubmit = await post(
      `/api/home/request/${c.request.id}/`,
      c.internal.headers,
      requestBody(c, {}, c.internal),
    );
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    expect(await stored(c.request.id)).toMatchObject({ status: STATUS.requestedByLawyer, dueDate: null });
  });
});

describe('the clock read from the status history', () => {
  const at = (status: string, on: string) =>
    ({ status, on }) as Parameters<typeof clockFromHistory>[0][number];

  it('starts at the first send, stands still while the request needs the firm, restarts at a resubmission', () => {
    expect(clockFromHistory([at(STATUS.needAssistance, '2026-11-01')])).toBeNull();
    expect(
      clockFromHistory([
        at(STATUS.needAssistance, '2026-10-30'), // before the send: no pause
        at(STATUS.initialRequestSent, '2026-11-02'),
        at(STATUS.needAssistance, '2026-11-10'),
        at(STATUS.needAssistance, '2026-11-12'), // still the same pause
        at(STATUS.inContact, '2026-11-20'),
        at(STATUS.needAssistance, '2026-11-25'),
      ]),
    ).toEqual({
      sentOn: '2026-11-02',
      pauses: [
        { from: '2026-11-10', to: '2026-11-20' },
        { from: '2026-11-25', to: null },
      ],
    });
    expect(
      clockFromHistory([
        at(STATUS.initialRequestSent, '2026-11-02'),
        at(STATUS.requestedByLawyer, '2026-11-05'),
        at(STATUS.initialRequestSent, '2026-11-09'),
      ]),
    ).toEqual({ sentOn: '2026-11-09', pauses: [] });
  });
});
