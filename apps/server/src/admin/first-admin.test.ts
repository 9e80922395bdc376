import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '@dd/shared';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../test/helpers';
import { linkParts } from '../../test/mail';
import { users } from '../db/schema';
import { findDemoAccounts } from '../startup/demo-accounts';
import { runAdminCommand } from './commands';

const CHEAP = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** A production installation starts with no demo data: its first administrator comes from the shell. */
describe('admin create-admin', () => {
  it('creates an administrator of the internal company whose single-use link sets the password', async () => {
    const { app, deps } = await getContext();
    const email = `first-admin-${randomUUID().slice(0, 8)}@firm.test`;
    const result = await runAdminCommand(['create-admin', email], deps);
    expect(result.code).toBe(0);
    const link = /http:\/\/app\.test\/passwordReset\/\d+\/\?token=\S+/.exec(result.output)?.[0];
    const { userId, token } = linkParts(link!);
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      email,
      companyId: INTERNAL_COMPANY_ID,
      isStaff: true,
      isAdminUser: true,
      passwordHash: null,
    });

    const password = 'First-Admin-Pass-1';
    const reset = {
      method: 'POST' as const,
      url: `/users/resetPassword/${userId}/`,
      payload: { password, token },
    };
    expect((await app.inject(reset)).statusCode).toBe(200);
    expect((await app.inject(reset)).statusCode).toBe(400);
    const login = await app.inject({ method: 'POST', url: '/users/token/', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const me = await app.inject({
      url: '/users/user/',
      headers: { authorization: `Bearer ${login.json().access}` },
    });
    expect(me.json()).toMatchObject({ is_staff: true, is_admin_user: true });
  });

  it('refuses an address already in use and one that is not an address', async () => {
    const { deps } = await getContext();
    const existing = await createUser(deps.db);
    expect(await runAdminCommand(['create-admin', existing.email.toUpperCase()], deps)).toEqual({
      code: 1,
      output: `A user with the e-mail address ${existing.email.toUpperCase()} already exists.`,
    });
    expect((await runAdminCommand(['create-admin', 'not-an-address'], deps)).code).toBe(2);
  });
});

describe('demo accounts in a production database', () => {
  it('finds the README addresses and any active account with the demo password, and deactivates them', async () => {
    const { deps } = await getContext();
    const demoHash = await hash(DEMO_PASSWORD, CHEAP);
    const renamed = await createUser(deps.db);
    await deps.db.update(users).set({ passwordHash: demoHash }).where(eq(users.id, renamed.id));
    let [readme] = await deps.db.select().from(users).where(eq(users.email, 'paralegal@jonesinjury.example'));
    readme ??= await createUser(deps.db, { email: 'paralegal@jonesinjury.example' });
    await deps.db.update(users).set({ isActive: true }).where(eq(users.id, readme.id));
    const ordinary = await createUser(deps.db);

    const found = (await findDemoAccounts(deps.db)).map((a) => a.email);
    expect(found).toEqual(expect.arrayContaining([renamed.email, 'paralegal@jonesinjury.example']));
    expect(found).not.toContain(ordinary.email);
    // The ordinary password's hash is remembered as checked; the demo one never is.
    expect((await findDemoAccounts(deps.db)).map((a) => a.email)).toEqual(found);

    const done = await runAdminCommand(['deactivate-demo-accounts'], deps);
    expect(done.code).toBe(0);
    expect(done.output).toContain(renamed.email);
    expect(await findDemoAccounts(deps.db)).toEqual([]);
    const [after] = await deps.db.select().from(users).where(eq(users.id, ordinary.id));
    expect(after.isActive).toBe(true);
    expect((await runAdminCommand(['deactivate-demo-accounts'], deps)).output).toBe(
      'No demo account can sign in.',
    );
  });
});
