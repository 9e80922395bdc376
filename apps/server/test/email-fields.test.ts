import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, contactMessages, emailOutbox, patients, users } from '../src/db/schema';
import { callers, createPatient, signedIn, uploadKey } from './factories';
import { getContext, randomIp } from './helpers';

/**
 * Every e-mail field takes exactly one plain address. An address that smuggles a
 * second recipient ('?bcc=', ',', ';', a display name) is refused with 400 and nothing is stored.
 */
const BCC = 'records@hospital.example?bcc=attacker%40evil.example';
const INVALID = 'Enter a valid email address.';

async function post(url: string, headers: Record<string, string>, payload: object) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url, headers, payload, remoteAddress: randomIp() });
}

describe('one plain e-mail address in every e-mail field', () => {
  it('refuses a client (patient) e-mail with a query part, on create and on update', async () => {
    const { deps } = await getContext();
    const { firmUser } = await callers(deps);
    const lastName = `Bcc ${randomUUID().slice(0, 8)}`;
    const created = await post('/api/home/patient/', firmUser.headers, {
      first_name: 'Ann',
      last_name: lastName,
      maiden_name: 'None',
      date_of_birth: '1980-01-02',
      custom_code: 'A-1',
      ssn: 'None',
      address_1: '1 Main St',
      address_2: 'Apt 2',
      city: 'Denver',
      state: 'CO',
      zip_code: '80203',
      hipaa_consent_url: uploadKey(firmUser.user.id, 'hipaa-forms', 'consent.pdf'),
      email: BCC,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ email: INVALID });
    expect(await deps.db.select().from(patients).where(eq(patients.lastName, lastName))).toEqual([]);

    const client = await createPatient(deps.db, firmUser.user.companyId, { email: 'ann@home.example' });
    const updated = await post(`/api/home/patient/${client.id}/`, firmUser.headers, { email: BCC });
    expect(updated.statusCode).toBe(400);
    const [row] = await deps.db.select().from(patients).where(eq(patients.id, client.id));
    expect(row.email).toBe('ann@home.example');
  });

  it('refuses a company admin_email with a query part', async () => {
    const { deps } = await getContext();
    const { firmStaff, internalStaff } = await callers(deps);
    const res = await post(`/api/home/company/${firmStaff.user.companyId}/`, firmStaff.headers, {
      admin_email: BCC,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ admin_email: INVALID });
    const [firm] = await deps.db.select().from(companies).where(eq(companies.id, firmStaff.user.companyId));
    expect(firm.adminEmail).toBeNull();

    const name = `Bcc Firm ${randomUUID().slice(0, 8)}`;
    const created = await post('/api/home/company/', internalStaff.headers, { name, admin_email: BCC });
    expect(created.statusCode).toBe(400);
    expect(await deps.db.select().from(companies).where(eq(companies.name, name))).toEqual([]);
  });

  it('refuses a user e-mail with a query part, on create, on edit and in the invite grid', async () => {
    const { deps } = await getContext();
    const { firmStaff, firmUser } = await callers(deps);
    const tag = randomUUID().slice(0, 8);
    const email = `new-${tag}@firm.example?bcc=attacker%40evil.example`;
    const created = await post('/api/user/user/', firmStaff.headers, {
      first_name: 'New',
      last_name: 'User',
      email,
      company_id: firmStaff.user.companyId,
    });
    expect(created.statusCode).toBe(400);
    expect(await deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const edited = await post(`/api/user/user/${firmUser.user.id}/`, firmStaff.headers, {
      email: `paralegal-${tag}@firm.example?cc=attacker@evil.example`,
    });
    expect(edited.statusCode).toBe(400);
    const [kept] = await deps.db.select().from(users).where(eq(users.id, firmUser.user.id));
    expect(kept.email).toBe(firmUser.user.email);

    const invited = await post('/api/user/invite/', firmStaff.headers, {
      company_id: firmStaff.user.companyId,
      rows: [
        { email: firmStaff.user.email, admin_access: 'TRUE' },
        { email: firmUser.user.email },
        { first_name: 'Eve', email: `eve-${tag}@firm.example?bcc=attacker%40evil.example` },
      ],
    });
    expect(invited.statusCode).toBe(400);
    expect(JSON.stringify(invited.json())).toContain('Row 3');
    const [eve] = await deps.db
      .select()
      .from(users)
      .where(eq(users.email, `eve-${tag}@firm.example?bcc=attacker%40evil.example`));
    expect(eve).toBeUndefined();
  });

  it('refuses a sign-up and a contact form e-mail with a query part', async () => {
    const { deps } = await getContext();
    const tag = randomUUID().slice(0, 8);
    const email = `owner-${tag}@firm.example?bcc=attacker@evil.example`;
    const signup = await post(
      '/users/signup/',
      {},
      {
        first_name: 'Owner',
        last_name: 'Firm',
        email,
        password: 'CorrectHorse9!',
        company_name: `Firm ${tag}`,
      },
    );
    expect(signup.statusCode).toBe(400);
    expect(await deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const contact = await post(
      '/api/email/',
      {},
      { template: 'contact', name: `Visitor ${tag}`, email: BCC },
    );
    expect(contact.statusCode).toBe(400);
    const stored = await deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.name, `Visitor ${tag}`));
    expect(stored).toEqual([]);
  });

  it('refuses staff free-text recipients that are not plain addresses, sending nothing', async () => {
    const { deps } = await getContext();
    const staff = await signedIn(deps, { companyId: 1, isStaff: true });
    const subject = `Hello ${randomUUID()}`;
    for (const to_email of [BCC, 'Ann <ann@firm.example>', 'ann@firm.example;bob@firm.example']) {
      const res = await post('/api/email/', staff.headers, { to_email, subject, text: 'Hi' });
      expect(res.statusCode, to_email).toBe(400);
    }
    expect(await deps.db.select().from(emailOutbox).where(eq(emailOutbox.subject, subject))).toEqual([]);
  });
});
