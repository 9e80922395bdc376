import type { Auth } from '../../authz';
import { isInternalCompanyFor, isPrivileged, type UserLevel } from '../../authz/user-ladder';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { UserCallContext } from './users.limits';
import { rolesWithPermissions, type UserRow } from './users.queries';

/**
 * Where the users module meets the privilege ladder (authz/user-ladder.ts): the level of stored users,
 * and the audit rows for changes to privileged ones.
 */
/** The ladder level of each user (all reachable by `actor`), by id. */
export async function levelsOf(tx: DbOrTx, actor: Auth, rows: UserRow[]): Promise<Map<number, UserLevel>> {
  const roleIds = [...new Set(rows.flatMap((r) => (r.roleId === null ? [] : [r.roleId])))];
  const privilegedRoles = await rolesWithPermissions(tx, roleIds);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        isInternal: isInternalCompanyFor(actor, r.companyId),
        isStaff: r.isStaff,
        isAdminUser: r.isAdminUser,
        hasPermissions: r.roleId !== null && privilegedRoles.has(r.roleId),
      },
    ]),
  );
}

export async function levelOf(tx: DbOrTx, actor: Auth, row: UserRow): Promise<UserLevel> {
  return (await levelsOf(tx, actor, [row])).get(row.id)!;
}

/** The level of a user the call creates (nobody is created with admin rights or a role). */
export const newUserLevel = (actor: Auth, companyId: number, isStaff: boolean): UserLevel => ({
  isInternal: isInternalCompanyFor(actor, companyId),
  isStaff,
  isAdminUser: false,
  hasPermissions: false,
});

export type UserAuditAction = 'user.email_changed' | 'user.deactivated' | 'user.deleted';

/** Records a change to a privileged user (e-mail, deactivation, deletion); others need no audit row. */
export async function auditPrivilegedChange(
  tx: DbOrTx,
  actor: Auth,
  ctx: Pick<UserCallContext, 'ip'>,
  target: { id: number; email: string; level: UserLevel },
  action: UserAuditAction,
  details: Record<string, unknown> = { email: target.email },
): Promise<void> {
  if (!isPrivileged(target.level)) return;
  await recordAudit(tx, {
    actorId: actor.userId,
    action,
    targetUserId: target.id,
    details,
    ip: ctx.ip,
  });
}
