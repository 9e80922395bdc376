import { INVITE_GRID_ROWS, USER_MSG, userAtAnotherFirmMessage } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, signedIn } from '../../../test/factories';
import { getContext, randomIp } from '../../../test/helpers';
import { users } from '../../db/schema';
import { call, uniqueEmail } from './users.fixtures';

/**
 * Invitations cannot be used to enumerate who is registered: calls are limited per company and per IP,
 * and a firm learns '… already exists at another law firm.' for only a few addresses an hour.
 */
async function firm() {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  return { deps, company, staff };
}

const selfRow = (email: string) => ({ email, admin_access: 'TRUE' });

describe('existing-address answers', () => {
  it("a firm testing 20 foreign addresses learns at most 5 '… already exists at another law firm.' answers, then 429", async () => {
    const { deps, company, staff } = await firm();
    const foreign = await Promise.all(Array.from({ length: 20 }, () => createUser(deps.db)));
    const answers: string[] = [];
    const statuses: number[] = [];
    for (const target of foreign) {
      const res = await call('POST', '/api/user/user/', staff.headers, {
        email: target.email,
        company_id: company.id,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 400) answers.push(res.json().error);
      else {
        expect(res.statusCode).toBe(429);
        expect(res.json().error).toBe(USER_MSG.tooManyExistingEmails);
        expect(res.body).not.toContain(target.email);
      }
    }
    expect(answers).toEqual(foreign.slice(0, 5).map((u) => userAtAnotherFirmMessage(u.email)));
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);

    // Nothing else answers either: the grid, even for a fresh address, and an e-mail change.
    const fresh = uniqueEmail('fresh');
    const grid = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [selfRow(staff.user.email), { email: fresh }],
    });
    expect(grid.statusCode).toBe(429);
    const member = await createUser(deps.db, { companyId: company.id });
    const move = await call('POST', `/api/user/user/${member.id}/`, staff.headers, {
      email: uniqueEmail('m'),
    });
    expect(move.statusCode).toBe(429);
    expect(await deps.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);
  });

  it('a grid naming more foreign addresses than the firm may still learn answers 429 and names none', async () => {
    const { deps, company, staff } = await firm();
    const foreign = await Promise.all(Array.from({ length: 6 }, () => createUser(deps.db)));
    const res = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [selfRow(staff.user.email), ...foreign.map((u) => ({ email: u.email }))],
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(USER_MSG.tooManyExistingEmails);
    for (const u of foreign) expect(res.body).not.toContain(u.email);
    const one = await call('POST', '/api/user/user/', staff.headers, {
      email: foreign[0].email,
      company_id: company.id,
    });
    expect(one.statusCode).toBe(429);
  });
});

describe('invitation call limits', () => {
  it('the 31st invite call of a company in an hour answers 429; another company is not affected', async () => {
    const { company, staff } = await firm();
    const body = { company_id: company.id, rows: [selfRow(staff.user.email)] };
    for (let i = 0; i < 30; i += 1) {
      const res = await call('POST', '/api/user/invite/', staff.headers, body);
      expect(res.statusCode, `call ${i + 1}`).toBe(200);
    }
    const over = await call('POST', '/api/user/invite/', staff.headers, body);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(USER_MSG.tooManyInvites);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const create = await call('POST', '/api/user/user/', staff.headers, {
      email: uniqueEmail('late'),
      company_id: company.id,
    });
    expect(create.statusCode).toBe(429);

    const other = await firm();
    const ok = await call('POST', '/api/user/invite/', other.staff.headers, {
      company_id: other.company.id,
      rows: [selfRow(other.staff.user.email)],
    });
    expect(ok.statusCode).toBe(200);
  });

  it('one IP address gets twice the company limit across companies', async () => {
    const ip = randomIp();
    const firms = await Promise.all([firm(), firm(), firm()]);
    for (const { company, staff } of firms) {
      for (let i = 0; i < 20; i += 1) {
        const res = await call(
          'POST',
          '/api/user/invite/',
          staff.headers,
          { company_id: company.id, rows: [selfRow(staff.user.email)] },
          ip,
        );
        expect(res.statusCode).toBe(200);
      }
    }
    const fourth = await firm();
    const body = { company_id: fourth.company.id, rows: [selfRow(fourth.staff.user.email)] };
    expect((await call('POST', '/api/user/invite/', fourth.staff.headers, body, ip)).statusCode).toBe(429);
    expect((await call('POST', '/api/user/invite/', fourth.staff.headers, body)).statusCode).toBe(200);
  });

  it(`takes at most the grid's ${INVITE_GRID_ROWS} rows`, async () => {
    const { company, staff } = await firm();
    const padded = [selfRow(staff.user.email), ...Array.from({ length: INVITE_GRID_ROWS - 1 }, () => ({}))];
    const full = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: padded,
    });
    expect(full.statusCode).toBe(200);
    const over = await call('POST', '/api/user/invite/', staff.headers, {
      company_id: company.id,
      rows: [...padded, {}],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toContain(USER_MSG.tooManyRows);
  });
});
