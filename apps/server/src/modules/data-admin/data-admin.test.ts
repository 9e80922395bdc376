import { randomUUID } from 'node:crypto';
import { ADMIN_MSG, AmountSchema, addCents, fieldLabel, formatAmount, toCents } from '@dd/shared';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createPatient, INTERNAL_ADMIN, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { auditEvents, providers } from '../../db/schema';
import { STATIC_MODELS } from './registry';

async function admin() {
  const ctx = await getContext();
  const user = await signedIn(ctx.deps, INTERNAL_ADMIN);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });
  return { ...ctx, user, call };
}

describe('data administration: apps, models and fields', () => {
  it('lists the apps and their models, and describes a model by its fields', async () => {
    const { call } = await admin();
    const apps = await call('GET', '/api/getApps/');
    expect(apps.statusCode).toBe(200);
    expect(apps.json().map((a: { name: string }) => a.name)).toEqual([
      'home',
      'users',
      'modelWebsite',
      'custom',
    ]);
    const models = await call('GET', '/api/getModels/home/');
    expect(models.json()).toContainEqual({
      app: 'home',
      name: 'provider',
      label: 'Provider',
      writable: true,
      deletable: false,
      display: 'name',
      search_fields: ['Name'],
      search_min_length: 1,
    });
    expect((await call('GET', '/api/getModels/nothing/')).statusCode).toBe(404);
    const fields = await call('GET', '/api/admin/home/patient/fields/');
    expect(fields.json()).toContainEqual(
      expect.objectContaining({
        name: 'company_id',
        type: 'relation',
        related_app: 'home',
        related_model: 'company',
      }),
    );
    // The spec's path answers the same where the product has no route of its own.
    expect((await call('GET', '/api/home/patient/fields/')).json()).toEqual(fields.json());
  });

  it('never shows a secret column: no password hash, token, SSN or encrypted value', async () => {
    const { call, deps } = await admin();
    const firm = await createCompany(deps.db);
    await createPatient(deps.db, firm.id, { ssnEncrypted: 'v1:secret', ssnHash: 'hash' });
    const secret = /password|token|ssn|encrypted|hash|secret|key/i;
    for (const m of STATIC_MODELS) {
      expect(m.columns.filter((c) => secret.test(c.name)).map((c) => `${m.table}.${c.name}`)).toEqual([]);
      const list = await call('GET', `/api/admin/${m.app}/${m.model}/?limit=5`);
      expect(list.statusCode).toBe(200);
      for (const row of list.json().results)
        expect(Object.keys(row).filter((k) => secret.test(k))).toEqual([]);
    }
    const tryWrite = await call('POST', '/api/admin/users/user/1/', { password_hash: 'x' });
    expect(tryWrite.statusCode).toBe(403);
  });
});

describe('data administration: records', () => {
  it('lists with limit, offset and search, and names related records', async () => {
    const { call, deps } = await admin();
    const firm = await createCompany(deps.db, { name: `Searchable ${randomUUID().slice(0, 6)}` });
    const patient = await createPatient(deps.db, firm.id);
    const list = await call('GET', `/api/admin/home/patient/?search=${encodeURIComponent(patient.lastName)}`);
    expect(list.json()).toEqual({
      count: 1,
      count_capped: false,
      results: [
        expect.objectContaining({ id: patient.id, company_id: firm.id, company_id__label: firm.name }),
      ],
    });
    const page = await call('GET', '/api/admin/home/company/?limit=2&offset=1');
    expect(page.json().results).toHaveLength(2);
    const options = await call(
      'GET',
      `/api/admin/home/company/?values_list=id&search=${encodeURIComponent(firm.name)}`,
    );
    expect(options.json()).toEqual([{ id: firm.id, label: firm.name }]);
    // The spec's path for it, where the product has its own company list, answers the same.
    const specPath = await call(
      'GET',
      `/api/home/company/?values_list=id&search=${encodeURIComponent(firm.name)}`,
    );
    expect(specPath.statusCode, specPath.body).toBe(200);
    expect(specPath.json()).toEqual([{ id: firm.id, label: firm.name }]);
  });

  it('creates, edits and deletes a record through the product service, and logs each change with before and after', async () => {
    const { call, deps, user } = await admin();
    const name = `Admin Provider ${randomUUID().slice(0, 6)}`;
    const created = await call('POST', '/api/admin/home/provider/', { name, city: 'Austin', notes: '' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name, city: 'Austin', notes: null });
    // The product's own rule: provider names are unique ignoring case.
    const dup = await call('POST', '/api/admin/home/provider/', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    const edited = await call('POST', `/api/admin/home/provider/${id}/`, { city: 'Dallas' });
    expect(edited.json()).toMatchObject({ name, city: 'Dallas' });
    const log = await deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.user.id), like(auditEvents.action, 'data_admin.%')))
      .orderBy(auditEvents.id);
    expect(log.map((e) => e.action)).toEqual(['data_admin.create', 'data_admin.update']);
    expect(log[1].details).toMatchObject({ before: { city: 'Austin' }, after: { city: 'Dallas' } });
    // Providers are removed by merging on their own screen.
    expect((await call('POST', `/api/admin/home/provider/${id}/delete/`)).statusCode).toBe(403);

    const template = await call('POST', '/api/admin/home/notetemplate/', {
      name: 'Call back',
      text: 'Called.',
    });
    expect(template.statusCode).toBe(201);
    const removed = await call('POST', `/api/admin/home/notetemplate/${template.json().id}/delete/`);
    expect(removed.json()).toEqual({ success: true });
    expect((await call('GET', `/api/admin/home/notetemplate/${template.json().id}/`)).statusCode).toBe(404);
  });

  it('refuses bad values by field and changes nothing', async () => {
    const { call } = await admin();
    const cases: [object, string, string][] = [
      [
        { name: 'X', request_price: 'ten' },
        'request_price',
        ADMIN_MSG.notANumber(fieldLabel('request_price')),
      ],
      [{ name: 'X', auto_surcharge: 'maybe' }, 'auto_surcharge', ADMIN_MSG.notABoolean('Auto surcharge')],
      [{ name: 'X', colour: 'red' }, 'colour', ADMIN_MSG.unknownField('colour')],
      [{ name: 'X', release_form_url: 'x' }, 'release_form_url', ADMIN_MSG.readOnlyField('Release form url')],
      [{ city: 'Nowhere' }, 'name', ADMIN_MSG.required('Name')],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/admin/home/company/', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    // The form sends every field; an empty price takes the base price, as on the product's own form.
    const made = await call('POST', '/api/admin/home/company/', {
      name: 'Blank Price Law',
      request_price: '',
      city: '',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Blank Price Law', request_price: '35.00', city: null });
  });

  it('reads and edits money as exact two-decimal amounts, named as money in the fields', async () => {
    const { call } = await admin();
    const fields = (await call('GET', '/api/admin/home/company/fields/')).json();
    expect(fields).toContainEqual(expect.objectContaining({ name: 'request_price', money: true }));
    expect(fields).toContainEqual(expect.objectContaining({ name: 'name', money: false }));
    // 0.10 + 0.20 added in cents is 0.30, not 0.30000000000000004; and the highest price a firm may be given.
    const sum = formatAmount(addCents(toCents('0.10'), toCents('0.20')));
    const made = await call('POST', '/api/admin/home/company/', {
      name: 'Exact Money Law',
      request_price: sum,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().request_price).toBe('0.30');
    const id = made.json().id;
    const edited = await call('POST', `/api/admin/home/company/${id}/`, {
      name: 'Exact Money Law',
      request_price: '999,999.99',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().request_price).toBe('999999.99');
    expect((await call('GET', `/api/admin/home/company/${id}/`)).json().request_price).toBe('999999.99');
    const listed = await call(
      'GET',
      `/api/admin/home/company/?search=${encodeURIComponent('Exact Money Law')}`,
    );
    expect(listed.json().results[0].request_price).toBe('999999.99');
    expect(AmountSchema.safeParse(listed.json().results[0].request_price).success).toBe(true);
    const thirdCent = await call('POST', `/api/admin/home/company/${id}/`, {
      name: 'Exact Money Law',
      request_price: '0.333',
    });
    expect(thirdCent.json().fields.request_price).toBe(ADMIN_MSG.notANumber(fieldLabel('request_price')));
  });

  it('is for internal administrators only', async () => {
    const { app, deps } = await getContext();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const firmAdmin = await signedIn(deps, { isStaff: true, isAdminUser: true });
    for (const who of [staff, firmAdmin]) {
      for (const url of ['/api/admin/home/provider/', '/api/home/company/?values_list=id']) {
        const res = await app.inject({ url, headers: who.headers });
        expect(res.statusCode, url).toBe(403);
      }
    }
    expect((await app.inject({ url: '/api/getApps/' })).statusCode).toBe(401);
  });
});

describe('data administration: CSV upload', () => {
  it('previews, refuses a file with one bad row without writing anything, and imports a good one whole', async () => {
    const { call, deps } = await admin();
    const tag = randomUUID().slice(0, 6);
    const bad = `Name,City,Email\nCSV A ${tag},Austin,a@example.com\nCSV B ${tag},Austin,not-an-email\nCSV A ${tag},Waco,\n`;
    const preview = await call('POST', '/api/admin/home/provider/csv/', { csv: bad, commit: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rows: 3, imported: 0, columns: ['name', 'city', 'email'] });
    expect(preview.json().errors).toEqual([
      { row: 3, field: 'email', message: expect.any(String) },
      { row: 4, field: 'name', message: ADMIN_MSG.duplicateInFile('Name', 2) },
    ]);
    const count = async () =>
      (
        await deps.db
          .select()
          .from(providers)
          .where(like(providers.name, `CSV % ${tag}`))
      ).length;
    expect(await count()).toBe(0);

    const good = `name,city\nCSV A ${tag},Austin\nCSV B ${tag},Waco\n`;
    const dry = await call('POST', '/api/admin/home/provider/csv/', { csv: good });
    expect(dry.json()).toMatchObject({ rows: 2, imported: 0, errors: [] });
    expect(await count()).toBe(0);
    const done = await call('POST', '/api/admin/home/provider/csv/', { csv: good, commit: true });
    expect(done.json()).toMatchObject({ rows: 2, imported: 2, errors: [] });
    expect(await count()).toBe(2);
    const again = await call('POST', '/api/admin/home/provider/csv/', { csv: good, commit: true });
    expect(again.json().errors[0]).toMatchObject({
      row: 2,
      field: 'name',
      message: ADMIN_MSG.nameTaken(`Name CSV A ${tag}`),
    });
  });

  it('imports 10,000 rows in one go', async () => {
    const { call } = await admin();
    const tag = randomUUID().slice(0, 6);
    const lines = Array.from({ length: 10_000 }, (_, i) => `Template ${tag} ${i},Text ${i}`);
    const res = await call('POST', '/api/admin/home/notetemplate/csv/', {
      csv: `name,text\n${lines.join('\n')}`,
      commit: true,
    });
    expect(res.json()).toMatchObject({ rows: 10_000, imported: 10_000, errors: [] });
  });
});
