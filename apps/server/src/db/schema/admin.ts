import type { ModelConfigData } from '@dd/shared';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Data-administration tables: disk usage snapshots and the generic model configurations. */
export const diskUsage = pgTable(
  'disk_usage',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    total: bigint('total', { mode: 'number' }).notNull(),
    free: bigint('free', { mode: 'number' }).notNull(),
    used: bigint('used', { mode: 'number' }).notNull(),
    /** The database's own size (pg_database_size), and the stored files' when they are on this disk. */
    databaseBytes: bigint('database_bytes', { mode: 'number' }),
    filesBytes: bigint('files_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('disk_usage_created_idx').on(t.createdAt)],
);

export const modelConfigs = pgTable('model_configs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  order: integer('order').notNull().default(0),
  data: jsonb('data').$type<ModelConfigData>().notNull().default({ fields: [], related: [] }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the model maker did to the `custom` schema, like a migration: the statements that ran and the
 * definition the table has since (null once the table was dropped). The newest row per table is the
 * table's current shape, which the data administration reads.
 */
export const customModelMigrations = pgTable(
  'custom_model_migrations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    modelConfigId: integer('model_config_id').references(() => modelConfigs.id, { onDelete: 'set null' }),
    tableName: text('table_name').notNull(),
    modelName: text('model_name').notNull(),
    definition: jsonb('definition').$type<ModelConfigData>(),
    statements: jsonb('statements').$type<string[]>().notNull(),
    appliedBy: integer('applied_by'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_model_migrations_table_idx').on(t.tableName, t.id)],
);

/** Security-relevant actions (who changed whom); written in the same transaction as the change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_target_idx').on(t.targetUserId),
  ],
);

/**
 * Rate-limit hits shared by every server instance: one row per counted event, counted in a sliding
 * window by (bucket, key). Old rows are pruned as new ones arrive.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_lookup_idx').on(t.bucket, t.key, t.hitAt)],
);
