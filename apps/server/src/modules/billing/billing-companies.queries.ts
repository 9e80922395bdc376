import { BILLABLE_STATUSES, type InvoiceCompany } from '@dd/shared';
import { asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, requestTallies } from '../../db/schema';
import { oneOf } from '../../db/schema/checks';

/** The companies as billing reads them: the firms to invoice, and one firm's name, address or price. */

/** A page of the firms to invoice (every company but the internal one), by name, with their request counts. */
export async function invoiceCompaniesPage(
  db: DbOrTx,
  internalCompanyId: number,
  paging: { limit: number; offset: number },
): Promise<{ rows: InvoiceCompany[]; total: number }> {
  const where = ne(companies.id, internalCompanyId);
  // From the running tallies (request_tallies: the firm's active requests by status and rush, and how many
  // of them are billed), a few rows per firm, instead of counting each firm's requests and lines.
  const t = requestTallies;
  const tallied = (figure: SQL, which: SQL) => sql<number>`(select
    coalesce(sum(${figure}) filter (where ${which}), 0)::int from ${t}
    where not ${t.byWorker} and ${t.groupId} = ${companies}.id)`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        normal_requests: tallied(sql`${t.n}`, sql`not ${t.rush}`),
        rush_requests: tallied(sql`${t.n}`, sql`${t.rush}`),
        // A request is billed once a line of it is on a billing (billed_price, kept by invoices_billed_price).
        unbilled_lines: tallied(sql`${t.n} - ${t.billed}`, oneOf(t.status, BILLABLE_STATUSES)),
      })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total };
}

/** The company's id and name, if it exists. */
export async function companyName(db: DbOrTx, companyId: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company;
}

/** The company's whole row (its address heads its invoices). */
export async function companyRow(db: DbOrTx, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  return company;
}

/** The company's price per request, if it exists. */
export async function companyRequestPrice(db: DbOrTx, companyId: number) {
  const [company] = await db
    .select({ requestPrice: companies.requestPrice })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company;
}
