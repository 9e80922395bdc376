import { STATUS } from '@dd/shared';
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { companies, files, patients, requests, users } from '../../db/schema';

/**
 * SQL pieces every dashboard query shares: the tenant scope, the rule for a file the firm may
 * download, and the whole-day ages computed from timestamps.
 */

/** Which requests a dashboard call covers. Built by the service from the caller; never optional. */
export interface DashboardScope {
  /** The caller: the requests list prepares its statements per kind of caller. */
  auth: Auth;
  companyId: number;
  /** visibleRequests(auth) of the caller. */
  visible: SQL;
  /** The view-as user (main contact), when the page shows one user's dashboard. */
  userId?: number;
}

/** Requests of the scope's company that the caller may see; inactive requests are not listed. */
export function scopeCondition(scope: DashboardScope): SQL {
  return and(
    eq(requests.companyId, scope.companyId),
    scope.visible,
    // Bare column (not `= true`) so the partial indexes `where active` match.
    sql`${requests.active}`,
    scope.userId === undefined ? undefined : eq(requests.userId, scope.userId),
  )!;
}

/** Statuses that mean the documents reached the firm even when received_document_at is unset. */
export const ARRIVED_STATUSES = [STATUS.completedArrived, STATUS.closedArrived];

/** A records file the firm can download: kept, not a supporting document, verified, request received. */
export function readyFileCondition(): SQL {
  return and(
    // Written as the predicate of the partial indexes files_ready_* so they match.
    sql`not ${files.archived}`,
    sql`not ${files.supportingFile}`,
    isNotNull(files.verifiedById),
    or(isNotNull(requests.receivedDocumentAt), inArray(requests.status, ARRIVED_STATUSES)),
  )!;
}

/** Whole days between two timestamps (null when either is null). */
export function daysBetween(from: SQL | AnyPgColumn, to: SQL | AnyPgColumn): SQL<number | null> {
  return sql<number | null>`floor(extract(epoch from (${to} - ${from})) / 86400)::int`;
}

export const daysOld = daysBetween(requests.createdAt, sql`now()`) as SQL<number>;
export const daysToReceive = daysBetween(requests.createdAt, requests.receivedDocumentAt);
export const daysToDownload = daysBetween(requests.receivedDocumentAt, requests.firstDownloadedAt);
export const receivedDocument = sql<boolean>`(${requests.receivedDocumentAt} is not null)`;

/** The user, if they belong to the company. */
export async function userOfCompany(
  db: DbOrTx,
  userId: number,
  companyId: number,
): Promise<{ id: number } | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  return user;
}

/** The company's id, if it exists (read by internal users, whose reach crosses firms). */
export async function companyIdIfAny(db: DbOrTx, companyId: number): Promise<{ id: number } | undefined> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return company;
}

/** The client, if they belong to the company. */
export async function clientOfCompany(
  db: DbOrTx,
  companyId: number,
  clientId: number,
): Promise<{ id: number } | undefined> {
  const [patient] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, clientId), eq(patients.companyId, companyId)));
  return patient;
}

/** A dashboard page's heading: the company, and the view-as user when there is one. */
export async function dashboardHeading(db: DbOrTx, companyId: number, viewAsUserId?: number) {
  const [[company], [user]] = await Promise.all([
    db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)),
    viewAsUserId === undefined
      ? Promise.resolve([])
      : db
          .select({ id: users.id, full_name: users.fullName })
          .from(users)
          .where(and(eq(users.id, viewAsUserId), eq(users.companyId, companyId))),
  ]);
  return { company, user };
}
