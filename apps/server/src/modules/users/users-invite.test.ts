import { MSG, USER_MSG, userAtAnotherFirmMessage } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createPatient, createRequest, createUser, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { users } from '../../db/schema';
import { INVITATION_SUBJECT } from './users.email';
import { call, invitationsTo, inviteLink, uniqueEmail } from './users.fixtures';

/** POST /api/user/invite/: the whole invite grid saved in one transaction (spec section 5). */
const row = (email: string, extra: Record<string, string> = {}) => ({
  first_name: 'First',
  last_name: 'Last',
  email,
  phone_number: '',
  admin_access: '',
  active: '',
  ...extra,
});

const names = (u: { firstName: string; lastName: string }) => ({
  first_name: u.firstName,
  last_name: u.lastName,
});

async function firm() {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  return { deps, company, staff };
}

const companyUsers = async (companyId: number) => {
  const { deps } = await getContext();
  return deps.db.select().from(users).where(eq(users.companyId, companyId)).orderBy(users.id);
};

describe('POST /api/user/invite/', () => {
  it('skips rows without an e-mail, reads TRUE/FALSE as the spec says, creates and invites new users', async () => {
    const { company, staff } = await firm();
    const [a, b, c] = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    const res = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [
        row(staff.user.email, { ...names(staff.user), admin_access: 'TRUE' }),
        row(a, { admin_access: ' true ', active: 'yes', first_name: ' Ann ' }),
        row(b, { admin_access: 'yes', active: 'false' }),
        { first_name: 'No', last_name: 'Email', email: '  ', admin_access: 'TRUE' },
        row(c.toUpperCase(), { admin_access: 'FALSE', active: '', phone_number: '303-555-0111' }),
        {},
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: MSG.usersInvited,
      created: 3,
      updated: 0,
      removed: 0,
      deactivated: 0,
    });
    const rows = await companyUsers(company.id);
    expect(rows.map((u) => [u.email, u.isStaff, u.isActive])).toEqual([
      [staff.user.email, true, true],
      [a, true, true],
      [b, false, false],
      [c, false, true],
    ]);
    expect(rows[1].firstName).toBe('Ann');
    expect(rows[3].phoneNumber).toBe('303-555-0111');
    expect(rows.slice(1).every((u) => u.passwordHash === null)).toBe(true);
    for (const email of [a, c]) expect(await invitationsTo(email)).toHaveLength(1);
    // A row created inactive cannot sign in: no invitation until it is activated.
    for (const email of [b, staff.user.email]) expect(await invitationsTo(email)).toHaveLength(0);
  });

  it('invites a user created inactive once the grid activates them, and nobody who already set a password', async () => {
    const { deps, company, staff } = await firm();
    const later = uniqueEmail('later');
    const member = await createUser(deps.db, { companyId: company.id, isActive: false });
    const me = row(staff.user.email, { ...names(staff.user), admin_access: 'TRUE' });
    const save = (active: string) =>
      call('POST', '/api/user/invite/', staff.headers, {
        company_id: company.id,
        rows: [me, row(later, { active }), row(member.email, { ...names(member), active })],
      });
    expect((await save('FALSE')).statusCode).toBe(200);
    expect(await invitationsTo(later)).toHaveLength(0);
    expect((await save('TRUE')).json()).toMatchObject({ created: 0, updated: 2 });
    expect(await invitationsTo(later)).toHaveLength(1);
    // The existing member had signed in before (the factory sets a password): re-activating is not an invitation.
    expect(await invitationsTo(member.email)).toHaveLength(0);
  });

  it('POST /api/user/user/ invites an active user but not one created inactive', async () => {
    const { company, staff } = await firm();
    const [active, inactive] = [uniqueEmail('on'), uniqueEmail('off')];
    for (const [email, is_active] of [
      [active, true],
      [inactive, false],
    ] as const) {
      const res = await call('POST', '/api/user/user/', staff.headers, {
        company_id: company.id,
        email,
        first_name: 'New',
        last_name: 'Person',
        is_active,
      });
      expect(res.json()).toMatchObject({ email, created: true });
    }
    expect(await invitationsTo(active)).toHaveLength(1);
    expect(await invitationsTo(inactive)).toHaveLength(0);

    const [created] = await companyUsers(company.id).then((rows) => rows.filter((u) => u.email === inactive));
    const activate = await call('POST', `/api/user/user/${created.id}/`, staff.headers, { is_active: true });
    expect(activate.statusCode, activate.body).toBe(200);
    expect(await invitationsTo(inactive)).toHaveLength(1);
  });

  it("sends a working invitation: the link's token sets a password once, then the user logs in", async () => {
    const { company, staff } = await firm();
    const email = uniqueEmail('invitee');
    await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [row(staff.user.email, { admin_access: 'TRUE' }), row(email)],
    });
    const link = await inviteLink(email);
    const password = 'Grid-Invite-456';
    const set = await call('POST', `/users/resetPassword/${link.userId}/`, undefined, {
      password,
      token: link.token,
    });
    expect(set.statusCode).toBe(200);
    const login = await call('POST', '/users/token/', undefined, { email, password });
    expect(login.statusCode).toBe(200);
    const again = await call('POST', `/users/resetPassword/${link.userId}/`, undefined, {
      password,
      token: link.token,
    });
    expect(again.statusCode).toBe(400);
  });

  it('quotes the company name inside fixed wording, never as the subject; a name holding a link is left out', async () => {
    const { deps, company, staff } = await firm();
    const email = uniqueEmail('quoted');
    await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [row(staff.user.email, { admin_access: 'TRUE' }), row(email)],
    });
    const [mail] = await invitationsTo(email);
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.text).toContain(`You have been invited to join “${company.name}” on Direct Docs`);

    // A name stored before names had to be plain text is not quoted at all.
    const lure = 'URGENT: your account is locked - verify at https://evil.example';
    const legacy = await createCompany(deps.db, { name: lure });
    const legacyStaff = await signedIn(deps, { companyId: legacy.id, isStaff: true });
    const target = uniqueEmail('target');
    await call('POST', '/api/user/invite/', legacyStaff.headers, {
      company_id: legacy.id,
      rows: [row(legacyStaff.user.email, { admin_access: 'TRUE' }), row(target)],
    });
    const [phish] = await invitationsTo(target);
    expect(phish.subject).toBe(INVITATION_SUBJECT);
    expect(`${phish.text}${phish.html}`).not.toMatch(/evil|URGENT/);
    expect(phish.text).toContain('You have been invited to join your team on Direct Docs');
  });

  it('updates existing users, removes users missing from the grid, deactivates those with history, keeps the caller', async () => {
    const { deps, company, staff } = await firm();
    const keep = await createUser(deps.db, { companyId: company.id });
    const drop = await createUser(deps.db, { companyId: company.id });
    const busy = await createUser(deps.db, { companyId: company.id });
    const patient = await createPatient(deps.db, company.id);
    await createRequest(deps.db, { patientId: patient.id, companyId: company.id, userId: busy.id });

    const res = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [
        row(keep.email.toUpperCase(), { first_name: 'Kept', last_name: keep.lastName, admin_access: 'TRUE' }),
      ],
    });
    expect(res.json()).toEqual({
      success: MSG.usersInvited,
      created: 0,
      updated: 1,
      removed: 1,
      deactivated: 1,
    });
    const rows = await companyUsers(company.id);
    expect(rows.map((u) => [u.id, u.isActive])).toEqual([
      [staff.user.id, true],
      [keep.id, true],
      [busy.id, false],
    ]);
    expect(rows[1]).toMatchObject({ firstName: 'Kept', isStaff: true, email: keep.email });
    expect(rows.some((u) => u.id === drop.id)).toBe(false);
    const unchanged = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [row(keep.email, { first_name: 'Kept', last_name: keep.lastName, admin_access: 'TRUE' })],
    });
    expect(unchanged.json()).toMatchObject({ created: 0, updated: 0, removed: 0, deactivated: 0 });
  });

  it('aborts the whole save when e-mails belong to other firms, listing each', async () => {
    const { deps, company, staff } = await firm();
    const elsewhere = [
      await createUser(deps.db),
      await createUser(deps.db, { companyId: INTERNAL_COMPANY_ID }),
    ];
    const spare = await createUser(deps.db, { companyId: company.id });
    const fresh = uniqueEmail('fresh');
    const res = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [row(fresh), row(elsewhere[0].email), row(elsewhere[1].email.toUpperCase())],
    });
    expect(res.statusCode).toBe(400);
    const expected = [
      userAtAnotherFirmMessage(elsewhere[0].email),
      userAtAnotherFirmMessage(elsewhere[1].email.toUpperCase()),
    ];
    expect(res.json()).toEqual({ error: expected.join('\n'), details: { errors: expected } });
    const rows = await companyUsers(company.id);
    expect(rows.map((u) => u.id)).toEqual([staff.user.id, spare.id]);
    expect(await invitationsTo(fresh)).toHaveLength(0);
  });

  it('reports invalid and repeated e-mails by row, and refuses to lock the caller out', async () => {
    const { company, staff } = await firm();
    const dup = uniqueEmail('dup');
    const bad = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [
        row(staff.user.email, { admin_access: 'TRUE' }),
        row('not-an-email'),
        row(dup),
        row(dup.toUpperCase()),
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.errors).toEqual([
      'Row 2: not-an-email is not a valid email address.',
      `Row 4: ${dup.toUpperCase()} is already used in another row.`,
    ]);
    const self = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [row(staff.user.email, { admin_access: 'FALSE', active: 'FALSE' })],
    });
    expect(self.json().details.errors).toEqual([`Row 1: ${USER_MSG.cannotDeactivateSelf}`]);
    const demote = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [row(staff.user.email)],
    });
    expect(demote.json().details.errors).toEqual([`Row 1: ${USER_MSG.cannotRemoveOwnAccess}`]);
  });

  it('lets internal staff save any company; others get 404 for another firm and 403 without staff access', async () => {
    const { deps, company, staff } = await firm();
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const email = uniqueEmail('byinternal');
    const ok = await call('POST', '/api/user/invite/', internal.headers, {
      company_id: company.id,
      rows: [row(staff.user.email, { admin_access: 'TRUE' }), row(email)],
    });
    expect(ok.json()).toMatchObject({ created: 1, removed: 0 });
    const stranger = await signedIn(deps, { isStaff: true });
    const body = { company_id: company.id, rows: [] };
    expect((await call('POST', '/api/user/invite/', stranger.headers, body)).statusCode).toBe(404);
    const paralegal = await signedIn(deps, { companyId: company.id });
    expect((await call('POST', '/api/user/invite/', paralegal.headers, body)).statusCode).toBe(403);
    const internalUser = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    expect((await call('POST', '/api/user/invite/', internalUser.headers, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/user/invite/', undefined, body)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/user/invite/', internal.headers, { company_id: 99999999, rows: [] }))
        .statusCode,
    ).toBe(404);
    expect((await companyUsers(company.id)).length).toBe(3);
  });
});
