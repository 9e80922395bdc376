import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFile, createUser, firmWithRequest, requestTypesNamed } from '../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../test/helpers';
import { constraintViolationAnswer } from '../lib/constraint-errors';
import { databaseErrorOf } from '../lib/redact';
import { upsertAuthorizationCheck } from '../modules/authorizations/authorizations.checklist.queries';
import { upsertRecordIndexing } from '../modules/recordsearch/search.index.queries';
import { queryRows } from './client';
import { authorizationChecks, recordIndexing, requestTypeChoices } from './schema';

/**
 * The database itself refuses rows that break the invariants the code relies on (statuses from the
 * shared list, known outbox states and token purposes, no negative money), whatever writes them.
 */
describe('CHECK constraints', () => {
  it('refuses an unknown request status and a negative price through raw SQL', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const id = firm.request.id;
    await expect(
      deps.db.execute(sql`update requests set status = 'Lost In The Mail' where id = ${id}`),
    ).rejects.toThrow();
    for (const column of ['price', 'provider_cost', 'page_fee']) {
      await expect(
        deps.db.execute(sql`update requests set ${sql.identifier(column)} = -1 where id = ${id}`),
      ).rejects.toThrow();
    }
    // The allowed values still go through.
    await deps.db.execute(sql`update requests set status = 'Need Assistance', price = 0 where id = ${id}`);
  });

  it('refuses a request completed or closed before it was created, and takes one finished the moment it was', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const id = firm.request.id;
    for (const column of ['completed_date', 'closed_date']) {
      const refused = await deps.db
        .execute(
          sql`update requests set ${sql.identifier(column)} = created_at - interval '1 second' where id = ${id}`,
        )
        .catch((e) => e);
      expect(databaseErrorOf(refused)?.message).toContain('requests_finished_after_created_ck');
    }
    await deps.db.execute(
      sql`update requests set completed_date = created_at, closed_date = created_at + interval '1 day' where id = ${id}`,
    );
  });

  it('refuses unknown note statuses and negative invoice amounts', async () => {
    const { deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    await expect(
      deps.db.execute(
        sql`insert into notes (text, request_id, update_status) values ('x', ${request.id}, 'Done')`,
      ),
    ).rejects.toThrow();
    await expect(
      deps.db.execute(
        sql`insert into notes (text, request_id, previous_status) values ('x', ${request.id}, 'Done')`,
      ),
    ).rejects.toThrow();
    for (const column of ['price', 'provider_cost', 'page_fee', 'auto_added_surcharge']) {
      await expect(
        deps.db.execute(
          sql`insert into invoices (request_id, ${sql.identifier(column)}) values (${request.id}, -1)`,
        ),
      ).rejects.toThrow();
    }
    await expect(
      deps.db.execute(sql`update companies set request_price = -5 where id = ${request.companyId}`),
    ).rejects.toThrow();
    // The single settings row may not exist yet in a fresh test database: insert or update it.
    await expect(
      deps.db.execute(
        sql`insert into price_settings (id, rush) values (1, -1) on conflict (id) do update set rush = -1`,
      ),
    ).rejects.toThrow();
  });

  it('refuses an unknown outbox status and an unknown token purpose', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    await expect(
      deps.db.execute(
        sql`insert into email_outbox (to_email, from_email, subject, text, status) values ('a@x.test', 'b@x.test', 's', 't', 'lost')`,
      ),
    ).rejects.toThrow();
    await expect(
      deps.db.execute(
        sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at) values (${user.id}, 'login', ${`h-${user.id}`}, now())`,
      ),
    ).rejects.toThrow();
  });
});

describe('request type choices', () => {
  it('refuses to delete a type a request uses, and goes with a request deleted for good', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const [type] = await requestTypesNamed(deps.db, [`Used ${firm.company.id}`]);
    await deps.db.execute(
      sql`insert into request_type_choices (request_id, request_type_id, position) values (${firm.request.id}, ${type.id}, 1)`,
    );
    const refused = await deps.db
      .execute(sql`delete from request_types where id = ${type.id}`)
      .catch((e) => e);
    expect(constraintViolationAnswer(refused)?.status).toBe(409);
    await expect(
      deps.db.execute(
        sql`insert into request_type_choices (request_id, request_type_id, position) values (${firm.request.id}, -1, 2)`,
      ),
    ).rejects.toThrow();
    await deps.db.execute(sql`delete from requests where id = ${firm.request.id}`);
    const left = await deps.db
      .select()
      .from(requestTypeChoices)
      .where(eq(requestTypeChoices.requestId, firm.request.id));
    expect(left).toEqual([]);
    await deps.db.execute(sql`delete from request_types where id = ${type.id}`);
  });
});

describe('rows about a request', () => {
  it('must name the request’s own firm, and follow the request when its client moves to another firm', async () => {
    const { deps } = await getContext();
    const { request, patient } = await firmWithRequest(deps);
    const other = await firmWithRequest(deps);
    const refused = await deps.db
      .execute(
        sql`insert into notes (text, request_id, company_id) values ('x', ${request.id}, ${other.company.id})`,
      )
      .catch((e) => e);
    expect(constraintViolationAnswer(refused)?.status).toBe(400);
    expect(databaseErrorOf(refused)?.message).toContain('notes_request_fk');
    await deps.db.execute(
      sql`insert into notes (text, request_id, company_id) values ('kept', ${request.id}, ${request.companyId})`,
    );
    // A data correction that moves the client moves its requests, and their rows with them.
    await deps.db.execute(sql`update patients set company_id = ${other.company.id} where id = ${patient.id}`);
    const moved = await deps.db.execute(
      sql`select company_id from notes where request_id = ${request.id} and text = 'kept'`,
    );
    expect((moved as unknown as { rows: { company_id: number }[] }).rows).toEqual([
      { company_id: other.company.id },
    ]);
  });
});

describe('a billing deleted', () => {
  it('leaves its lines unbilled and with their firm, and a line cannot join another firm’s billing', async () => {
    const { deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const other = await firmWithRequest(deps);
    const rows = async (query: ReturnType<typeof sql>) =>
      (await deps.db.execute(query)) as unknown as { rows: Record<string, number | null>[] };
    const [billing] = (
      await rows(
        sql`insert into billings (title, company_id) values ('May', ${request.companyId}) returning id`,
      )
    ).rows;
    const [foreign] = (
      await rows(
        sql`insert into billings (title, company_id) values ('May', ${other.company.id}) returning id`,
      )
    ).rows;
    const [line] = (
      await rows(
        sql`insert into invoices (request_id, company_id, bill_id) values (${request.id}, ${request.companyId}, ${billing.id}) returning id`,
      )
    ).rows;
    await expect(
      deps.db.execute(sql`update invoices set bill_id = ${foreign.id} where id = ${line.id}`),
    ).rejects.toThrow();
    await deps.db.execute(sql`delete from billings where id = ${billing.id}`);
    expect((await rows(sql`select bill_id, company_id from invoices where id = ${line.id}`)).rows).toEqual([
      { bill_id: null, company_id: request.companyId },
    ]);
    // Migration 0053's trigger refills a nulled company_id from the request, which would hide a key that
    // nulls both columns: the key itself must name the one column it sets to null.
    const [key] = (
      await rows(
        sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'invoices_bill_fk'`,
      )
    ).rows;
    expect(String(key.def)).toContain('ON DELETE SET NULL (bill_id)');
  });
});

describe('the keys of the rows under a request name its firm (migration 0062)', () => {
  it('lets two firms each number their own request’s follow-ups from 1, but not one request twice', async () => {
    const { deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const other = await firmWithRequest(deps);
    const followUp = (r: { id: number; companyId: number }) =>
      deps.db.execute(
        sql`insert into follow_ups (request_id, company_id, number, sent_on, planned_on)
            values (${r.id}, ${r.companyId}, 1, '2025-03-03', '2025-03-10')`,
      );
    await followUp(request);
    await followUp(other.request);
    const refused = await followUp(request).catch((e) => e);
    expect(constraintViolationAnswer(refused)?.status).toBe(409);
    expect(databaseErrorOf(refused)?.message).toContain('follow_ups_request_number_uq');
  });

  it('keeps one checklist per request and one indexing result per file when staff save or a file is indexed again', async () => {
    const { deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const answers = { documentUrl: 'hipaa-forms/u1/consent.pdf', description: true, signature: false };
    await upsertAuthorizationCheck(deps.db, request.id, request.companyId, answers);
    await upsertAuthorizationCheck(deps.db, request.id, request.companyId, { ...answers, signature: true });
    const checks = await deps.db
      .select({ signature: authorizationChecks.signature, companyId: authorizationChecks.companyId })
      .from(authorizationChecks)
      .where(eq(authorizationChecks.requestId, request.id));
    expect(checks).toEqual([{ signature: true, companyId: request.companyId }]);

    const file = await createFile(deps.db, request.id, { contentType: 'application/pdf' });
    const row = { fileId: file.id, requestId: request.id, companyId: request.companyId };
    await upsertRecordIndexing(deps.db, { ...row, status: 'failed', error: 'The PDF could not be read.' });
    await upsertRecordIndexing(deps.db, { ...row, status: 'indexed', pages: 3 });
    const results = await deps.db
      .select({ status: recordIndexing.status, pages: recordIndexing.pages, error: recordIndexing.error })
      .from(recordIndexing)
      .where(eq(recordIndexing.fileId, file.id));
    expect(results).toEqual([{ status: 'indexed', pages: 3, error: null }]);
  });
});

describe('the rows that point at a note name its firm (migration 0065)', () => {
  it('refuses a follow-up recorded by another firm’s note, and a note deleted leaves the follow-up with its firm', async () => {
    const { deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const other = await firmWithRequest(deps);
    const noteOn = async (r: { id: number; companyId: number }) => {
      const [row] = await queryRows<{ id: number }>(
        deps.db,
        sql`insert into notes (request_id, company_id, text) values (${r.id}, ${r.companyId}, 'Faxed') returning id`,
      );
      return row.id;
    };
    const followUp = (noteId: number) =>
      deps.db.execute(
        sql`insert into follow_ups (request_id, company_id, number, sent_on, planned_on, note_id)
            values (${request.id}, ${request.companyId}, 1, '2025-03-03', '2025-03-10', ${noteId})`,
      );
    const refused = await followUp(await noteOn(other.request)).catch((e) => e);
    expect(databaseErrorOf(refused)?.message).toContain('follow_ups_note_fk');

    const own = await noteOn(request);
    await followUp(own);
    await deps.db.execute(sql`delete from notes where id = ${own}`);
    const left = await queryRows<{ note_id: number | null; company_id: number }>(
      deps.db,
      sql`select note_id, company_id from follow_ups where request_id = ${request.id}`,
    );
    expect(left).toEqual([{ note_id: null, company_id: request.companyId }]);
  });
});

describe('a user’s own rows point at their user with the firm (migration 0067)', () => {
  it('refuses a session of another firm than its user’s, and carries the user’s rows when the user moves', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const other = await createUser(deps.db);
    const session = (companyId: number) =>
      deps.db.execute(
        sql`insert into sessions (id, user_id, company_id) values (gen_random_uuid(), ${user.id}, ${companyId})`,
      );
    const refused = await session(other.companyId).catch((e) => e);
    expect(databaseErrorOf(refused)?.message).toContain('sessions_user_fk');

    await session(user.companyId);
    await deps.db.execute(sql`update users set company_id = ${other.companyId} where id = ${user.id}`);
    const moved = await queryRows<{ company_id: number }>(
      deps.db,
      sql`select company_id from sessions where user_id = ${user.id}`,
    );
    expect(moved).toEqual([{ company_id: other.companyId }]);
  });

  it('keeps an upload, and a revoked API key, with its firm when the user named on it is deleted', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const creator = await createUser(deps.db, { companyId: user.companyId });
    const key = `uploads/u${user.id}/scan.pdf`;
    await deps.db.execute(
      sql`insert into uploads (key, company_id, sha256, size_bytes, user_id)
          values (${key}, ${user.companyId}, ${'a'.repeat(64)}, 10, ${user.id})`,
    );
    await deps.db.execute(
      sql`insert into api_keys (company_id, name, key_hash, hint, created_by_id, revoked_at, revoked_by_id)
          values (${user.companyId}, 'Case system', ${`hash-${user.id}`}, 'ddk_', ${creator.id}, now(), ${user.id})`,
    );
    await deps.db.execute(sql`delete from users where id = ${user.id}`);
    const upload = await queryRows<{ user_id: number | null; company_id: number }>(
      deps.db,
      sql`select user_id, company_id from uploads where key = ${key}`,
    );
    expect(upload).toEqual([{ user_id: null, company_id: user.companyId }]);
    const apiKey = await queryRows<{ revoked_by_id: number | null; company_id: number; revoked: boolean }>(
      deps.db,
      sql`select revoked_by_id, company_id, revoked_at is not null as revoked from api_keys
          where created_by_id = ${creator.id}`,
    );
    expect(apiKey).toEqual([{ revoked_by_id: null, company_id: user.companyId, revoked: true }]);
  });
});

describe('a user’s listings and subscriptions belong to the user’s firm (migration 0071)', () => {
  it('refuses a listing naming another firm’s subscription, and moves and goes with its user', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const other = await createUser(deps.db);
    const subscribe = (owner: { id: number; companyId: number }, id: string) =>
      deps.db.execute(
        sql`insert into subscriptions (id, company_id, user_id, plan_id, status)
            values (${id}, ${owner.companyId}, ${owner.id}, 'plan_basic', 'active')`,
      );
    await subscribe(user, `sub_${user.id}`);
    await subscribe(other, `sub_${other.id}`);
    const list = (subscription: string) =>
      deps.db.execute(
        sql`insert into crashpads (company_id, user_id, title, stripe_subscription_id)
            values (${user.companyId}, ${user.id}, 'Room by the courthouse', ${subscription})`,
      );
    const refused = await list(`sub_${other.id}`).catch((e) => e);
    expect(databaseErrorOf(refused)?.message).toContain('crashpads_subscription_fk');
    await list(`sub_${user.id}`);

    await deps.db.execute(sql`update users set company_id = ${other.companyId} where id = ${user.id}`);
    const firms = await queryRows<{ listing: number; subscription: number }>(
      deps.db,
      sql`select c.company_id as listing, s.company_id as subscription from crashpads c
          join subscriptions s on s.id = c.stripe_subscription_id where c.user_id = ${user.id}`,
    );
    expect(firms).toEqual([{ listing: other.companyId, subscription: other.companyId }]);

    await deps.db.execute(sql`delete from users where id = ${user.id}`);
    const left = await queryRows<{ n: number }>(
      deps.db,
      sql`select (select count(*) from crashpads where user_id = ${user.id})::int
               + (select count(*) from subscriptions where user_id = ${user.id})::int as n`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});

describe('rows that may name the retrieval company’s staff point at the user’s login (migration 0074)', () => {
  it('keeps a staff member as a note’s author through a new address and a move, and clears it when they go', async () => {
    const { deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const staff = await createUser(deps.db, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const note = (userId: number) =>
      deps.db.execute(
        sql`insert into notes (text, request_id, company_id, user_id)
            values ('Called the records desk', ${request.id}, ${request.companyId}, ${userId})`,
      );
    await note(staff.id);
    const refused = await note(2_000_000_000).catch((e) => e);
    expect(constraintViolationAnswer(refused)?.status).toBe(400);
    expect(databaseErrorOf(refused)?.message).toContain('notes_user_id_user_directory_user_id_fk');

    const author = async () =>
      queryRows<{ user_id: number | null }>(
        deps.db,
        sql`select user_id from notes where request_id = ${request.id} and company_id = ${request.companyId}`,
      );
    await deps.db.execute(
      sql`update users set email = ${`renamed-${staff.id}@example.com`}, last_name = 'Okafor-Reyes' where id = ${staff.id}`,
    );
    const listed = await queryRows<{ full_name: string; email: string }>(
      deps.db,
      sql`select full_name, email from user_directory where user_id = ${staff.id}`,
    );
    expect(listed).toEqual([
      { full_name: `${staff.firstName} Okafor-Reyes`, email: `renamed-${staff.id}@example.com` },
    ]);
    const other = await firmWithRequest(deps);
    await deps.db.execute(sql`update users set company_id = ${other.company.id} where id = ${staff.id}`);
    expect(await author()).toEqual([{ user_id: staff.id }]);

    await deps.db.execute(sql`delete from users where id = ${staff.id}`);
    expect(await author()).toEqual([{ user_id: null }]);
  });

  it('keeps one id per user across firms, though users’ key now names the firm', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const other = await createUser(deps.db);
    const refused = await deps.db
      .execute(
        sql`insert into users (id, email, company_id) values (${user.id}, ${`twin-${user.id}@example.com`}, ${other.companyId})`,
      )
      .catch((e) => e);
    expect(databaseErrorOf(refused)?.message).toContain('user_directory_pkey');
  });
});
