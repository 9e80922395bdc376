import { chooseAssigneeMessage, claimHeldMessage } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { requests } from '../../db/schema';
import { internalStaff, post, staffFirm } from './requests.staff-fixtures';

/** Claiming, releasing and assigning: POST /api/home/request/{id}/ with {working_on}. */
const claimUrl = (id: number) => `/api/home/request/${id}/`;

async function holderOf(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db
    .select({ holder: requests.workingOnId })
    .from(requests)
    .where(eq(requests.id, id));
  return row.holder;
}

describe('claiming a request', () => {
  it('claims an unclaimed request, answers 409 naming the holder to others, and lets the holder release', async () => {
    const {
      requests: [r1],
    } = await staffFirm();
    const alice = await internalStaff();
    const bob = await internalStaff();
    const claimed = await post(claimUrl(r1.id), alice.headers, { working_on: alice.user.id });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({
      id: r1.id,
      working_on_id: alice.user.id,
      working_on: { id: alice.user.id, full_name: alice.user.fullName },
    });
    // Claiming again what you hold changes nothing.
    expect((await post(claimUrl(r1.id), alice.headers, { working_on: alice.user.id })).statusCode).toBe(200);
    const taken = await post(claimUrl(r1.id), bob.headers, { working_on: bob.user.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: claimHeldMessage(alice.user.fullName),
      details: { working_on: { id: alice.user.id, full_name: alice.user.fullName } },
    });
    expect((await post(claimUrl(r1.id), bob.headers, { working_on: null })).statusCode).toBe(409);
    expect(await holderOf(r1.id)).toBe(alice.user.id);
    const released = await post(claimUrl(r1.id), alice.headers, { working_on: null });
    expect(released.statusCode).toBe(200);
    expect(released.json().working_on).toBeNull();
    expect((await post(claimUrl(r1.id), bob.headers, { working_on: bob.user.id })).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous claims win', async () => {
    const { app } = await getContext();
    const firm = await staffFirm();
    const alice = await internalStaff();
    const bob = await internalStaff();
    for (const request of firm.requests) {
      const claim = (who: typeof alice) =>
        app.inject({
          method: 'POST',
          url: claimUrl(request.id),
          headers: who.headers,
          payload: { working_on: who.user.id },
        });
      const results = await Promise.all([claim(alice), claim(bob)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results[0].statusCode === 200 ? alice : bob;
      const loser = winner === alice ? results[1] : results[0];
      expect(loser.json().details.working_on).toEqual({
        id: winner.user.id,
        full_name: winner.user.fullName,
      });
      expect(await holderOf(request.id)).toBe(winner.user.id);
    }
  });

  it('assigns to another active staff member; the assignee is required', async () => {
    const { deps } = await getContext();
    const {
      requests: [r1],
    } = await staffFirm();
    const alice = await internalStaff();
    const bob = await internalStaff();
    const assigned = await post(claimUrl(r1.id), alice.headers, { working_on: bob.user.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().working_on).toEqual({ id: bob.user.id, full_name: bob.user.fullName });
    // The holder hands it on.
    expect((await post(claimUrl(r1.id), bob.headers, { working_on: alice.user.id })).statusCode).toBe(200);
    const inactive = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true, isActive: false });
    const notStaff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    const firmUser = await signedIn(deps, { isStaff: true });
    for (const target of [inactive.user.id, notStaff.user.id, firmUser.user.id, 999_999_999]) {
      const res = await post(claimUrl(r1.id), alice.headers, { working_on: target });
      expect(res.statusCode, String(target)).toBe(400);
      expect(res.json().error).toBe(chooseAssigneeMessage);
    }
    for (const body of [{ working_on: 'bob' }, { working_on: 0 }, { working_on: bob.user.id, status: 'x' }]) {
      expect((await post(claimUrl(r1.id), alice.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await holderOf(r1.id)).toBe(alice.user.id);
  });

  it('needs release_any_claim to release or reassign someone else’s claim', async () => {
    const {
      requests: [r1, r2],
    } = await staffFirm();
    const alice = await internalStaff();
    const bob = await internalStaff();
    const admin = await internalStaff({ permissions: ['release_any_claim'] });
    await post(claimUrl(r1.id), alice.headers, { working_on: alice.user.id });
    const reassign = await post(claimUrl(r1.id), bob.headers, { working_on: admin.user.id });
    expect(reassign.statusCode).toBe(409);
    expect(reassign.json().error).toBe(claimHeldMessage(alice.user.fullName));
    // An administrator may not simply claim it (claims only take unclaimed requests) …
    expect((await post(claimUrl(r1.id), admin.headers, { working_on: admin.user.id })).statusCode).toBe(409);
    // … but may reassign and release it.
    expect((await post(claimUrl(r1.id), admin.headers, { working_on: bob.user.id })).statusCode).toBe(200);
    expect(await holderOf(r1.id)).toBe(bob.user.id);
    expect((await post(claimUrl(r1.id), admin.headers, { working_on: null })).statusCode).toBe(200);
    expect(await holderOf(r1.id)).toBeNull();
    // Releasing an unclaimed request is harmless.
    expect((await post(claimUrl(r2.id), bob.headers, { working_on: null })).statusCode).toBe(200);
  });

  it('answers 403 to everyone but internal staff, whatever they send, and 404 for a missing request', async () => {
    const { deps } = await getContext();
    const firm = await staffFirm();
    const [r1] = firm.requests;
    const who = await callers(deps);
    for (const caller of [who.firmUser, who.firmStaff, who.otherFirm, who.internalUser, firm.firmStaff]) {
      for (const body of [{ working_on: caller.user.id }, { working_on: null }, { working_on: 'x' }]) {
        const res = await post(claimUrl(r1.id), caller.headers, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(403);
      }
    }
    const staff = await internalStaff();
    expect((await post(claimUrl(999_999_999), staff.headers, { working_on: staff.user.id })).statusCode).toBe(
      404,
    );
    expect((await post(claimUrl(999_999_999), staff.headers, { working_on: null })).statusCode).toBe(404);
    const anonymous = await post(claimUrl(r1.id), {}, { working_on: null });
    expect(anonymous.statusCode).toBe(401);
    expect(await holderOf(r1.id)).toBeNull();
  });
});
