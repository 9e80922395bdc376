import { customTableName, type ModelConfigData, type ModelField, relationColumn } from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { latestMigrations } from './model-maker.queries';
import { type AdminColumn, type AdminModelDef, STATIC_MODELS } from './registry';

/**
 * Every administrable model: the registry's, plus the model maker's tables as they were last applied
 * (the newest custom_model_migrations row per table).
 */
const FIELD_TYPES: Record<ModelField['type'], AdminColumn['type']> = {
  Boolean: 'boolean',
  Datetime: 'datetime',
  Decimal: 'decimal',
  Integer: 'integer',
  Char: 'text',
  Text: 'longtext',
};

/** 'home/provider' names a registry model; anything else is a custom model's name. */
export function relationTarget(model: string): { app: string; model: string } {
  const [app, name] = model.split('/');
  return name ? { app, model: name } : { app: 'custom', model: customTableName(model) };
}

function customModel(table: string, label: string, data: ModelConfigData): AdminModelDef {
  const columns: AdminColumn[] = [
    ...data.fields.map((f) => ({
      name: f.name,
      type: FIELD_TYPES[f.type],
      required: !f.blank,
      ...(f.type === 'Char' && { maxLength: f.limit ?? 255 }),
      ...(f.default !== undefined && f.default !== null && f.default !== '' && { default: f.default }),
    })),
    ...data.related.map((r) => ({
      name: relationColumn(r.name),
      type: 'relation' as const,
      related: relationTarget(r.model),
    })),
    { name: 'created_at', type: 'datetime', readOnly: true },
  ];
  const texts = data.fields.filter((f) => f.type === 'Char' || f.type === 'Text').map((f) => f.name);
  return {
    app: 'custom',
    model: table,
    label,
    schema: 'custom',
    table,
    display: texts[0] ?? 'id',
    search: texts.slice(0, 3),
    columns,
    writable: true,
    deletable: true,
  };
}

async function customModels(db: DbOrTx): Promise<AdminModelDef[]> {
  const rows = await latestMigrations(db);
  return rows.flatMap((r) => (r.definition ? [customModel(r.tableName, r.modelName, r.definition)] : []));
}

async function allModels(db: DbOrTx): Promise<AdminModelDef[]> {
  return [...STATIC_MODELS, ...(await customModels(db))];
}

/** The models, with a look-up of the model a relation column points at. */
export async function modelsIndex(db: DbOrTx) {
  const models = await allModels(db);
  const byKey = new Map(models.map((m) => [`${m.app}/${m.model}`, m]));
  return {
    models,
    find: (app: string, model: string) => byKey.get(`${app}/${model}`),
    get(app: string, model: string): AdminModelDef {
      const found = byKey.get(`${app}/${model}`);
      if (!found) throw notFound();
      return found;
    },
    relatedOf: (column: AdminColumn) =>
      column.related ? byKey.get(`${column.related.app}/${column.related.model}`) : undefined,
  };
}
export type ModelsIndex = Awaited<ReturnType<typeof modelsIndex>>;
