import { USER_MSG } from '@dd/shared';
import { type Auth, isInternalAdmin } from './index';

/**
 * The privilege ladder for managing users, inside the internal company too:
 *   internal admin > internal staff > internal user > firm staff > firm user.
 * Only internal administrators add, change or remove internal users; nobody changes a user ranked above
 * them or leaves a user ranked above them; and the e-mail address of a privileged user (staff, admin, or
 * a role with permissions) is changed only by an internal admin, because whoever controls the address
 * can reset the password. Company reach ('company.reach' in policy.ts) is checked before this.
 */
export interface UserLevel {
  isInternal: boolean;
  isStaff: boolean;
  isAdminUser: boolean;
  /** The user's role carries at least one permission. */
  hasPermissions: boolean;
}

function userRank(user: Pick<UserLevel, 'isInternal' | 'isStaff' | 'isAdminUser'>): number {
  if (user.isInternal) return user.isAdminUser ? 4 : user.isStaff ? 3 : 2;
  return user.isStaff ? 1 : 0;
}

export const isPrivileged = (user: UserLevel) => user.isStaff || user.isAdminUser || user.hasPermissions;

export interface UserChange {
  /** The user as they are now; absent when the change creates them. */
  before?: UserLevel;
  /** The user as the change leaves them; absent when it deletes them. */
  after?: UserLevel;
  emailChanged?: boolean;
}

/** Why `actor` may not make this change, or undefined when they may. */
export function userChangeRefusal(actor: Auth, change: UserChange): string | undefined {
  const { before, after } = change;
  const admin = isInternalAdmin(actor);
  if (!admin && (before?.isInternal || after?.isInternal)) return USER_MSG.internalAdminOnly;
  const own = userRank(actor);
  if (before && userRank(before) > own) return USER_MSG.morePrivileged;
  if (after && userRank(after) > own) return USER_MSG.cannotGrantMore;
  if (change.emailChanged && before && isPrivileged(before) && !admin)
    return USER_MSG.privilegedEmailAdminOnly;
  return undefined;
}

/**
 * Are the users of `companyId` internal? A caller reaches only their own company unless internal, so the
 * target company is internal exactly when an internal caller acts on their own company.
 */
export const isInternalCompanyFor = (actor: Auth, companyId: number) =>
  actor.isInternal && actor.companyId === companyId;
