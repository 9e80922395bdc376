import { ADMIN_MSG, type AdminApp, type AdminField, type AdminModel, fieldLabel } from '@dd/shared';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import {
  deleteRecord,
  existingIds,
  getRecord,
  insertRecords,
  updateRecord,
  type Values,
} from './data-admin.queries';
import { searchLabels } from './data-admin.search.queries';
import { readValue } from './data-admin.values';
import { WRITERS } from './data-admin.writers';
import { type ModelsIndex, modelsIndex } from './models';
import { ADMIN_APPS, type AdminModelDef } from './registry';

/** The generic data administration: apps, models, field metadata and audited record changes. */

export async function listApps(db: DbOrTx): Promise<AdminApp[]> {
  const { models } = await modelsIndex(db);
  return Object.entries(ADMIN_APPS).map(([name, label]) => ({
    name,
    label,
    models: models.filter((m) => m.app === name).length,
  }));
}

export const describeModel = (m: AdminModelDef): AdminModel => ({
  app: m.app,
  name: m.model,
  label: m.label,
  writable: m.writable,
  deletable: m.deletable,
  display: m.display,
  search_fields: searchLabels(m),
  search_min_length: m.searchMinLength ?? 1,
});

export async function listModels(db: DbOrTx, app: string): Promise<AdminModel[]> {
  if (!(app in ADMIN_APPS)) throw notFound();
  const { models } = await modelsIndex(db);
  return models.filter((m) => m.app === app).map(describeModel);
}

export function fieldsOf(m: AdminModelDef): AdminField[] {
  return m.columns.map((c) => ({
    name: c.name,
    label: fieldLabel(c.name),
    type: c.type,
    required: Boolean(c.required),
    read_only: Boolean(c.readOnly) || !m.writable,
    is_relation: c.type === 'relation',
    related_app: c.related?.app ?? null,
    related_model: c.related?.model ?? null,
    max_length: c.maxLength ?? null,
    money: Boolean(c.cents),
  }));
}

/** Keys a client may echo back from a record it read; they are not fields and are ignored. */
const ECHOED = (key: string) => key === 'id' || key === 'label' || key.endsWith('__label');

export interface Checked {
  values: Values;
  errors: Record<string, string>;
}

/**
 * Reads a body (or a CSV row) into column values. `creating`: absent fields take their default and
 * required ones must be there; otherwise only the fields sent change.
 */
export function checkValues(m: AdminModelDef, body: Record<string, unknown>, creating: boolean): Checked {
  const values: Values = {};
  const errors: Record<string, string> = {};
  const byName = new Map(m.columns.map((c) => [c.name, c]));
  for (const [key, raw] of Object.entries(body)) {
    if (ECHOED(key)) continue;
    const column = byName.get(key);
    if (!column) errors[key] = ADMIN_MSG.unknownField(key);
    else if (column.readOnly) errors[key] = ADMIN_MSG.readOnlyField(fieldLabel(key));
    else {
      const read = readValue(column, raw);
      if (read.ok) values[key] = read.value;
      else errors[key] = read.message;
    }
  }
  if (creating) {
    for (const column of m.columns) {
      if (column.readOnly || hasValue(values, column.name) || errors[column.name]) continue;
      const fallback = column.default === undefined ? undefined : readValue(column, column.default);
      if (fallback?.ok) values[column.name] = fallback.value;
      else if (column.required) errors[column.name] = ADMIN_MSG.required(fieldLabel(column.name));
    }
  }
  return { values, errors };
}

const hasValue = (values: Values, name: string) => name in values && values[name] !== null;

/** Relation values must name records that exist: the message says which field is wrong. */
export async function checkRelations(db: DbOrTx, index: ModelsIndex, m: AdminModelDef, rows: Values[]) {
  const missing: { row: number; field: string; message: string }[] = [];
  for (const column of m.columns.filter((c) => c.type === 'relation')) {
    const target = index.relatedOf(column);
    const ids = rows.map((r) => r[column.name]).filter((v): v is number => typeof v === 'number');
    if (!target || ids.length === 0) continue;
    const found = await existingIds(db, target, ids);
    rows.forEach((r, row) => {
      const id = r[column.name];
      if (typeof id === 'number' && !found.has(id)) {
        missing.push({ row, field: column.name, message: ADMIN_MSG.noSuchRecord(fieldLabel(column.name)) });
      }
    });
  }
  return missing;
}

function refuse(errors: Record<string, string>): never {
  const [first] = Object.values(errors);
  throw badRequest(first, errors);
}

async function writable(db: DbOrTx, app: string, model: string) {
  const index = await modelsIndex(db);
  const m = index.get(app, model);
  if (!m.writable) throw forbidden(ADMIN_MSG.notWritable);
  return { index, m };
}

export async function readRecord(db: DbOrTx, app: string, model: string, id: number) {
  const index = await modelsIndex(db);
  const row = await getRecord(db, index.get(app, model), index.relatedOf, id);
  if (!row) throw notFound();
  return row;
}

interface Actor {
  auth: Auth;
  ip: string | null;
}

async function audit(
  db: DbOrTx,
  actor: Actor,
  action: string,
  m: AdminModelDef,
  id: number,
  before: unknown,
  after: unknown,
) {
  await recordAudit(db, {
    actorId: actor.auth.userId,
    action: `data_admin.${action}`,
    details: { app: m.app, model: m.model, id, before, after },
    ip: actor.ip,
  });
}

async function validated(
  db: DbOrTx,
  index: ModelsIndex,
  m: AdminModelDef,
  body: Record<string, unknown>,
  creating: boolean,
) {
  const { values, errors } = checkValues(m, body, creating);
  if (Object.keys(errors).length) refuse(errors);
  const [missing] = await checkRelations(db, index, m, [values]);
  if (missing) refuse({ [missing.field]: missing.message });
  return values;
}

/** The product's own body validation, where the model has one: its output is what the service takes. */
export function productErrors(
  m: AdminModelDef,
  values: Values,
): { values: Values; errors: Record<string, string> } {
  const schema = WRITERS[`${m.app}/${m.model}`]?.schema;
  if (!schema) return { values, errors: {} };
  const parsed = schema.safeParse(values);
  if (parsed.success) return { values: parsed.data as Values, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return { values, errors };
}

function productValues(m: AdminModelDef, values: Values): Values {
  const checked = productErrors(m, values);
  if (Object.keys(checked.errors).length) refuse(checked.errors);
  return checked.values;
}

export async function createRecord(
  db: Db,
  actor: Actor,
  app: string,
  model: string,
  body: Record<string, unknown>,
) {
  const { index, m } = await writable(db, app, model);
  const values = await validated(db, index, m, body, true);
  const writer = WRITERS[`${app}/${model}`];
  const id = writer?.create
    ? await writer.create(db, actor.auth, productValues(m, values))
    : (await insertRecords(db, m, [values]))[0];
  const after = await getRecord(db, m, index.relatedOf, id);
  await audit(db, actor, 'create', m, id, null, after);
  return after as Record<string, unknown>;
}

export async function updateAdminRecord(
  db: Db,
  actor: Actor,
  app: string,
  model: string,
  id: number,
  body: Record<string, unknown>,
) {
  const { index, m } = await writable(db, app, model);
  const before = await getRecord(db, m, index.relatedOf, id);
  if (!before) throw notFound();
  const values = await validated(db, index, m, body, false);
  const writer = WRITERS[`${app}/${model}`];
  if (writer?.update) {
    const current = Object.fromEntries(
      m.columns.filter((c) => !c.readOnly).map((c) => [c.name, before[c.name]]),
    );
    await writer.update(db, actor.auth, id, productValues(m, { ...current, ...values }));
  } else if (!(await updateRecord(db, m, id, values))) throw notFound();
  const after = await getRecord(db, m, index.relatedOf, id);
  await audit(db, actor, 'update', m, id, before, after);
  return after as Record<string, unknown>;
}

export async function deleteAdminRecord(db: Db, actor: Actor, app: string, model: string, id: number) {
  const index = await modelsIndex(db);
  const m = index.get(app, model);
  if (!m.deletable) throw forbidden(ADMIN_MSG.notDeletable);
  const before = await getRecord(db, m, index.relatedOf, id);
  if (!before) throw notFound();
  const writer = WRITERS[`${app}/${model}`];
  if (writer?.delete) await writer.delete(db, id);
  else await deleteRecord(db, m, id);
  await audit(db, actor, 'delete', m, id, before, null);
}
