import { plainTextMessage } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, signedIn } from '../../../test/factories';
import { getContext, randomIp } from '../../../test/helpers';
import { users } from '../../db/schema';

/**
 * Names quoted by invitations are plain text: a firm cannot put a link or markup
 * in a user's first or last name through the user form or the invite grid.
 */
const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@firm.test`;

async function post(url: string, headers: Record<string, string>, payload: object) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url, headers, payload, remoteAddress: randomIp() });
}

async function firmStaff() {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  return { company, staff: await signedIn(deps, { companyId: company.id, isStaff: true }) };
}

const stored = async (email: string) => {
  const { deps } = await getContext();
  return deps.db.select().from(users).where(eq(users.email, email));
};

describe('plain-text user names', () => {
  it('POST /api/user/user/ refuses a link in a name and creates nobody', async () => {
    const { company, staff } = await firmStaff();
    const email = uniqueEmail('phish');
    const res = await post('/api/user/user/', staff.headers, {
      company_id: company.id,
      first_name: 'Your account is locked: verify at https://evil.example',
      last_name: 'Team',
      email,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.first_name).toBe(plainTextMessage('First name'));
    expect(await stored(email)).toHaveLength(0);
  });

  it('the invite grid names the row whose name carries a link or markup, and saves nothing', async () => {
    const { company, staff } = await firmStaff();
    const [good, bad] = [uniqueEmail('good'), uniqueEmail('bad')];
    const res = await post('/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [
        {
          first_name: staff.user.firstName,
          last_name: staff.user.lastName,
          email: staff.user.email,
          admin_access: 'TRUE',
        },
        { first_name: 'Ann', last_name: 'Lee', email: good },
        { first_name: 'Bob', last_name: '<a href=x>Reset</a> at evil.example', email: bad },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.errors).toEqual([`Row 3: ${plainTextMessage('Last name')}`]);
    expect(await stored(good)).toHaveLength(0);
    expect(await stored(bad)).toHaveLength(0);
  });
});
