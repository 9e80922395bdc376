import { randomUUID } from 'node:crypto';
import { MODEL_MSG, MSG } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { INTERNAL_ADMIN, signedIn } from '../../../test/factories';
import { getContext, testEnv } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createDeps } from '../../deps';
import { quoteIdentifier } from './model-maker.ddl';

async function admin() {
  const ctx = await getContext();
  const user = await signedIn(ctx.deps, INTERNAL_ADMIN);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });
  return { ...ctx, call };
}

const uniqueName = (prefix: string) =>
  `${prefix} ${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

describe('model maker', () => {
  it('creates a table from a configuration, adds records to it, and alters it on a new field', async () => {
    const { call } = await admin();
    const name = uniqueName('Vendor');
    const data = {
      fields: [
        { name: 'title', type: 'Char', limit: 80, blank: false },
        { name: 'active', type: 'Boolean', default: true },
        { name: 'fee', type: 'Decimal' },
      ],
      related: [{ name: 'provider', model: 'home/provider', alias: 'Provider' }],
    };
    const saved = await call('POST', '/api/modelConfig/', { name, order: 1, data });
    expect(saved.statusCode).toBe(200);
    const config = saved.json();
    expect(config).toMatchObject({ name, applied: false, pending: true });
    const plan = await call('GET', `/api/modelConfig/${config.id}/plan/`);
    expect(plan.json().statements[0]).toContain(`create table "custom"."${config.table}"`);
    const applied = await call('POST', `/api/modelConfig/${config.id}/apply/`);
    expect(applied.json()).toMatchObject({ message: MODEL_MSG.applied, drops: [] });

    const models = await call('GET', '/api/getModels/custom/');
    expect(models.json()).toContainEqual(
      expect.objectContaining({ name: config.table, label: name, writable: true }),
    );
    const created = await call('POST', `/api/admin/custom/${config.table}/`, { title: 'First', fee: '12.5' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'First', fee: '12.5', active: true, provider_id: null });
    // A decimal comes back digit for digit (as float8 the wide one read 12345678901234.568); a number
    // with binary noise is stored to the column's four places.
    const exact = await call('POST', `/api/admin/custom/${config.table}/`, { title: 'Sum', fee: 0.1 + 0.2 });
    expect(exact.json().fee).toBe('0.3');
    const wide = await call('POST', `/api/admin/custom/${config.table}/${exact.json().id}/`, {
      fee: '12345678901234.5678',
    });
    expect(wide.json().fee).toBe('12345678901234.5678');
    const listed = await call('GET', `/api/admin/custom/${config.table}/`);
    expect(listed.json().results.map((r: { fee: string }) => r.fee)).toEqual(['12345678901234.5678', '12.5']);
    await call('POST', `/api/admin/custom/${config.table}/${exact.json().id}/delete/`, {});
    const missing = await call('POST', `/api/admin/custom/${config.table}/`, { fee: 1 });
    expect(missing.json().fields.title).toBe('Title is required.');
    // The spec's path reaches the same table.
    expect((await call('GET', `/api/custom/${config.table}/`)).json().count).toBe(1);

    const more = { ...data, fields: [...data.fields, { name: 'notes', type: 'Text' }] };
    await call('POST', `/api/modelConfig/${config.id}/`, { name, order: 1, data: more });
    const altered = await call('POST', `/api/modelConfig/${config.id}/apply/`);
    expect(altered.json().statements).toEqual([
      `alter table "custom"."${config.table}" add column "notes" text`,
    ]);
    const record = await call('GET', `/api/admin/custom/${config.table}/${created.json().id}/`);
    expect(record.json()).toMatchObject({ title: 'First', notes: null });
  });

  it('asks before dropping a column with its data, and before deleting a table that holds records', async () => {
    const { call } = await admin();
    const name = uniqueName('Drop');
    const config = (
      await call('POST', '/api/modelConfig/', {
        name,
        data: {
          fields: [
            { name: 'a', type: 'Integer' },
            { name: 'b', type: 'Text' },
          ],
        },
      })
    ).json();
    await call('POST', `/api/modelConfig/${config.id}/apply/`);
    await call('POST', `/api/admin/custom/${config.table}/`, { a: 1, b: 'keep?' });
    await call('POST', `/api/modelConfig/${config.id}/`, {
      name,
      data: { fields: [{ name: 'a', type: 'Integer' }] },
    });
    const plan = await call('GET', `/api/modelConfig/${config.id}/plan/`);
    expect(plan.json()).toMatchObject({ drops: ['b'], records: 1, drops_allowed: true });
    const refused = await call('POST', `/api/modelConfig/${config.id}/apply/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: MODEL_MSG.confirmDrop(['b'], 1, name),
      details: { drops: ['b'] },
    });
    const misspelt = await call('POST', `/api/modelConfig/${config.id}/apply/`, { confirm_name: 'Drop' });
    expect(misspelt.statusCode).toBe(409);
    const confirmed = await call('POST', `/api/modelConfig/${config.id}/apply/`, {
      confirm_name: ` ${name} `,
    });
    expect(confirmed.json().drops).toEqual(['b']);

    const del = await call('POST', `/api/modelConfig/${config.id}/delete/`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe(MODEL_MSG.confirmDropTable(1, name));
    expect(
      (await call('POST', `/api/modelConfig/${config.id}/delete/`, { confirm_name: name })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/admin/custom/${config.table}/`)).statusCode).toBe(404);
  });

  it('in production, allows only changes that keep data, unless MODEL_MAKER=on', async () => {
    const { call, deps, database } = await admin();
    const productionApp = async (env: Record<string, string> = {}) => {
      const config = testEnv({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://records.example',
        JWT_SECRET: deps.config.JWT_SECRET!,
        DATA_KEY: deps.config.DATA_KEY!,
        ...env,
      });
      return buildApp(createDeps(config, database.db));
    };
    const production = await productionApp();
    const user = await signedIn(deps, INTERNAL_ADMIN);
    const inProduction = (url: string, payload?: object) =>
      production.inject({ method: 'POST', url, headers: user.headers, ...(payload && { payload }) });
    const name = uniqueName('Prod');
    const two = {
      fields: [
        { name: 'a', type: 'Integer' },
        { name: 'b', type: 'Text' },
      ],
    };
    const config = (await call('POST', '/api/modelConfig/', { name, data: two })).json();
    expect((await inProduction(`/api/modelConfig/${config.id}/apply/`)).statusCode).toBe(200);
    await call('POST', `/api/admin/custom/${config.table}/`, { a: 1, b: 'kept' });

    await call('POST', `/api/modelConfig/${config.id}/`, { name, data: { fields: [two.fields[0]] } });
    const plan = await production.inject({
      url: `/api/modelConfig/${config.id}/plan/`,
      headers: user.headers,
    });
    expect(plan.json()).toMatchObject({ drops: ['b'], drops_allowed: false });
    const off = await inProduction(`/api/modelConfig/${config.id}/apply/`, { confirm_name: name });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe(MODEL_MSG.dropsOff);
    const deleted = await inProduction(`/api/modelConfig/${config.id}/delete/`, { confirm_name: name });
    expect(deleted.json().error).toBe(MODEL_MSG.dropsOff);
    expect((await call('GET', `/api/admin/custom/${config.table}/`)).json().results).toHaveLength(1);

    // A new field keeps every record: allowed.
    const three = { fields: [...two.fields, { name: 'c', type: 'Boolean' }] };
    await call('POST', `/api/modelConfig/${config.id}/`, { name, data: three });
    expect((await inProduction(`/api/modelConfig/${config.id}/apply/`)).statusCode).toBe(200);

    const turnedOn = await productionApp({ MODEL_MAKER: 'on' });
    await call('POST', `/api/modelConfig/${config.id}/`, { name, data: { fields: [two.fields[0]] } });
    const applied = await turnedOn.inject({
      method: 'POST',
      url: `/api/modelConfig/${config.id}/apply/`,
      headers: user.headers,
      payload: { confirm_name: name },
    });
    expect(applied.json().drops).toEqual(['b', 'c']);
    await Promise.all([production.close(), turnedOn.close()]);
  });

  it('refuses duplicate names, hostile identifiers and unknown relations', async () => {
    const { call } = await admin();
    const name = uniqueName('Dup');
    expect((await call('POST', '/api/modelConfig/', { name, data: {} })).statusCode).toBe(200);
    const dup = await call('POST', '/api/modelConfig/', { name: name.toUpperCase(), data: {} });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(MSG.noDuplicateNames);
    const dupField = await call('POST', '/api/modelConfig/', {
      name: uniqueName('Fields'),
      data: {
        fields: [
          { name: 'x', type: 'Text' },
          { name: 'x', type: 'Integer' },
        ],
      },
    });
    expect(dupField.json().error).toContain(MSG.noDuplicateNames);
    for (const hostile of ['x; drop table users', 'users"--', 'Robert"); DROP TABLE']) {
      const asModel = await call('POST', '/api/modelConfig/', { name: hostile, data: {} });
      expect(asModel.statusCode, hostile).toBe(400);
      const asField = await call('POST', '/api/modelConfig/', {
        name: uniqueName('Field'),
        data: { fields: [{ name: hostile, type: 'Text' }] },
      });
      expect(asField.statusCode, hostile).toBe(400);
    }
    const reserved = await call('POST', '/api/modelConfig/', {
      name: uniqueName('R'),
      data: { fields: [{ name: 'id', type: 'Text' }] },
    });
    expect(reserved.json().error).toContain(MODEL_MSG.reservedField('id'));
    const unknown = await call('POST', '/api/modelConfig/', {
      name: uniqueName('Rel'),
      data: { related: [{ name: 'owner', model: 'users/password' }] },
    });
    expect(unknown.json().error).toBe(MODEL_MSG.unknownModel('users/password'));
    // A firm's own records (to be distributed by firm) cannot be related to; shared data can.
    for (const model of ['home/request', 'home/patient', 'users/user']) {
      const tenant = await call('POST', '/api/modelConfig/', {
        name: uniqueName('Case'),
        data: { related: [{ name: 'target', model }] },
      });
      expect(tenant.statusCode, model).toBe(400);
      expect(tenant.json().fields.related).toBe(MODEL_MSG.firmRecordModel(model));
    }
    const badDefault = await call('POST', '/api/modelConfig/', {
      name: uniqueName('Def'),
      data: { fields: [{ name: 'count', type: 'Integer', default: 'many' }] },
    });
    expect(badDefault.json().error).toContain(MODEL_MSG.badDefault('count'));
    expect(() => quoteIdentifier('a"; drop table users; --')).toThrow();
  });
});
