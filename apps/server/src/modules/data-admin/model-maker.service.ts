import {
  customTableName,
  FIRM_RECORD_MODELS,
  MODEL_MSG,
  type ModelConfig,
  type ModelConfigBodySchema,
  type ModelConfigData,
  type ModelPlan,
} from '@dd/shared';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { pgErrorCode } from '../../lib/constraint-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { dropTableStatement, type Plan, planTable } from './model-maker.ddl';
import {
  appliedDefinition,
  type ConfigRow,
  customTableCount,
  deleteModelConfigRow,
  insertMigration,
  insertModelConfig,
  latestMigrations,
  lockModelMaker,
  modelConfigById,
  modelConfigNames,
  modelConfigsInOrder,
  otherModelConfigs,
  runDdl,
  updateModelConfigRow,
} from './model-maker.queries';
import { modelsIndex, relationTarget } from './models';
import type { AdminModelDef } from './registry';

/**
 * Model configurations and the one path that applies them to the `custom` schema: plan (model-maker.ddl),
 * refuse drops without confirmation, run the statements and record them in custom_model_migrations, all
 * in one transaction under an advisory lock so two instances never apply at once.
 */
type Body = z.output<typeof ModelConfigBodySchema>;

/** 'cannot drop … because other objects depend on it': another custom table relates to it. */
const DEPENDENT_OBJECTS = '2BP01';

const sameDefinition = (a: ModelConfigData | null, b: ModelConfigData) =>
  JSON.stringify(a) === JSON.stringify(b);

function present(row: ConfigRow, applied: ModelConfigData | null): ModelConfig {
  const table = customTableName(row.name);
  return {
    id: row.id,
    name: row.name,
    order: row.order,
    data: row.data,
    table,
    applied: applied !== null,
    pending: !sameDefinition(applied, row.data),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listModelConfigs(db: DbOrTx): Promise<ModelConfig[]> {
  const [rows, migrations] = await Promise.all([modelConfigsInOrder(db), latestMigrations(db)]);
  const applied = new Map(migrations.map((m) => [m.tableName, m.definition]));
  return rows.map((row) => present(row, applied.get(customTableName(row.name)) ?? null));
}

async function configRow(db: DbOrTx, id: number): Promise<ConfigRow> {
  const row = await modelConfigById(db, id);
  if (!row) throw notFound();
  return row;
}

/** Relations must point at a model the administration knows (or at a model configured here), never at a firm's records. */
async function checkRelations(db: DbOrTx, data: ModelConfigData) {
  const index = await modelsIndex(db);
  const configured = new Set((await modelConfigNames(db)).map((r) => customTableName(r.name)));
  for (const relation of data.related) {
    if (FIRM_RECORD_MODELS.has(relation.model))
      throw badRequest(MODEL_MSG.firmRecordModel(relation.model), {
        related: MODEL_MSG.firmRecordModel(relation.model),
      });
    const target = relationTarget(relation.model);
    const known =
      index.find(target.app, target.model) ?? (target.app === 'custom' && configured.has(target.model));
    if (!known)
      throw badRequest(MODEL_MSG.unknownModel(relation.model), {
        related: MODEL_MSG.unknownModel(relation.model),
      });
  }
}

/** Saves a configuration (with `id`: replaces it). Names are unique ignoring case: 'No duplicate names'. */
export async function saveModelConfig(db: Db, auth: Auth, body: Body, id = body.id): Promise<ModelConfig> {
  await checkRelations(db, body.data);
  const table = customTableName(body.name);
  const others = await otherModelConfigs(db, id);
  if (others.some((o) => customTableName(o.name) === table)) throw conflict(MODEL_MSG.noDuplicateNames);
  const values = { name: body.name, order: body.order, data: body.data };
  const row = await db.transaction(async (tx) => {
    if (id) {
      const current = await configRow(tx, id);
      // The table keeps its name: a renamed model that was applied would lose its records' table.
      if (
        customTableName(current.name) !== table &&
        (await appliedDefinition(tx, customTableName(current.name)))
      ) {
        throw conflict(MODEL_MSG.renameApplied);
      }
      return updateModelConfigRow(tx, id, values);
    }
    return insertModelConfig(tx, values);
  });
  await recordAudit(db, {
    actorId: auth.userId,
    action: 'model_config.save',
    details: { id: row.id, ...values },
  });
  return present(row, await appliedDefinition(db, customTableName(row.name)));
}

async function planFor(db: DbOrTx, row: ConfigRow): Promise<Plan & { table: string }> {
  const table = customTableName(row.name);
  const index = await modelsIndex(db);
  const target = (model: string): AdminModelDef => {
    const t = relationTarget(model);
    const found = index.find(t.app, t.model);
    if (!found) throw conflict(MODEL_MSG.applyTargetFirst(model));
    return found;
  };
  return { table, ...planTable(table, await appliedDefinition(db, table), row.data, target) };
}

/** How a change that removes data is let through: MODEL_MAKER allows it, the typed name confirms it. */
export interface DropConsent {
  allowed: boolean;
  confirmName?: string;
}

async function recordCount(db: DbOrTx, table: string): Promise<number> {
  if (!(await appliedDefinition(db, table))) return 0;
  return customTableCount(db, table);
}

/** Refuses a change that removes data unless it is allowed here and confirmed with the model's name. */
function checkConsent(
  consent: DropConsent,
  row: ConfigRow,
  message: string,
  details?: Record<string, unknown>,
) {
  if (!consent.allowed) throw conflict(MODEL_MSG.dropsOff);
  if (consent.confirmName?.trim() !== row.name) throw conflict(message, details);
}

export async function planModelConfig(db: DbOrTx, id: number, dropsAllowed: boolean): Promise<ModelPlan> {
  const { statements, drops, table } = await planFor(db, await configRow(db, id));
  return { statements, drops, records: await recordCount(db, table), drops_allowed: dropsAllowed };
}

async function record(
  tx: DbOrTx,
  auth: Auth,
  row: ConfigRow,
  table: string,
  definition: ModelConfigData | null,
  statements: string[],
) {
  await insertMigration(tx, {
    modelConfigId: row.id,
    tableName: table,
    modelName: row.name,
    definition,
    statements,
    appliedBy: auth.userId,
  });
  await recordAudit(tx, {
    actorId: auth.userId,
    action: 'model_config.apply',
    details: { id: row.id, table, statements },
  });
}

/** Creates or alters the model's table. Removing columns (and their data) needs consent. */
export async function applyModelConfig(db: Db, auth: Auth, id: number, consent: DropConsent) {
  return db.transaction(async (tx) => {
    await lockModelMaker(tx);
    const row = await configRow(tx, id);
    const plan = await planFor(tx, row);
    if (plan.drops.length) {
      const message = MODEL_MSG.confirmDrop(plan.drops, await recordCount(tx, plan.table), row.name);
      checkConsent(consent, row, message, { drops: plan.drops });
    }
    const applied = await appliedDefinition(tx, plan.table);
    if (plan.statements.length === 0 && sameDefinition(applied, row.data)) {
      return { statements: [], drops: [], message: MODEL_MSG.upToDate };
    }
    for (const statement of plan.statements) await runDdl(tx, statement);
    await record(tx, auth, row, plan.table, row.data, plan.statements);
    return { statements: plan.statements, drops: plan.drops, message: MODEL_MSG.applied };
  });
}

/** Deletes a configuration; its table (if applied) goes too, which needs consent when it has rows. */
export async function deleteModelConfig(db: Db, auth: Auth, id: number, consent: DropConsent) {
  await db.transaction(async (tx) => {
    await lockModelMaker(tx);
    const row = await configRow(tx, id);
    const table = customTableName(row.name);
    if (await appliedDefinition(tx, table)) {
      const n = await customTableCount(tx, table);
      if (n > 0) checkConsent(consent, row, MODEL_MSG.confirmDropTable(n, row.name), { rows: n });
      const statement = dropTableStatement(table);
      try {
        await runDdl(tx, statement);
      } catch (error) {
        if (pgErrorCode(error) === DEPENDENT_OBJECTS) throw conflict(MODEL_MSG.stillRelated);
        throw error;
      }
      await record(tx, auth, row, table, null, [statement]);
    }
    await deleteModelConfigRow(tx, id);
  });
}
