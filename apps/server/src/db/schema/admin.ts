import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Data-administration tables: disk usage snapshots and the generic model configurations. */
export const diskUsage = pgTable(
  'disk_usage',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    total: bigint('total', { mode: 'number' }).notNull(),
    free: bigint('free', { mode: 'number' }).notNull(),
    used: bigint('used', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('disk_usage_created_idx').on(t.createdAt)],
);

export const MODEL_FIELD_TYPES = ['Boolean', 'Datetime', 'Decimal', 'Integer', 'Char', 'Text'] as const;
export type ModelFieldType = (typeof MODEL_FIELD_TYPES)[number];

export interface ModelConfigData {
  fields: { name: string; type: ModelFieldType; default?: unknown; blank?: boolean; limit?: number }[];
  related: { name: string; model: string; alias?: string }[];
}

export const modelConfigs = pgTable('model_configs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  order: integer('order').notNull().default(0),
  data: jsonb('data').$type<ModelConfigData>().notNull().default({ fields: [], related: [] }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
