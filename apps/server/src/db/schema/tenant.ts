import { type AnyPgColumn, foreignKey, integer } from 'drizzle-orm/pg-core';
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

/**
 * A foreign key to another firm-owned row that names the firm too: `(parent_id, company_id) → parent (id,
 * company_id)`. The row can then only point at a parent of its own firm, and under a distributed database
 * both live on one shard (docs/scale.md, rule 2; decision 075). A parent's firm can change (a client, and so
 * its requests, moved to another firm; a user moved), so its rows follow it (`ON UPDATE CASCADE`).
 */
export const firmKey = (
  name: string,
  columns: [AnyPgColumn, AnyPgColumn],
  parent: { id: AnyPgColumn; companyId: AnyPgColumn },
) => foreignKey({ name, columns, foreignColumns: [parent.id, parent.companyId] }).onUpdate('cascade');
