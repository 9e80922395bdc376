import { MSG } from '@dd/shared';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { CONSTRAINT_MSG } from '../src/lib/constraint-errors';
import { registerErrorHandler } from '../src/lib/errors';
import { getContext, randomIp } from './helpers';

/**
 * A unique, foreign-key or check violation that reaches the error handler is a
 * 409/400 with a message that names no SQL, whichever service let it through, never a 500.
 *
 * The violations are real ones from the test database, on tables created inside the request's own
 * transaction (dropped at its end), so the test depends on no table of the schema.
 */
let app: FastifyInstance;

const TABLES = [
  'create temporary table t_parent (id int primary key) on commit drop',
  `create temporary table t_child (
    id int primary key,
    parent_id int references t_parent (id),
    amount int check (amount >= 0)
  ) on commit drop`,
  'insert into t_parent values (1)',
  'insert into t_child values (1, 1, 5)',
];

const VIOLATIONS = {
  unique: 'insert into t_parent values (1)',
  missingParent: 'insert into t_child values (2, 99, 1)',
  parentInUse: 'delete from t_parent where id = 1',
  negative: 'insert into t_child values (3, 1, -1)',
} as const;

beforeAll(async () => {
  const { deps } = await getContext();
  app = Fastify();
  registerErrorHandler(app);
  app.get<{ Params: { name: keyof typeof VIOLATIONS } }>('/violate/:name', async (request) => {
    await deps.db.transaction(async (tx) => {
      for (const statement of TABLES) await tx.execute(sql.raw(statement));
      await tx.execute(sql.raw(VIOLATIONS[request.params.name]));
    });
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app?.close());

describe('constraint violations (lib/constraint-errors.ts, through the error handler)', () => {
  it.each([
    ['unique', 409, CONSTRAINT_MSG.duplicate],
    ['missingParent', 400, CONSTRAINT_MSG.missingReference],
    ['parentInUse', 409, CONSTRAINT_MSG.stillReferenced],
    ['negative', 400, CONSTRAINT_MSG.notAllowed],
  ] as const)('answers a %s violation with %i and a readable message', async (name, status, message) => {
    const res = await app.inject({ url: `/violate/${name}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: message });
    expect(res.body).not.toMatch(/t_parent|t_child|constraint|violates|insert|delete/i);
  });
});

describe('sign-up race', () => {
  // PGlite has one connection, so the sign-ups cannot overlap inside the database there; on PostgreSQL
  // they do, and the unique index on the address decides.
  it('opens one account when several sign-ups with one address arrive at the same moment', async () => {
    const { app: api, deps } = await getContext();
    const email = `race-${crypto.randomUUID().slice(0, 8)}@newfirm.test`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.inject({
          method: 'POST',
          url: '/users/signup/',
          payload: { first_name: 'Rae', last_name: 'Race', email, password: 'LongEnough1!', type: 'User' },
          remoteAddress: randomIp(),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) {
      expect(refused.json().error).toBe(MSG.emailTaken);
    }
    expect(await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
