import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD } from '@dd/shared';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../test/helpers';
import { type Database, openDatabase } from '../db/client';
import { companies, patients, serverSettings, users } from '../db/schema';
import { createDataCipher } from '../lib/crypto';
import { checkBeforeStart } from './start-checks';

/**
 * What a start refuses, on a database of its own (the check value is one per database): a DATA_KEY that
 * does not open the data, and, in production, demo accounts.
 */
let database: Database;
const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('hex');
const cipherOf = (key: string) => createDataCipher(Buffer.from(key, 'hex'));
const production = (key: string) =>
  testEnv({ NODE_ENV: 'production', DATA_KEY: key, PUBLIC_URL: 'https://records.example' });

/** On PostgreSQL a scratch database beside the suite's; else a copy of the migrated PGlite template. */
const admin = process.env.DATABASE_URL ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : null;
const scratch = `dd_start_checks_${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${scratch}`);
    const url = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${scratch}` }).toString();
    database = await openDatabase({ url });
    return;
  }
  const template = process.env.DD_PGLITE_TEMPLATE;
  database = await openDatabase({ template: template ? new Blob([readFileSync(template)]) : undefined });
}, 60_000);
afterAll(async () => {
  await database?.close();
  if (admin) {
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
});

describe('checkBeforeStart', () => {
  it('checks an older database against a stored SSN, then records the key and refuses any other', async () => {
    const { db } = database;
    const [firm] = await db.insert(companies).values({ name: 'Key Check Firm' }).returning();
    await db
      .insert(patients)
      .values({ companyId: firm.id, ssnEncrypted: cipherOf(keyA).encrypt('123-45-6789') });

    const refusal = await checkBeforeStart(testEnv({ DATA_KEY: keyB }), db, cipherOf(keyB));
    expect(refusal).toMatch(
      /^Refusing to start: DATA_KEY is not the key this database's data was encrypted with/,
    );
    expect(await db.select().from(serverSettings)).toEqual([]);

    expect(await checkBeforeStart(testEnv({ DATA_KEY: keyA }), db, cipherOf(keyA))).toBeNull();
    expect(await db.select().from(serverSettings)).toHaveLength(1);
    expect(await checkBeforeStart(testEnv({ DATA_KEY: keyA }), db, cipherOf(keyA))).toBeNull();
    expect(await checkBeforeStart(testEnv({ DATA_KEY: keyB }), db, cipherOf(keyB))).toMatch(/DATA_KEY/);
  });

  it('refuses a production start while a demo account can sign in, naming it', async () => {
    const { db } = database;
    const [internal] = await db.insert(companies).values({ name: 'Direct Docs' }).returning();
    const cheap = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
    await db.insert(users).values([
      {
        email: 'ops@records.example',
        companyId: internal.id,
        passwordHash: await hash('Own-Pass-123', cheap),
      },
      {
        email: 'kept-demo-pass@records.example',
        companyId: internal.id,
        passwordHash: await hash(DEMO_PASSWORD, cheap),
      },
    ]);
    expect(await checkBeforeStart(production(keyA), db, cipherOf(keyA))).toBe(
      [
        'Refusing to start in production: 1 demo account(s) can sign in (a README address, or the published demo password):',
        '  kept-demo-pass@records.example',
        'Deactivate them with `npm run admin -- deactivate-demo-accounts`, then start again (docs/deploy.md).',
      ].join('\n'),
    );
    await db
      .insert(users)
      .values({ email: 'admin@directdocs.example', companyId: internal.id, isActive: true });
    expect(await checkBeforeStart(production(keyA), db, cipherOf(keyA))).toContain(
      'admin@directdocs.example',
    );
    // Trying the product (not production) with the demo data is what it is for.
    expect(await checkBeforeStart(testEnv({ DATA_KEY: keyA }), db, cipherOf(keyA))).toBeNull();
  });
});
