import {
  ADMIN_CSV_MAX_ROWS,
  ADMIN_MSG,
  type AdminCsvResult,
  type AdminCsvRowError,
  fieldLabel,
} from '@dd/shared';
import Papa from 'papaparse';
import type { Auth } from '../../authz';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { forbidden } from '../../lib/errors';
import { insertRecords, takenNames, type Values } from './data-admin.queries';
import { checkRelations, checkValues, productErrors } from './data-admin.service';
import { WRITERS } from './data-admin.writers';
import { modelsIndex } from './models';
import type { AdminModelDef } from './registry';

/**
 * CSV batch upload of an instance list: every row is checked (types, required fields, the product's own
 * body rules, relations, unique names against the table and the rest of the file) and the file is
 * imported in one transaction only when no row has an error. Lines are numbered as a spreadsheet shows
 * them: the header is line 1.
 */
const MAX_ERRORS = 200;
const PREVIEW_ROWS = 10;
const line = (row: number) => row + 2;

/** Header cells name a field by its name or its label, in any case. */
function headerMap(m: AdminModelDef, headers: string[], errors: AdminCsvRowError[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const c of m.columns) {
    byKey.set(c.name.toLowerCase(), c.name);
    byKey.set(fieldLabel(c.name).toLowerCase(), c.name);
  }
  const map = new Map<string, string>();
  for (const header of headers) {
    const name = byKey.get(header.trim().toLowerCase());
    if (name) map.set(header, name);
    else errors.push({ row: 1, field: header, message: ADMIN_MSG.unknownField(header) });
  }
  return map;
}

async function uniqueNameErrors(db: Db, m: AdminModelDef, rows: Values[]): Promise<AdminCsvRowError[]> {
  if (!m.uniqueDisplay) return [];
  const key = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
  const taken = await takenNames(db, m, rows.map((r) => key(r[m.display])).filter(Boolean));
  const seen = new Map<string, number>();
  const errors: AdminCsvRowError[] = [];
  const label = fieldLabel(m.display);
  rows.forEach((r, row) => {
    const name = key(r[m.display]);
    if (!name) return;
    const earlier = seen.get(name);
    if (taken.has(name))
      errors.push({
        row: line(row),
        field: m.display,
        message: ADMIN_MSG.nameTaken(`${label} ${r[m.display]}`),
      });
    else if (earlier !== undefined)
      errors.push({
        row: line(row),
        field: m.display,
        message: ADMIN_MSG.duplicateInFile(label, line(earlier)),
      });
    else seen.set(name, row);
  });
  return errors;
}

export async function importCsv(
  db: Db,
  actor: { auth: Auth; ip: string | null },
  app: string,
  model: string,
  csv: string,
  commit: boolean,
): Promise<AdminCsvResult> {
  const index = await modelsIndex(db);
  const m = index.get(app, model);
  if (!m.writable) throw forbidden(ADMIN_MSG.notWritable);
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const headers = parsed.meta.fields ?? [];
  const errors: AdminCsvRowError[] = [];
  const columns = headerMap(m, headers, errors);
  const data = parsed.data;
  if (data.length === 0) errors.push({ row: 1, field: '', message: ADMIN_MSG.csvEmpty });
  if (data.length > ADMIN_CSV_MAX_ROWS)
    errors.push({ row: 1, field: '', message: ADMIN_MSG.csvTooManyRows(ADMIN_CSV_MAX_ROWS) });

  const rows: Values[] = [];
  if (errors.length === 0) {
    data.forEach((cells, row) => {
      const body: Record<string, unknown> = {};
      for (const [header, name] of columns) body[name] = cells[header] ?? '';
      const checked = checkValues(m, body, true);
      const product = Object.keys(checked.errors).length ? checked : productErrors(m, checked.values);
      for (const [field, message] of Object.entries({ ...checked.errors, ...product.errors })) {
        errors.push({ row: line(row), field, message });
      }
      rows.push(checked.values);
    });
    for (const missing of await checkRelations(db, index, m, rows))
      errors.push({ ...missing, row: line(missing.row) });
    errors.push(...(await uniqueNameErrors(db, m, rows)));
  }

  const result = {
    rows: data.length,
    imported: 0,
    errors: errors.sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS),
    columns: [...columns.values()],
    preview: data.slice(0, PREVIEW_ROWS),
  };
  if (errors.length > 0 || !commit) return result;

  const extras = WRITERS[`${app}/${model}`]?.csvExtras?.() ?? {};
  const ids = await db.transaction(async (tx) => {
    const inserted = await insertRecords(
      tx,
      m,
      rows.map((r) => ({ ...r, ...extras })),
    );
    await recordAudit(tx, {
      actorId: actor.auth.userId,
      action: 'data_admin.csv_import',
      details: { app, model, count: inserted.length, ids: inserted },
      ip: actor.ip,
    });
    return inserted;
  });
  return { ...result, imported: ids.length };
}
