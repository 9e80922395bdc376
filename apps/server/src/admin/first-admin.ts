import { PERMISSIONS, ROLE_NAMES } from '@dd/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../app-types';
import { revokeAllForUser } from '../auth/tokens';
import { companies, roles, users } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { createResetLink, findUserByEmail } from '../modules/accounts/accounts.service';
import { findDemoAccounts } from '../startup/demo-accounts';
import type { CommandResult } from './commands';

type Deps = Pick<AppDeps, 'db' | 'mail' | 'config'>;

/**
 * `create-admin EMAIL`: the first administrator of a production installation (which has no demo data).
 * Creates the internal company and the Administrator role when they are missing, and the user without a
 * password: the printed single-use link is the only way to set one.
 */
export async function createAdmin(rawEmail: string, deps: Deps): Promise<CommandResult> {
  const email = z.email().safeParse(rawEmail.trim());
  if (!email.success) return { code: 2, output: `${rawEmail.trim()} is not an e-mail address.` };
  if (await findUserByEmail(deps.db, email.data))
    return { code: 1, output: `A user with the e-mail address ${email.data} already exists.` };
  const hours = deps.config.RESET_TOKEN_HOURS;
  const companyId = deps.config.INTERNAL_COMPANY_ID;
  const link = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(companies)
      .values({ id: companyId, name: 'Direct Docs' })
      .onConflictDoNothing()
      .returning({ id: companies.id });
    if (inserted.length > 0)
      // Inserted with an explicit id: move the identity past it, as the demo data does.
      await tx.execute(
        sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
      );
    let [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, ROLE_NAMES.administrator));
    role ??= (
      await tx
        .insert(roles)
        .values({ name: ROLE_NAMES.administrator, permissions: [...PERMISSIONS] })
        .returning({ id: roles.id })
    )[0];
    const [user] = await tx
      .insert(users)
      .values({
        firstName: 'Administrator',
        email: email.data,
        companyId,
        roleId: role.id,
        isStaff: true,
        isAdminUser: true,
        emailConfirmedAt: new Date(),
      })
      .returning({ id: users.id, companyId: users.companyId });
    await recordAudit(tx, {
      actorId: null,
      action: 'user.admin_created',
      targetUserId: user.id,
      details: { via: 'admin-cli' },
    });
    return createResetLink(tx, deps.mail.publicUrl, user, hours);
  });
  return {
    code: 0,
    output: [
      `Administrator ${email.data} created. Open this link to choose the password (works once, expires in ${hours} hours):`,
      link,
    ].join('\n'),
  };
}

/** `deactivate-demo-accounts`: what a production start asks for when it finds demo accounts. */
export async function deactivateDemoAccounts(deps: Deps): Promise<CommandResult> {
  const accounts = await findDemoAccounts(deps.db);
  if (accounts.length === 0) return { code: 0, output: 'No demo account can sign in.' };
  const ids = accounts.map((a) => a.id);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: false }).where(inArray(users.id, ids));
    for (const account of accounts) {
      await revokeAllForUser(tx, account);
      await recordAudit(tx, {
        actorId: null,
        action: 'user.deactivated',
        targetUserId: account.id,
        details: { via: 'admin-cli', reason: 'demo account' },
      });
    }
  });
  return {
    code: 0,
    output: ['Deactivated:', ...accounts.map((a) => `  ${a.email}`)].join('\n'),
  };
}
