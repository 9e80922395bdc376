// SQL of the model maker: model configurations, the migrations applied to the `custom` schema, and the
// statements that run them (the DDL text itself is planned in model-maker.ddl.ts).
import type { ModelConfigData } from '@dd/shared';
import { asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { customModelMigrations, modelConfigs } from '../../db/schema';
import { quoteIdentifier } from './model-maker.ddl';

export type ConfigRow = typeof modelConfigs.$inferSelect;
type ConfigValues = { name: string; order: number; data: ModelConfigData };

/** One lock for all model-maker DDL ('custom' as a number). */
const DDL_LOCK = 0x637573746f6d;

/** The newest migration of every custom table, in one query. */
export function latestMigrations(db: DbOrTx) {
  return db
    .selectDistinctOn([customModelMigrations.tableName])
    .from(customModelMigrations)
    .orderBy(customModelMigrations.tableName, desc(customModelMigrations.id));
}

/** The definition the table was last migrated to (null: never applied, or dropped). */
export async function appliedDefinition(db: DbOrTx, table: string) {
  const [row] = await db
    .select({ definition: customModelMigrations.definition })
    .from(customModelMigrations)
    .where(eq(customModelMigrations.tableName, table))
    .orderBy(desc(customModelMigrations.id))
    .limit(1);
  return row?.definition ?? null;
}

export function modelConfigsInOrder(db: DbOrTx): Promise<ConfigRow[]> {
  return db.select().from(modelConfigs).orderBy(asc(modelConfigs.order), asc(modelConfigs.name));
}

export async function modelConfigById(db: DbOrTx, id: number): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(modelConfigs).where(eq(modelConfigs.id, id));
  return row;
}

export function modelConfigNames(db: DbOrTx): Promise<{ name: string }[]> {
  return db.select({ name: modelConfigs.name }).from(modelConfigs);
}

/** Every configuration but `exceptId` (all of them without one). */
export function otherModelConfigs(
  db: DbOrTx,
  exceptId: number | undefined,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: modelConfigs.id, name: modelConfigs.name })
    .from(modelConfigs)
    .where(exceptId ? ne(modelConfigs.id, exceptId) : sql`true`);
}

export async function updateModelConfigRow(tx: DbOrTx, id: number, values: ConfigValues): Promise<ConfigRow> {
  const [updated] = await tx.update(modelConfigs).set(values).where(eq(modelConfigs.id, id)).returning();
  return updated;
}

export async function insertModelConfig(tx: DbOrTx, values: ConfigValues): Promise<ConfigRow> {
  const [created] = await tx.insert(modelConfigs).values(values).returning();
  return created;
}

export async function deleteModelConfigRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(modelConfigs).where(eq(modelConfigs.id, id));
}

/** How many records the custom table holds. */
export async function customTableCount(db: DbOrTx, table: string): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql.raw(`select count(*)::int as n from ${quoteIdentifier('custom')}.${quoteIdentifier(table)}`),
  );
  return n;
}

/** Holds the model maker's advisory lock until the transaction ends. */
export async function lockModelMaker(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DDL_LOCK})`);
}

/** Runs one planned DDL statement, as planned. */
export async function runDdl(tx: DbOrTx, statement: string): Promise<void> {
  await tx.execute(sql.raw(statement));
}

export async function insertMigration(
  tx: DbOrTx,
  migration: {
    modelConfigId: number;
    tableName: string;
    modelName: string;
    definition: ModelConfigData | null;
    statements: string[];
    appliedBy: number;
  },
): Promise<void> {
  await tx.insert(customModelMigrations).values(migration);
}
