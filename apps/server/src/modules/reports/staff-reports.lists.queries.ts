// SQL of the staff reports' subjects and tables: the subject's name, the requests behind a card, the
// assignment table, the paralegal list and the provider report (internal staff only: they reach every firm).
import type { CardRule, ReportSubject } from '@dd/shared';
import { and, asc, count, eq, ilike, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idIn } from '../../db/id-lists';
import { companies, providers, requests, users } from '../../db/schema';
import { containsPattern } from '../requests/requests.filter-kit';
import { cardPredicate } from './card-rules.queries';
import {
  type CountRow,
  countCards,
  type Moment,
  pageRequests,
  type ReportOrdering,
  subjectConditions,
} from './staff-reports.queries';

/** A user's name, if of the internal company (`internal`) or else of a law firm. */
export async function personName(
  db: DbOrTx,
  id: number,
  internal: boolean,
  internalCompanyId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: users.fullName })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        internal ? eq(users.companyId, internalCompanyId) : ne(users.companyId, internalCompanyId),
      ),
    );
  return row?.name;
}

/** A law firm's name (never the internal company's). */
export async function lawFirmName(
  db: DbOrTx,
  id: number,
  internalCompanyId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, id), ne(companies.id, internalCompanyId)));
  return row?.name;
}

export async function providerName(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: providers.name }).from(providers).where(eq(providers.id, id));
  return row?.name;
}

/** One page of the subject's requests that the card counts. */
export function pageCardRequests(
  db: DbOrTx,
  subject: ReportSubject,
  rule: CardRule,
  moment: Moment,
  ordering: ReportOrdering,
  paging: { limit: number; offset: number },
) {
  const where = sql`${subjectConditions(subject)} and ${cardPredicate(rule)}`;
  return pageRequests(db, where, moment, ordering, paging);
}

/** The open requests' cards, per staff member working on them (null: unclaimed). */
export function openCardsByWorker(db: DbOrTx, cards: readonly string[], moment: Moment): Promise<CountRow[]> {
  return countCards(
    db,
    sql`${requests.active} and ${cardPredicate({ kind: 'open' })}`,
    cards,
    moment,
    sql`${requests.workingOnId}`,
  );
}

/** The internal company's active staff, by name. */
export function activeStaff(db: DbOrTx, internalCompanyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(and(eq(users.companyId, internalCompanyId), eq(users.isStaff, true), eq(users.isActive, true)))
    .orderBy(asc(users.fullName), asc(users.id));
}

/** The names of these users. */
export function userNames(db: DbOrTx, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.select({ id: users.id, name: users.fullName }).from(users).where(idIn(users.id, ids));
}

const nameFilter = (column: Parameters<typeof ilike>[0], name?: string) =>
  name ? ilike(column, containsPattern(name)) : undefined;

/** One page of law-firm users, by name, with their firm's name, and how many there are. */
export async function paralegalPage(
  db: DbOrTx,
  query: { name?: string; limit: number; offset: number; internalCompanyId: number },
) {
  const where = and(ne(users.companyId, query.internalCompanyId), nameFilter(users.fullName, query.name));
  const [people, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, name: users.fullName, lawFirm: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(asc(users.fullName), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { people, total };
}

/** One page of providers, by name, and how many there are. */
export async function providerPage(db: DbOrTx, query: { name?: string; limit: number; offset: number }) {
  const where = nameFilter(providers.name, query.name);
  const [list, [{ total }]] = await Promise.all([
    db
      .select({ id: providers.id, name: providers.name })
      .from(providers)
      .where(where)
      .orderBy(asc(providers.name), asc(providers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(providers).where(where),
  ]);
  return { list, total };
}

const OPEN_CLOSED = ['open_requests', 'closed_requests'] as const;
const GROUPS = { mainContact: requests.userId, provider: requests.providerId };

/** Open and closed counts for the page's rows only, grouped by main contact or provider (one query). */
export async function openClosedCounts(
  db: DbOrTx,
  ids: number[],
  by: keyof typeof GROUPS,
  moment: Moment,
): Promise<Map<number, CountRow>> {
  if (ids.length === 0) return new Map<number, CountRow>();
  const column = sql`${GROUPS[by]}`;
  const rows = await countCards(
    db,
    sql`${requests.active} and ${column} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    OPEN_CLOSED,
    moment,
    column,
  );
  return new Map(rows.map((r) => [Number(r.group_id), r]));
}
