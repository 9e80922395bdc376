import {
  type InviteBody,
  type InviteResult,
  type InviteUser,
  MSG,
  parseInviteRows,
  userAtAnotherFirmMessage,
} from '@dd/shared';
import { revokeAllForUser } from '../../auth/tokens';
import { type Auth, assertEmailConfirmed } from '../../authz';
import { authorize, refusalOf } from '../../authz/policy';
import type { UserLevel } from '../../authz/user-ladder';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { invitationDue, sendInvitation } from './users.email';
import { auditPrivilegedChange, levelsOf, newUserLevel } from './users.ladder';
import {
  ExistingEmailAnswer,
  limitInviteCall,
  meterExistingEmails,
  type UserCallContext,
} from './users.limits';
import {
  deactivateUserOfFirm,
  deleteUserOfFirm,
  insertUsers,
  listCompanyUsers,
  loginsByEmails,
  type UserRow,
  updateUserOfFirm,
  usersWithHistory,
} from './users.queries';
import { guardUnique, inviterName, lockCompany, selfChangeError } from './users.service';

/**
 * POST /api/user/invite/: saves the whole invite grid in one transaction (spec section 5). Rows are
 * matched to the company's users by e-mail ignoring case: known users are updated, new ones created and
 * invited, and users missing from the grid removed (never the caller; deactivated when they have
 * history). Every change follows the privilege ladder (a refusal answers 403 listing each); any other
 * problem, such as an e-mail at another firm, aborts the save and lists every problem. The call is rate
 * limited, and answers naming addresses at other firms are metered (users.limits.ts).
 */
function gridErrors(errors: string[], status = 400): HttpError {
  return new HttpError(status, errors.join('\n'), undefined, { errors });
}

const differs = (row: UserRow, u: InviteUser) =>
  row.firstName !== u.first_name ||
  row.lastName !== u.last_name ||
  (row.phoneNumber ?? null) !== u.phone_number ||
  row.isStaff !== u.is_staff ||
  row.isActive !== u.is_active;

/** What the grid changes: rows to update, users to create, and users missing from the grid. */
function planGrid(auth: Auth, current: UserRow[], parsed: InviteUser[]) {
  const byEmail = new Map(current.map((row) => [row.email.toLowerCase(), row]));
  const inGrid = new Set(parsed.map((u) => u.email));
  return {
    changed: parsed.flatMap((u) => {
      const row = byEmail.get(u.email);
      return row && differs(row, u) ? [{ u, row }] : [];
    }),
    fresh: parsed.filter((u) => !byEmail.has(u.email)),
    missing: current.filter((row) => !inGrid.has(row.email.toLowerCase()) && row.id !== auth.userId),
  };
}
type GridPlan = ReturnType<typeof planGrid>;

/** The ladder's refusals for every change of the grid, one message each. */
function ladderRefusals(auth: Auth, companyId: number, plan: GridPlan, levels: Map<number, UserLevel>) {
  const refusals = [
    ...plan.changed.map(({ u, row }) => {
      const before = levels.get(row.id)!;
      const refusal = refusalOf(auth, 'user.update', { before, after: { ...before, isStaff: u.is_staff } });
      return refusal && `Row ${u.row}: ${refusal}`;
    }),
    ...plan.fresh.map((u) => {
      const refusal = refusalOf(auth, 'user.update', { after: newUserLevel(auth, companyId, u.is_staff) });
      return refusal && `Row ${u.row}: ${refusal}`;
    }),
    ...plan.missing.map((row) => {
      const refusal = refusalOf(auth, 'user.update', { before: levels.get(row.id)! });
      return refusal && `${row.email}: ${refusal}`;
    }),
  ];
  return refusals.filter((r): r is string => Boolean(r));
}

/** Addresses of new rows that belong to other firms, and rows that would lock the caller out. */
async function rowProblems(tx: DbOrTx, auth: Auth, companyId: number, plan: GridPlan) {
  const known = await loginsByEmails(
    tx,
    plan.fresh.map((u) => u.email),
  );
  const elsewhere = new Set(known.filter((k) => k.companyId !== companyId).map((k) => k.email));
  const errors = plan.fresh
    .filter((u) => elsewhere.has(u.email))
    .map((u) => userAtAnotherFirmMessage(u.typed_email));
  for (const { u, row } of plan.changed) {
    const selfError = selfChangeError(auth, row, { isStaff: u.is_staff, isActive: u.is_active });
    if (selfError) errors.push(`Row ${u.row}: ${selfError}`);
  }
  if (elsewhere.size) throw new ExistingEmailAnswer(elsewhere.size, errors.join('\n'), { errors });
  if (errors.length) throw gridErrors(errors);
}

export async function inviteUsers(
  db: Db,
  mail: Mail,
  auth: Auth,
  body: InviteBody,
  ctx: UserCallContext,
): Promise<InviteResult> {
  assertEmailConfirmed(auth);
  authorize(auth, 'company.manage', { companyId: body.company_id });
  const parsed = parseInviteRows(body.rows);
  if (parsed.errors.length) throw gridErrors(parsed.errors);
  await limitInviteCall(db, auth, body.company_id, ctx);
  return meterExistingEmails(db, auth, ctx, () =>
    guardUnique(() => db.transaction((tx) => saveGrid(tx, mail, auth, ctx, body.company_id, parsed.users))),
  );
}

async function saveGrid(
  tx: DbOrTx,
  mail: Mail,
  auth: Auth,
  ctx: UserCallContext,
  companyId: number,
  rows: InviteUser[],
): Promise<InviteResult> {
  const company = await lockCompany(tx, companyId);
  const plan = planGrid(auth, await listCompanyUsers(tx, company.id), rows);
  const levels = await levelsOf(tx, auth, [...plan.changed.map((c) => c.row), ...plan.missing]);
  const refusals = ladderRefusals(auth, company.id, plan, levels);
  if (refusals.length) throw gridErrors(refusals, 403);
  await rowProblems(tx, auth, company.id, plan);

  /** A user the grid deactivates or deletes: every session ends, and a privileged one is audited. */
  const endAccess = async (row: UserRow, action: 'user.deactivated' | 'user.deleted') => {
    await revokeAllForUser(tx, row);
    const target = { id: row.id, email: row.email, level: levels.get(row.id)! };
    await auditPrivilegedChange(tx, auth, ctx, target, action);
  };

  const context = { companyName: company.name, inviterName: await inviterName(tx, auth) };
  for (const { u, row } of plan.changed) {
    const saved = await updateUserOfFirm(tx, row, {
      firstName: u.first_name,
      lastName: u.last_name,
      phoneNumber: u.phone_number,
      isStaff: u.is_staff,
      isActive: u.is_active,
    });
    if (row.isActive && !u.is_active) await endAccess(row, 'user.deactivated');
    if (invitationDue(row, saved)) await sendInvitation(tx, mail, saved, context);
  }

  if (plan.fresh.length) {
    const created = await insertUsers(
      tx,
      plan.fresh.map((u) => ({
        firstName: u.first_name,
        lastName: u.last_name,
        email: u.email,
        phoneNumber: u.phone_number,
        companyId: company.id,
        isStaff: u.is_staff,
        isActive: u.is_active,
      })),
    );
    for (const user of created) {
      if (invitationDue(undefined, user)) await sendInvitation(tx, mail, user, context);
    }
  }

  const kept = await usersWithHistory(
    tx,
    { id: company.id, firm: !auth.isInternal },
    plan.missing.map((row) => row.id),
  );
  const toDeactivate = plan.missing.filter((row) => kept.has(row.id) && row.isActive);
  const toDelete = plan.missing.filter((row) => !kept.has(row.id));
  for (const row of toDeactivate) {
    await deactivateUserOfFirm(tx, row.id, company.id);
    await endAccess(row, 'user.deactivated');
  }
  for (const row of toDelete) {
    await endAccess(row, 'user.deleted');
    await deleteUserOfFirm(tx, row.id, company.id);
  }
  return {
    success: MSG.usersInvited,
    created: plan.fresh.length,
    updated: plan.changed.length,
    removed: toDelete.length,
    deactivated: toDeactivate.length,
  };
}
