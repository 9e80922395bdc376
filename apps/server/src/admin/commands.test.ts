import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { getContext } from '../../test/helpers';
import { linkParts } from '../../test/mail';
import { auditEvents } from '../db/schema';
import { ADMIN_USAGE, runAdminCommand } from './commands';

/** `npm run admin -- reset-link EMAIL`: the operator's way to a reset link without SMTP. */
describe('admin reset-link', () => {
  it('prints a working single-use reset link for an active user, and records that it did', async () => {
    const { app, deps } = await getContext();
    const user = await createUser(deps.db, { emailConfirmed: false });
    const result = await runAdminCommand(['reset-link', ` ${user.email.toUpperCase()} `], deps);
    expect(result.code).toBe(0);
    const link = /http:\/\/app\.test\/passwordReset\/\d+\/\?token=\S+/.exec(result.output)?.[0];
    expect(link).toBeDefined();
    const { userId, token } = linkParts(link!);
    expect(userId).toBe(user.id);

    const url = `/users/resetPassword/${userId}/`;
    const payload = { password: 'From-The-Shell-1', token };
    expect((await app.inject({ method: 'POST', url, payload })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url, payload })).statusCode).toBe(400);
    const audit = await deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetUserId, user.id), eq(auditEvents.action, 'user.reset_link_created')));
    expect(audit).toHaveLength(1);
  });

  it('refuses an unknown or inactive user, and explains its usage', async () => {
    const { deps } = await getContext();
    const inactive = await createUser(deps.db, { isActive: false });
    for (const email of ['nobody@example.test', inactive.email]) {
      const result = await runAdminCommand(['reset-link', email], deps);
      expect(result.code).toBe(1);
      expect(result.output).toContain('No active user');
      expect(result.output).not.toMatch(/token=/);
    }
    for (const args of [[], ['reset-link'], ['reset-link', 'a@b.c', 'extra'], ['drop-everything']]) {
      expect(await runAdminCommand(args, deps)).toEqual({ code: 2, output: ADMIN_USAGE });
    }
  });
});
