import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createPatient, createUser, signedIn, TEST_PASSWORD } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';

/** Sign-ins and SSN reads leave an audit row with who, when and from where (docs/hipaa.md §(b)). */
const eventsFor = async (action: string, targetUserId: number) => {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetUserId, targetUserId)))
    .orderBy(desc(auditEvents.id));
};

describe('audit trail', () => {
  it('records each sign-in and each failed sign-in to a real account, with the address it came from', async () => {
    const { app, deps } = await getContext();
    const user = await createUser(deps.db);
    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/users/token/',
        remoteAddress: '203.0.113.7',
        payload: { email: user.email, password },
      });
    expect((await signIn('not-the-password')).statusCode).toBe(400);
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
    const [failed] = await eventsFor('auth.signin_failed', user.id);
    expect(failed).toMatchObject({ actorId: null, ip: '203.0.113.7' });
    const [ok] = await eventsFor('auth.signin', user.id);
    expect(ok).toMatchObject({ actorId: user.id, ip: '203.0.113.7' });
  });

  it("records who read a client's SSN", async () => {
    const { app, deps } = await getContext();
    const company = await createCompany(deps.db);
    const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
    const patient = await createPatient(deps.db, company.id);
    const res = await app.inject({
      method: 'POST',
      url: '/get_related_info/',
      headers: staff.headers,
      remoteAddress: '198.51.100.4',
      payload: { patient_id: patient.id },
    });
    expect(res.statusCode).toBe(200);
    const rows = await deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.ssn_read'), eq(auditEvents.actorId, staff.user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '198.51.100.4', details: { patient_id: patient.id } });
  });
});
