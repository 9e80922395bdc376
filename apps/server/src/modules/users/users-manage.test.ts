import { COMPANY_MSG, MSG, normalizeEmail, USER_MSG, userAtAnotherFirmMessage } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createPatient, createRequest, createUser, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { users } from '../../db/schema';
import { call, invitationsTo, inviteLink, uniqueEmail } from './users.fixtures';

/** POST /api/user/user/, /{id}/, /{id}/delete/ and GET /api/user/user/: one user at a time. */
describe('POST /api/user/user/', () => {
  it('creates a user without a password and e-mails a single-use invitation that sets one', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const companyId = who.firmStaff.user.companyId;
    const email = uniqueEmail('new.person');
    const res = await call('POST', '/api/user/user/', who.firmStaff.headers, {
      first_name: 'New',
      last_name: 'Person',
      email: email.toUpperCase(),
      phone_number: '303-555-0100',
      company_id: companyId,
      is_staff: false,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      email,
      full_name: 'New Person',
      company_id: companyId,
      is_staff: false,
      is_active: true,
      invite_pending: true,
      created: true,
    });
    expect(JSON.stringify(created)).not.toMatch(/password|hash|token/i);

    const link = await inviteLink(email);
    expect(link.userId).toBe(created.id);
    const [mail] = await invitationsTo(email);
    expect(mail.subject).toContain('Direct Docs');
    expect(mail.text).toContain(who.firmStaff.user.fullName);
    const password = 'Invited-Pass-123';
    const reset = await call('POST', `/users/resetPassword/${link.userId}/`, undefined, {
      password,
      token: link.token,
    });
    expect(reset.statusCode).toBe(200);
    const login = await call('POST', '/users/token/', undefined, { email, password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toHaveProperty('access');
    const reuse = await call('POST', `/users/resetPassword/${link.userId}/`, undefined, {
      password,
      token: link.token,
    });
    expect(reuse.statusCode).toBe(400);
    const me = await call('GET', `/api/user/user/${created.id}/`, who.firmStaff.headers);
    expect(me.json().invite_pending).toBe(false);
  });

  it('refuses an e-mail of another firm with the spec message, and updates a user of the same company', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const companyId = who.firmStaff.user.companyId;
    const res = await call('POST', '/api/user/user/', who.firmStaff.headers, {
      email: who.otherFirm.user.email.toUpperCase(),
      company_id: companyId,
    });
    expect(res.statusCode).toBe(400);
    // The e-mail schema normalises the address (domain in lower case) before the message quotes it.
    expect(res.json().error).toBe(
      userAtAnotherFirmMessage(normalizeEmail(who.otherFirm.user.email.toUpperCase())),
    );

    const again = await call('POST', '/api/user/user/', who.firmStaff.headers, {
      first_name: 'Renamed',
      email: who.firmUser.user.email,
      company_id: companyId,
      is_staff: true,
    });
    expect(again.json()).toMatchObject({
      id: who.firmUser.user.id,
      first_name: 'Renamed',
      is_staff: true,
      created: false,
    });
    expect(await invitationsTo(who.firmUser.user.email)).toHaveLength(0);
  });

  it('keeps firm staff to their own company and validates the e-mail and company', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const other = await call('POST', '/api/user/user/', who.firmStaff.headers, {
      email: uniqueEmail('x'),
      company_id: who.otherFirm.user.companyId,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(USER_MSG.ownCompanyOnly);
    const byInternal = await call('POST', '/api/user/user/', who.internalStaff.headers, {
      email: uniqueEmail('y'),
      company_id: who.otherFirm.user.companyId,
    });
    expect(byInternal.json().created).toBe(true);
    const noEmail = await call('POST', '/api/user/user/', who.firmStaff.headers, {
      company_id: who.firmStaff.user.companyId,
    });
    expect(noEmail.json()).toMatchObject({
      error: USER_MSG.emailRequired,
      fields: { email: USER_MSG.emailRequired },
    });
    const badEmail = await call('POST', '/api/user/user/', who.firmStaff.headers, {
      email: 'not-an-email',
      company_id: who.firmStaff.user.companyId,
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toEqual({ email: COMPANY_MSG.invalidEmail });
    const noCompany = await call('POST', '/api/user/user/', who.firmStaff.headers, {
      email: uniqueEmail('z'),
    });
    expect(noCompany.json().error).toBe(USER_MSG.companyRequired);
    expect(
      (await call('POST', '/api/user/user/', who.firmUser.headers, { email: uniqueEmail('q') })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/user/user/', who.internalUser.headers, { email: uniqueEmail('q') }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /api/user/user/{id}/', () => {
  it('updates fields and is_active; a deactivated user can no longer sign in', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const url = `/api/user/user/${who.firmUser.user.id}/`;
    const res = await call('POST', url, who.firmStaff.headers, {
      first_name: 'Paula',
      last_name: 'Legal',
      phone_number: '720-555-0199',
      is_active: false,
    });
    expect(res.json()).toMatchObject({
      full_name: 'Paula Legal',
      phone_number: '720-555-0199',
      is_active: false,
    });
    expect((await call('GET', '/users/user/', who.firmUser.headers)).statusCode).toBe(401);
  });

  it('changes an e-mail only to one nobody else uses', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const url = `/api/user/user/${who.firmUser.user.id}/`;
    const taken = await call('POST', url, who.firmStaff.headers, { email: who.firmStaff.user.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(MSG.emailTaken);
    const elsewhere = await call('POST', url, who.firmStaff.headers, { email: who.otherFirm.user.email });
    expect(elsewhere.json().error).toBe(userAtAnotherFirmMessage(who.otherFirm.user.email));
    const fresh = uniqueEmail('moved');
    expect((await call('POST', url, who.firmStaff.headers, { email: fresh })).json().email).toBe(fresh);
    const move = await call('POST', url, who.internalStaff.headers, {
      company_id: who.otherFirm.user.companyId,
    });
    expect(move.json().error).toBe(USER_MSG.cannotMove);
  });

  it('does not let users deactivate or un-staff themselves', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const url = `/api/user/user/${who.firmStaff.user.id}/`;
    const off = await call('POST', url, who.firmStaff.headers, { is_active: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toBe(USER_MSG.cannotDeactivateSelf);
    const demote = await call('POST', url, who.firmStaff.headers, { is_staff: false });
    expect(demote.json().error).toBe(USER_MSG.cannotRemoveOwnAccess);
    expect((await call('POST', url, who.firmStaff.headers, { phone_number: '1' })).statusCode).toBe(200);
  });

  it("answers 404 for another firm's user, 403 to non-staff", async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const url = `/api/user/user/${who.firmUser.user.id}/`;
    const stranger = await signedIn(deps, { isStaff: true });
    expect((await call('POST', url, stranger.headers, { first_name: 'x' })).statusCode).toBe(404);
    expect((await call('POST', url, who.firmUser.headers, { first_name: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/user/user/99999999/', who.internalStaff.headers, {})).statusCode).toBe(
      404,
    );
    expect((await call('POST', url, who.internalStaff.headers, { first_name: 'Ok' })).statusCode).toBe(200);
  });
});

describe('POST /api/user/user/{id}/delete/', () => {
  it('deletes a user without history and deactivates one with requests; never yourself', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const companyId = who.firmStaff.user.companyId;
    const spare = await createUser(deps.db, { companyId });
    const gone = await call('POST', `/api/user/user/${spare.id}/delete/`, who.firmStaff.headers);
    expect(gone.json()).toEqual({ success: USER_MSG.deleted, deactivated: false });
    expect(await deps.db.select().from(users).where(eq(users.id, spare.id))).toEqual([]);

    const patient = await createPatient(deps.db, companyId);
    await createRequest(deps.db, { patientId: patient.id, companyId, userId: who.firmUser.user.id });
    const kept = await call('POST', `/api/user/user/${who.firmUser.user.id}/delete/`, who.firmStaff.headers);
    expect(kept.json()).toEqual({ success: USER_MSG.deactivated, deactivated: true });
    const [row] = await deps.db.select().from(users).where(eq(users.id, who.firmUser.user.id));
    expect(row.isActive).toBe(false);

    const self = await call('POST', `/api/user/user/${who.firmStaff.user.id}/delete/`, who.firmStaff.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(USER_MSG.cannotDeleteSelf);
  });

  it("answers 404 for another firm's user and 403 to non-staff", async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const url = `/api/user/user/${who.firmUser.user.id}/delete/`;
    expect((await call('POST', url, who.otherFirm.headers)).statusCode).toBe(403);
    const stranger = await signedIn(deps, { isStaff: true });
    expect((await call('POST', url, stranger.headers)).statusCode).toBe(404);
    expect((await call('POST', url, who.firmUser.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/user/user/ and /{id}/', () => {
  it('lists every user of the company, inactive ones too, for its staff and internal users', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const companyId = who.firmStaff.user.companyId;
    const inactive = await createUser(deps.db, { companyId, isActive: false });
    const res = await call('GET', `/api/user/user/?company_id=${companyId}`, who.firmStaff.headers);
    const ids = res.json().map((item: { User: { id: number } }) => item.User.id);
    expect(ids).toHaveLength(3);
    expect(ids).toContain(inactive.id);
    expect(res.json()[0].User).toHaveProperty('phone_number');
    expect(
      (await call('GET', `/api/user/user/?company_id=${companyId}`, who.internalUser.headers)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/api/user/user/?company_id=${companyId}`, who.firmUser.headers)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/user/user/?company_id=${companyId}`, who.otherFirm.headers)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/user/user/?company_id=${INTERNAL_COMPANY_ID}`, who.firmStaff.headers))
        .statusCode,
    ).toBe(404);
  });

  it('shows one user to staff of the company, internal users and the user themselves', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const url = `/api/user/user/${who.firmStaff.user.id}/`;
    expect((await call('GET', url, who.firmStaff.headers)).json()).toMatchObject({
      id: who.firmStaff.user.id,
      is_staff: true,
    });
    expect((await call('GET', url, who.internalUser.headers)).statusCode).toBe(200);
    expect((await call('GET', url, who.firmUser.headers)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/user/user/${who.firmUser.user.id}/`, who.firmUser.headers)).statusCode,
    ).toBe(200);
    expect((await call('GET', url, who.otherFirm.headers)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
  });
});
