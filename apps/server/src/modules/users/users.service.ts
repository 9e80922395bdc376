import {
  COMPANY_MSG,
  type CompanyUser,
  isEmailAddress,
  type ManagedUser,
  MSG,
  USER_MSG,
  type UserBody,
  userAtAnotherFirmMessage,
} from '@dd/shared';
import { revokeAllForUser } from '../../auth/tokens';
import { type Auth, assertEmailConfirmed } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { invitationDue, sendInvitation } from './users.email';
import { auditPrivilegedChange, levelOf, newUserLevel } from './users.ladder';
import {
  assertExistingEmailAnswersLeft,
  ExistingEmailAnswer,
  limitInviteCall,
  meterExistingEmails,
  type UserCallContext,
} from './users.limits';
import {
  callerFullName,
  companyForUpdate,
  companyNameOf,
  deactivateUserOfFirm,
  deleteUserOfFirm,
  insertUsers,
  listActiveCompanyUsers,
  listCompanyUsers,
  loginsByEmails,
  presentUser,
  reachableUserForUpdate,
  type UserRow,
  updateUserOfFirm,
  userOfCallerFirm,
  userOfFirm,
  usersWithHistory,
} from './users.queries';

/**
 * Managing a company's users one at a time (POST /api/user/user/...). Firm staff manage their own
 * company's users, internal staff any company's, within the privilege ladder (authz/user-ladder.ts:
 * only internal admins manage internal users); nobody deactivates, un-staffs or deletes themselves.
 * A user with history (requests, notes, file log) is deactivated instead of deleted. Creating users is
 * rate limited, and answers naming addresses at other firms are metered (users.limits.ts).
 */
const trimmed = (value: string | null | undefined) => {
  const v = value?.trim();
  return v ? v : null;
};

/** The message when a change would lock the caller out of their own account or admin access. */
export function selfChangeError(
  auth: Auth,
  current: Pick<UserRow, 'id' | 'isStaff'>,
  next: { isStaff: boolean; isActive: boolean },
): string | undefined {
  if (current.id !== auth.userId) return undefined;
  if (!next.isActive) return USER_MSG.cannotDeactivateSelf;
  if (current.isStaff && !next.isStaff) return USER_MSG.cannotRemoveOwnAccess;
  return undefined;
}

/** Lock the company row (serialises saves of one company's users) and read what the e-mail needs. */
export async function lockCompany(tx: DbOrTx, companyId: number): Promise<{ id: number; name: string }> {
  const company = await companyForUpdate(tx, companyId);
  if (!company) throw notFound();
  return company;
}

export async function inviterName(tx: DbOrTx, auth: Auth): Promise<string> {
  return (await callerFullName(tx, auth)) || 'Your administrator';
}

/** A unique-index race (two saves adding the same e-mail at once) becomes a 409 asking to reload. */
export async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(USER_MSG.concurrentChange);
    throw error;
  }
}

function validEmail(email: string | null): string {
  if (!email) throw badRequest(USER_MSG.emailRequired, { email: USER_MSG.emailRequired });
  if (!isEmailAddress(email)) throw badRequest(COMPANY_MSG.invalidEmail, { email: COMPANY_MSG.invalidEmail });
  return email;
}

/** Users a caller may see: staff of the company, internal users, and everyone themselves. */
function assertCanSee(auth: Auth, user: UserRow): void {
  authorize(auth, 'user.see', { id: user.id, companyId: user.companyId });
}

export async function getManagedUser(db: DbOrTx, auth: Auth, id: number): Promise<ManagedUser> {
  // Another firm's user is not found, as 'user.see' would answer.
  const row = await userOfCallerFirm(db, auth, id);
  if (!row) throw notFound();
  assertCanSee(auth, row);
  return presentUser(row);
}

export async function listManagedUsers(db: DbOrTx, auth: Auth, companyId: number): Promise<ManagedUser[]> {
  authorize(auth, 'user.list', { companyId });
  return (await listCompanyUsers(db, companyId)).map(presentUser);
}

/** GET /api/user/User/: anyone may list their own company's active users; internal users any company's. */
export async function listCompanyContacts(
  db: DbOrTx,
  auth: Auth,
  companyId: number,
): Promise<CompanyUser['User'][]> {
  authorize(auth, 'company.reach', { companyId });
  return listActiveCompanyUsers(db, companyId);
}

async function applyUpdate(
  tx: DbOrTx,
  auth: Auth,
  ctx: UserCallContext,
  current: UserRow,
  body: UserBody,
): Promise<UserRow> {
  const pick = (key: 'first_name' | 'last_name' | 'phone_number', stored: string | null) =>
    body[key] === undefined ? stored : trimmed(body[key]);
  const email = body.email === undefined ? current.email : validEmail(trimmed(body.email));
  const emailChanged = email.toLowerCase() !== current.email.toLowerCase();
  const next = { isStaff: body.is_staff ?? current.isStaff, isActive: body.is_active ?? current.isActive };
  const level = await levelOf(tx, auth, current);
  authorize(auth, 'user.update', { before: level, after: { ...level, isStaff: next.isStaff }, emailChanged });
  if (emailChanged) {
    const [other] = await loginsByEmails(tx, [email.toLowerCase()]);
    if (other && other.companyId !== current.companyId) {
      throw new ExistingEmailAnswer(1, userAtAnotherFirmMessage(email));
    }
    if (other) throw conflict(MSG.emailTaken);
  }
  const selfError = selfChangeError(auth, current, next);
  if (selfError) throw badRequest(selfError);
  const row = await updateUserOfFirm(tx, current, {
    firstName: pick('first_name', current.firstName) ?? '',
    lastName: pick('last_name', current.lastName) ?? '',
    email: email === current.email ? email : email.toLowerCase(),
    phoneNumber: pick('phone_number', current.phoneNumber),
    ...next,
  });
  const target = { id: row.id, email: current.email, level };
  if (emailChanged) {
    await auditPrivilegedChange(tx, auth, ctx, target, 'user.email_changed', {
      from: current.email,
      to: row.email,
    });
  }
  if (current.isActive && !row.isActive) {
    await revokeAllForUser(tx, row);
    await auditPrivilegedChange(tx, auth, ctx, target, 'user.deactivated');
  }
  return row;
}

/**
 * POST /api/user/user/: creates and invites a user of `company_id`. An e-mail already used in the same
 * company updates that user instead (the spec's grid posts every row); in another company it is refused.
 */
export async function saveUser(
  db: Db,
  mail: Mail,
  auth: Auth,
  body: UserBody,
  ctx: UserCallContext,
): Promise<{ user: UserRow; created: boolean }> {
  assertEmailConfirmed(auth);
  const companyId = body.company_id;
  if (!companyId) throw badRequest(USER_MSG.companyRequired, { company_id: USER_MSG.companyRequired });
  authorize(auth, 'user.add', { companyId });
  const email = validEmail(trimmed(body.email));
  authorize(auth, 'user.update', { after: newUserLevel(auth, companyId, body.is_staff ?? false) });
  await limitInviteCall(db, auth, companyId, ctx);
  return meterExistingEmails(db, auth, ctx, () =>
    guardUnique(() => createOrUpdate(db, mail, auth, ctx, companyId, email, body)),
  );
}

function createOrUpdate(
  db: Db,
  mail: Mail,
  auth: Auth,
  ctx: UserCallContext,
  companyId: number,
  email: string,
  body: UserBody,
): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    const [login] = await loginsByEmails(tx, [email.toLowerCase()]);
    if (login && login.companyId !== companyId) {
      throw new ExistingEmailAnswer(1, userAtAnotherFirmMessage(email));
    }
    const existing = login && (await userOfFirm(tx, login.userId, companyId));
    if (existing) {
      const user = await applyUpdate(tx, auth, ctx, existing, body);
      await inviteOnActivation(tx, mail, auth, existing, user);
      return { user, created: false };
    }
    const [user] = await insertUsers(tx, [
      {
        firstName: trimmed(body.first_name) ?? '',
        lastName: trimmed(body.last_name) ?? '',
        email: email.toLowerCase(),
        phoneNumber: trimmed(body.phone_number),
        companyId,
        isStaff: body.is_staff ?? false,
        isActive: body.is_active ?? true,
      },
    ]);
    if (invitationDue(undefined, user)) {
      await sendInvitation(tx, mail, user, {
        companyName: company.name,
        inviterName: await inviterName(tx, auth),
      });
    }
    return { user, created: true };
  });
}

/** A user created inactive, never invited, is invited when activated (invitationDue). */
async function inviteOnActivation(tx: DbOrTx, mail: Mail, auth: Auth, before: UserRow, after: UserRow) {
  if (!invitationDue(before, after)) return;
  const company = await companyNameOf(tx, after.companyId);
  await sendInvitation(tx, mail, after, {
    companyName: company?.name ?? '',
    inviterName: await inviterName(tx, auth),
  });
}

/** POST /api/user/user/{id}/: the user's fields and is_active; the company cannot change. */
export async function updateUser(
  db: Db,
  mail: Mail,
  auth: Auth,
  id: number,
  body: UserBody,
  ctx: UserCallContext,
): Promise<UserRow> {
  // A new address could be answered '… already exists at another law firm.': same allowance as invites.
  if (trimmed(body.email)) await assertExistingEmailAnswersLeft(db, auth, ctx);
  return meterExistingEmails(db, auth, ctx, () =>
    guardUnique(() =>
      db.transaction(async (tx) => {
        const current = await reachableUserForUpdate(tx, auth, id);
        if (!current) throw notFound();
        if (body.company_id && body.company_id !== current.companyId) {
          throw badRequest(USER_MSG.cannotMove, { company_id: USER_MSG.cannotMove });
        }
        const saved = await applyUpdate(tx, auth, ctx, current, body);
        await inviteOnActivation(tx, mail, auth, current, saved);
        return saved;
      }),
    ),
  );
}

/** POST /api/user/user/{id}/delete/: deletes the user, or deactivates one that has history. */
export async function deleteUser(
  db: Db,
  auth: Auth,
  id: number,
  ctx: UserCallContext,
): Promise<'deleted' | 'deactivated'> {
  return db.transaction(async (tx) => {
    const current = await reachableUserForUpdate(tx, auth, id);
    if (!current) throw notFound();
    if (current.id === auth.userId) throw badRequest(USER_MSG.cannotDeleteSelf);
    const level = await levelOf(tx, auth, current);
    authorize(auth, 'user.update', { before: level });
    const target = { id, email: current.email, level };
    await revokeAllForUser(tx, current);
    if ((await usersWithHistory(tx, { id: current.companyId, firm: !auth.isInternal }, [id])).has(id)) {
      await deactivateUserOfFirm(tx, id, current.companyId);
      if (current.isActive) await auditPrivilegedChange(tx, auth, ctx, target, 'user.deactivated');
      return 'deactivated';
    }
    await deleteUserOfFirm(tx, id, current.companyId);
    await auditPrivilegedChange(tx, auth, ctx, target, 'user.deleted');
    return 'deleted';
  });
}
