import { integer } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * The firm a row belongs to, on every tenant table, even where a parent row already says it: every tenant
 * query names its firm, and the column is what a distributed database would shard by (docs/scale.md).
 * Tables that gained it late are filled by db/tenant-backfill.ts and a trigger (decision 071).
 */
export const tenantColumn = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);
