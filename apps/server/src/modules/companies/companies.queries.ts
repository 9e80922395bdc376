import { type CompanyListItem, OPEN_STATUSES } from '@dd/shared';
import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, patients, users } from '../../db/schema';

/** SQL for companies. Callers check who may reach a company; these helpers do not scope by tenant. */
export type CompanyRow = typeof companies.$inferSelect;
export type CompanyColumns = Omit<typeof companies.$inferInsert, 'id' | 'createdAt'>;

/** ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function findCompany(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function insertCompany(db: DbOrTx, columns: CompanyColumns): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(columns).returning();
  return row;
}

export async function lockCompany(tx: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const [current] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return current;
}

export async function updateCompanyRow(tx: DbOrTx, id: number, columns: CompanyColumns): Promise<CompanyRow> {
  const [row] = await tx.update(companies).set(columns).where(eq(companies.id, id)).returning();
  return row;
}

/** Locks the company row for a delete; undefined when there is none. */
export async function lockCompanyId(tx: DbOrTx, id: number): Promise<{ id: number } | undefined> {
  const [current] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, id))
    .for('update');
  return current;
}

export async function deleteCompanyRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(companies).where(eq(companies.id, id));
}

/** Law firms only: the internal company is not a customer (its own page stays reachable by id). */
const lawFirms = (internalCompanyId: number, name?: string) =>
  and(ne(companies.id, internalCompanyId), name ? ilike(companies.name, containsPattern(name)) : undefined);

export function listCompanyRows(
  db: DbOrTx,
  filter: { name?: string; descending: boolean; internalCompanyId: number },
) {
  return db
    .select()
    .from(companies)
    .where(lawFirms(filter.internalCompanyId, filter.name))
    .orderBy(filter.descending ? desc(companies.name) : asc(companies.name), asc(companies.id));
}

/** One page of /companyList/ (law firms) with each company's user and request counts, all counted in SQL. */
export async function pageCompanyRows(
  db: DbOrTx,
  filter: { name?: string; limit: number; offset: number; internalCompanyId: number },
): Promise<{ rows: CompanyListItem[]; total: number }> {
  const where = lawFirms(filter.internalCompanyId, filter.name);
  const open = sql.join(
    OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // Correlated counts over at most one page of companies, each answered from a company index.
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        city: companies.city,
        state: companies.state,
        users_count: sql<number>`(select count(*)::int from users u where u.company_id = ${companies}.id)`,
        requests_count: sql<number>`(select count(*)::int from requests r
          where r.company_id = ${companies}.id and r.active)`,
        open_requests_count: sql<number>`(select count(*)::int from requests r
          where r.company_id = ${companies}.id and r.active and r.status in (${open}))`,
      })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total };
}

/** How many users and clients still belong to a company (a company with either is not deleted). */
export async function companyUsage(db: DbOrTx, id: number): Promise<{ users: number; clients: number }> {
  const [[u], [p]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.companyId, id)),
    db.select({ n: count() }).from(patients).where(eq(patients.companyId, id)),
  ]);
  return { users: u.n, clients: p.n };
}
