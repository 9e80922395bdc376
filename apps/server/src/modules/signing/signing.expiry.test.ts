import { formatDate, SIGNING_MSG, STATUS, todayIn } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers } from '../../../test/factories';
import { latestEmailTo } from '../../../test/mail';
import { notes, requests, signingRequests } from '../../db/schema';
import { runAuthorizationExpiry } from './signing.expiry';
import { CLIENT_DOB, sentLink } from './signing.test-utils';

/** The expiry chore under a fake clock: a notice before, 'Need Assistance' after (decision 061). */
const DAY = 86_400_000;

async function signed() {
  const ctx = await sentLink();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/signing/${ctx.token}/sign/`,
    payload: {
      date_of_birth: CLIENT_DOB,
      signer_name: 'Pat Client',
      signature: { kind: 'typed' },
      agree: true,
    },
  });
  expect(res.statusCode).toBe(200);
  const [row] = await ctx.deps.db.select().from(signingRequests).where(eq(signingRequests.id, ctx.sent.id));
  return { ...ctx, row, expiresAt: Date.parse(`${row.authorizationExpiresOn}T12:00:00Z`) };
}

describe('the authorization expiry chore', () => {
  it('tells the firm 30 days ahead, once, and the firm renews in one click', async () => {
    const { app, deps, firm, row, expiresAt } = await signed();
    const list = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/home/patient/${firm.patient.id}/signing/`,
          headers: firm.paralegal.headers,
        })
      ).json();

    expect(await runAuthorizationExpiry(deps, new Date(expiresAt - 40 * DAY))).toMatchObject({ warned: 0 });
    const early = await runAuthorizationExpiry(deps, new Date(expiresAt - 20 * DAY));
    expect(early.warned).toBeGreaterThanOrEqual(1);
    const mail = await latestEmailTo(firm.paralegal.user.email, 'signing-renewal');
    expect(mail?.subject).toBe(SIGNING_MSG.renewalSubject);
    expect(mail?.text).toContain(`/request/${firm.request.id}/`);
    const [after] = await deps.db.select().from(signingRequests).where(eq(signingRequests.id, row.id));
    expect(after.expiryNoticeAt).not.toBeNull();
    await runAuthorizationExpiry(deps, new Date(expiresAt - 19 * DAY));
    const [again] = await deps.db.select().from(signingRequests).where(eq(signingRequests.id, row.id));
    expect(again.expiryNoticeAt).toEqual(after.expiryNoticeAt);

    const renew = await app.inject({
      method: 'POST',
      url: `/api/home/patient/${firm.patient.id}/signing/${row.id}/renew/`,
      headers: firm.paralegal.headers,
    });
    expect(renew.statusCode).toBe(200);
    const [fresh, old] = await list();
    expect(fresh).toMatchObject({ status: 'sent', request_ids: [firm.request.id], purpose: row.purpose });
    expect(old).toMatchObject({ id: row.id, status: 'signed', renewal_due: false });
  });

  it('sends no notice for an authorization the firm has already renewed', async () => {
    const { app, deps, firm, row, expiresAt } = await signed();
    const renew = await app.inject({
      method: 'POST',
      url: `/api/home/patient/${firm.patient.id}/signing/${row.id}/renew/`,
      headers: firm.paralegal.headers,
    });
    expect(renew.statusCode).toBe(200);
    await runAuthorizationExpiry(deps, new Date(expiresAt - 20 * DAY));
    const [after] = await deps.db.select().from(signingRequests).where(eq(signingRequests.id, row.id));
    expect(after.expiryNoticeAt).toBeNull();
  });

  it('moves the open requests that rely on an expired one to Need Assistance with the reason', async () => {
    const { deps, firm, row, expiresAt } = await signed();
    await runAuthorizationExpiry(deps, new Date(expiresAt + 2 * DAY));
    const [request] = await deps.db.select().from(requests).where(eq(requests.id, firm.request.id));
    expect(request.status).toBe(STATUS.needAssistance);
    const written = await deps.db.select().from(notes).where(eq(notes.requestId, firm.request.id));
    expect(written.map((n) => n.text)).toContain(
      SIGNING_MSG.expiredNote(formatDate(row.signedAt), formatDate(row.authorizationExpiresOn)),
    );
    // Once only.
    await runAuthorizationExpiry(deps, new Date(expiresAt + 3 * DAY));
    const notesAfter = await deps.db.select().from(notes).where(eq(notes.requestId, firm.request.id));
    expect(notesAfter).toHaveLength(written.length);
  });

  it('shows staff on the request when its online authorization expires soon, and that the firm renewed it', async () => {
    const { app, deps, firm, row } = await signed();
    const { internalStaff } = await callers(deps);
    const soon = new Date(Date.parse(`${todayIn('UTC')}T00:00:00Z`) + 10 * DAY).toISOString().slice(0, 10);
    await deps.db
      .update(signingRequests)
      .set({ authorizationExpiresOn: soon })
      .where(eq(signingRequests.id, row.id));
    const read = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/home/request/${firm.request.id}/authorization_expiry/`,
          headers: internalStaff.headers,
        })
      ).json();
    expect(await read()).toEqual({
      signed_online: true,
      expires_on: soon,
      days_left: 10,
      expiring: true,
      expired: false,
      renewal_sent: false,
    });
    await app.inject({
      method: 'POST',
      url: `/api/home/patient/${firm.patient.id}/signing/${row.id}/renew/`,
      headers: firm.paralegal.headers,
    });
    expect((await read()).renewal_sent).toBe(true);
  });
});
