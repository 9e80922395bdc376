import {
  customTableName,
  FIRM_RECORD_MODELS,
  MODEL_MSG,
  type ModelConfig,
  type ModelConfigBodySchema,
  type ModelConfigData,
  type ModelPlan,
} from '@dd/shared';
import { asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { customModelMigrations, modelConfigs } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { pgErrorCode } from '../../lib/constraint-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { dropTableStatement, type Plan, planTable, quoteIdentifier } from './model-maker.ddl';
import { latestMigrations, modelsIndex, relationTarget } from './models';
import type { AdminModelDef } from './registry';

/**
 * Model configurations and the one path that applies them to the `custom` schema: plan (model-maker.ddl),
 * refuse drops without confirmation, run the statements and record them in custom_model_migrations, all
 * in one transaction under an advisory lock so two instances never apply at once.
 */
type Body = z.output<typeof ModelConfigBodySchema>;
type ConfigRow = typeof modelConfigs.$inferSelect;

/** 'cannot drop … because other objects depend on it': another custom table relates to it. */
const DEPENDENT_OBJECTS = '2BP01';

/** One lock for all model-maker DDL ('custom' as a number). */
const DDL_LOCK = 0x637573746f6d;

async function appliedDefinition(db: DbOrTx, table: string) {
  const [row] = await db
    .select({ definition: customModelMigrations.definition })
    .from(customModelMigrations)
    .where(eq(customModelMigrations.tableName, table))
    .orderBy(desc(customModelMigrations.id))
    .limit(1);
  return row?.definition ?? null;
}

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
  const [rows, migrations] = await Promise.all([
    db.select().from(modelConfigs).orderBy(asc(modelConfigs.order), asc(modelConfigs.name)),
    latestMigrations(db),
  ]);
  const applied = new Map(migrations.map((m) => [m.tableName, m.definition]));
  return rows.map((row) => present(row, applied.get(customTableName(row.name)) ?? null));
}

async function configRow(db: DbOrTx, id: number): Promise<ConfigRow> {
  const [row] = await db.select().from(modelConfigs).where(eq(modelConfigs.id, id));
  if (!row) throw notFound();
  return row;
}

/** Relations must point at a model the administration knows (or at a model configured here), never at a firm's records. */
async function checkRelations(db: DbOrTx, data: ModelConfigData) {
  const index = await modelsIndex(db);
  const configured = new Set(
    (await db.select({ name: modelConfigs.name }).from(modelConfigs)).map((r) => customTableName(r.name)),
  );
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
  const others = await db
    .select({ id: modelConfigs.id, name: modelConfigs.name })
    .from(modelConfigs)
    .where(id ? ne(modelConfigs.id, id) : sql`true`);
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
      const [updated] = await tx.update(modelConfigs).set(values).where(eq(modelConfigs.id, id)).returning();
      return updated;
    }
    const [created] = await tx.insert(modelConfigs).values(values).returning();
    return created;
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
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql.raw(`select count(*)::int as n from ${quoteIdentifier('custom')}.${quoteIdentifier(table)}`),
  );
  return n;
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
  await tx.insert(customModelMigrations).values({
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
    await tx.execute(sql`select pg_advisory_xact_lock(${DDL_LOCK})`);
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
    for (const statement of plan.statements) await tx.execute(sql.raw(statement));
    await record(tx, auth, row, plan.table, row.data, plan.statements);
    return { statements: plan.statements, drops: plan.drops, message: MODEL_MSG.applied };
  });
}

/** Deletes a configuration; its table (if applied) goes too, which needs consent when it has rows. */
export async function deleteModelConfig(db: Db, auth: Auth, id: number, consent: DropConsent) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DDL_LOCK})`);
    const row = await configRow(tx, id);
    const table = customTableName(row.name);
    if (await appliedDefinition(tx, table)) {
      const [{ n }] = await queryRows<{ n: number }>(
        tx,
        sql.raw(`select count(*)::int as n from ${quoteIdentifier('custom')}.${quoteIdentifier(table)}`),
      );
      if (n > 0) checkConsent(consent, row, MODEL_MSG.confirmDropTable(n, row.name), { rows: n });
      const statement = dropTableStatement(table);
      try {
        await tx.execute(sql.raw(statement));
      } catch (error) {
        if (pgErrorCode(error) === DEPENDENT_OBJECTS) throw conflict(MODEL_MSG.stillRelated);
        throw error;
      }
      await record(tx, auth, row, table, null, [statement]);
    }
    await tx.delete(modelConfigs).where(eq(modelConfigs.id, id));
  });
}
