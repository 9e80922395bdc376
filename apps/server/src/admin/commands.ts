import type { AppDeps } from '../app-types';
import { recordAudit } from '../lib/audit';
import { createResetLink, findUserByEmail } from '../modules/accounts/accounts.service';
import { createAdmin, deactivateDemoAccounts } from './first-admin';

/**
 * Operator commands (`npm run admin -- <command>`), for whoever has shell access to the server. Without
 * SMTP no e-mail leaves the outbox and the outbox never shows a one-time link, so this is the one way
 * to hand someone a reset link, and it never goes through the web.
 */
export const ADMIN_USAGE = [
  'Usage: npm run admin -- <command>',
  '',
  'Commands:',
  '  reset-link EMAIL          Print a fresh single-use password-reset link for the active user with EMAIL.',
  '  create-admin EMAIL        Create an administrator of the internal company (the first one of a new',
  '                            installation) and print a single-use link to choose the password.',
  '  deactivate-demo-accounts  Deactivate every account a production start refuses: the demo addresses',
  '                            and any account whose password is the published demo password.',
].join('\n');

export interface CommandResult {
  /** Process exit code: 0 done, 1 refused (e.g. unknown user), 2 bad usage. */
  code: number;
  output: string;
}

export async function runAdminCommand(
  args: readonly string[],
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
): Promise<CommandResult> {
  const [command, ...rest] = args;
  if (command === 'reset-link' && rest.length === 1) return resetLink(rest[0], deps);
  if (command === 'create-admin' && rest.length === 1) return createAdmin(rest[0], deps);
  if (command === 'deactivate-demo-accounts' && rest.length === 0) return deactivateDemoAccounts(deps);
  return { code: 2, output: ADMIN_USAGE };
}

async function resetLink(
  email: string,
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
): Promise<CommandResult> {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.isActive) return { code: 1, output: `No active user has the e-mail address ${email.trim()}.` };
  const hours = deps.config.RESET_TOKEN_HOURS;
  const link = await deps.db.transaction(async (tx) => {
    const created = await createResetLink(tx, deps.mail.publicUrl, user, hours);
    await recordAudit(tx, {
      actorId: null,
      action: 'user.reset_link_created',
      targetUserId: user.id,
      details: { via: 'admin-cli' },
    });
    return created;
  });
  return {
    code: 0,
    output: [`Password-reset link for ${user.email} (works once, expires in ${hours} hours):`, link].join(
      '\n',
    ),
  };
}
