import {
  ACCOUNTED_RECEIPTS,
  CLOSED_STATUSES,
  type DashboardOrderKey,
  type DashboardRequest,
  type DeadlineStatus,
  normalizeStatus,
  OPEN_STATUSES,
  todayIn,
} from '@dd/shared';
import { and, count, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { sameFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { patients, providers, requests, requestTypeChoices, userDirectory, users } from '../../db/schema';
import { oneOf } from '../../db/schema/checks';
import { deadlineFields } from '../requests/requests.deadline';
import { deadlineDueRange, openDueBetween } from '../requests/requests.deadline-filter.queries';
import {
  type DashboardScope,
  daysOld,
  daysToDownload,
  daysToReceive,
  receivedDocument,
  scopeCondition,
} from './dashboard.queries';
import type { DashboardOrder } from './dashboard.schemas';

/**
 * GET /api/requests-company/: one page of a firm's requests (filters, sort, ages computed in SQL).
 * The clients panel (return_patients=Yes) is in clients-panel.queries.ts.
 */
export interface RequestFilters {
  openOnly: boolean;
  paralegalId?: number;
  clientId?: number;
  providerId?: number;
  /** 'Open', 'Closed', or one status (or its alias). */
  status?: string;
  /** Created at least this many days ago; 0 means any age. */
  daysOld: number;
  /** Open requests whose legal due date stands there. */
  deadlineStatus?: DeadlineStatus;
  /** The due dates that status covers, worked out from the caller's today (placeholders when prepared). */
  dueRange?: { from: string; to: string };
}

export interface PageWindow {
  page: number;
  pageSize: number;
}

function statusCondition(status: string | undefined): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'Open') return inArray(requests.status, OPEN_STATUSES);
  if (status === 'Closed') return inArray(requests.status, CLOSED_STATUSES);
  const one = normalizeStatus(status);
  return one ? eq(requests.status, one) : sql`false`;
}

/** Filters on requests' own columns, so the count needs no joins. */
export function filterConditions(scope: DashboardScope, filters: RequestFilters, withOpen = true): SQL {
  return and(
    scopeCondition(scope),
    withOpen && filters.openOnly ? inArray(requests.status, OPEN_STATUSES) : undefined,
    filters.paralegalId === undefined ? undefined : eq(requests.userId, filters.paralegalId),
    filters.clientId === undefined ? undefined : eq(requests.patientId, filters.clientId),
    filters.providerId === undefined ? undefined : eq(requests.providerId, filters.providerId),
    statusCondition(filters.status),
    // 0 means any age (the schema allows no less); a prepared shape passes a placeholder here.
    filters.daysOld !== 0
      ? lte(requests.createdAt, sql`now() - make_interval(days => ${filters.daysOld})`)
      : undefined,
    filters.dueRange ? openDueBetween(filters.dueRange.from, filters.dueRange.to) : undefined,
  )!;
}

const mainContact = alias(users, 'main_contact');
const requester = alias(userDirectory, 'requester');
const patientOfRequest = and(
  eq(patients.id, requests.patientId),
  sameFirm(patients.companyId, requests.companyId),
);
// The main contact is a user of the request's firm; the requester may be internal staff who placed it, of
// another firm, so it is read from the user directory.
const mainContactOfRequest = and(
  eq(mainContact.id, requests.userId),
  sameFirm(mainContact.companyId, requests.companyId),
);

/** Internal numbers are text ('10001', '10001-2'): order by the number, then the split suffix. */
const internalNumberValue = sql`substring(${requests.internalNumber} from '^[0-9]+')::bigint`;

/**
 * How each sort key orders. `join` names the table the key lives in; `inverse` flips the direction
 * (older requests have more days); `nullable` keys put rows without a value last in both directions.
 */
type SortJoin = 'patient' | 'provider' | 'user';
const ORDER: Record<
  DashboardOrderKey,
  { by: (SQL | AnyPgColumn)[]; join?: SortJoin; inverse?: true; nullable?: true }
> = {
  created_at: { by: [requests.createdAt] },
  end_date: { by: [requests.endDate], nullable: true },
  start_date: { by: [requests.startDate], nullable: true },
  user__full_name: { by: [mainContact.fullName], join: 'user', nullable: true },
  patient__full_name: { by: [patients.fullName], join: 'patient' },
  provider__name: { by: [providers.name], join: 'provider' },
  request_type: { by: [requests.requestType] },
  status: { by: [requests.status] },
  days_old: { by: [requests.createdAt], inverse: true },
  days_to_receive: { by: [daysToReceive], nullable: true },
  received_document: { by: [receivedDocument] },
  days_to_download: { by: [daysToDownload], nullable: true },
  internal_number: { by: [internalNumberValue, requests.internalNumber] },
};

const sortKeyOf = (order: DashboardOrder) =>
  ORDER[(order.startsWith('-') ? order.slice(1) : order) as DashboardOrderKey];

export function orderClauses(order: DashboardOrder): SQL[] {
  const descending = order.startsWith('-');
  const spec = sortKeyOf(order);
  const dir = sql.raw(descending !== Boolean(spec.inverse) ? 'desc' : 'asc');
  const nulls = sql.raw(spec.nullable ? ' nulls last' : '');
  return [
    ...spec.by.map((expr) => sql`${expr} ${dir}${nulls}`),
    sql`${requests.id} ${sql.raw(descending ? 'desc' : 'asc')}`,
  ];
}

/**
 * The ids of one page, joining only the table the sort key lives in: sorting a large firm by client
 * or provider then touches two narrow tables, and the other joins run for the page's rows only.
 */
function pageIdsQuery(
  db: DbOrTx,
  scope: DashboardScope,
  filters: RequestFilters,
  order: DashboardOrder,
  window: PageWindow,
  offset: number,
) {
  let query = db.select({ id: requests.id }).from(requests).$dynamic();
  const join = sortKeyOf(order).join;
  if (join === 'patient') query = query.innerJoin(patients, patientOfRequest);
  if (join === 'provider') query = query.innerJoin(providers, eq(providers.id, requests.providerId));
  if (join === 'user') query = query.leftJoin(mainContact, mainContactOfRequest);
  return query
    .where(filterConditions(scope, filters))
    .orderBy(...orderClauses(order))
    .limit(window.pageSize)
    .offset(offset)
    .as('page');
}

/** The page query (not run), so the benchmark can time the very same SQL. */
export function companyRequestsQuery(
  db: DbOrTx,
  scope: DashboardScope,
  filters: RequestFilters,
  order: DashboardOrder,
  window: PageWindow,
  offset = (window.page - 1) * window.pageSize,
) {
  const page = pageIdsQuery(db, scope, filters, order, window, offset);
  return db
    .select({
      id: requests.id,
      internal_number: requests.internalNumber,
      created_at: requests.createdAt,
      start_date: requests.startDate,
      end_date: requests.endDate,
      status: requests.status,
      request_type: requests.requestType,
      rush: requests.rush,
      patient: {
        id: patients.id,
        first_name: patients.firstName,
        last_name: patients.lastName,
        full_name: patients.fullName,
        company_id: patients.companyId,
      },
      provider: { id: providers.id, name: providers.name },
      user: { id: mainContact.id, full_name: mainContact.fullName },
      requester: { id: requester.userId, full_name: requester.fullName },
      days_old: daysOld,
      days_to_receive: daysToReceive,
      received_document: receivedDocument,
      days_to_download: daysToDownload,
      legalBasis: requests.legalBasis,
      dueDate: requests.dueDate,
      deadlineRule: requests.deadlineRule,
      providerState: providers.state,
      // Completeness of the page's rows only, each from its request's few category rows (primary key).
      records_asked: sql<number>`(select count(*)::int from ${requestTypeChoices} c where c.request_id = ${requests.id} and c.company_id = ${requests.companyId})`,
      records_accounted: sql<number>`(select count(*)::int from ${requestTypeChoices} c where c.request_id = ${requests.id} and c.company_id = ${requests.companyId} and ${oneOf(sql`c.receipt`, ACCOUNTED_RECEIPTS)})`,
    })
    .from(page)
    .innerJoin(requests, and(eq(requests.id, page.id), eq(requests.companyId, scope.companyId)))
    .innerJoin(patients, patientOfRequest)
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .leftJoin(mainContact, mainContactOfRequest)
    .leftJoin(requester, eq(requester.userId, requests.requesterId))
    .orderBy(...orderClauses(order));
}

export function companyRequestsCountQuery(db: DbOrTx, scope: DashboardScope, filters: RequestFilters) {
  return db.select({ count: count() }).from(requests).where(filterConditions(scope, filters));
}

/** A placeholder typed as the value it stands for, so the query builders take it as they take the value. */
const placeholder = (name: string) => sql.placeholder(name) as unknown as number;

interface PreparedList {
  page: ReturnType<ReturnType<typeof companyRequestsQuery>['prepare']>;
  count: ReturnType<ReturnType<typeof companyRequestsCountQuery>['prepare']>;
}
const MAX_SHAPES = 200;
const preparedLists = new WeakMap<DbOrTx, Map<string, PreparedList>>();
let statementNumber = 0;

/**
 * The list's two statements for this shape of call (the kind of caller, which filters are set, the status,
 * order and page size), built and prepared once, with placeholders for the ids, the age and the offset:
 * building the SQL with Drizzle took longer than PostgreSQL took to run it for a page of rows.
 * The access rule is the same `visibleRequests`, given placeholders for the caller's ids.
 */
function preparedList(
  db: DbOrTx,
  scope: DashboardScope,
  filters: RequestFilters,
  order: DashboardOrder,
  window: PageWindow,
): PreparedList {
  // Aliases of one status share a shape: only known statuses pass the schema, in any spelling.
  const status =
    filters.status === undefined || filters.status === 'Open' || filters.status === 'Closed'
      ? filters.status
      : normalizeStatus(filters.status);
  const shape = JSON.stringify([
    scope.auth.isInternal,
    scope.auth.isStaff,
    scope.userId !== undefined,
    filters.openOnly,
    filters.paralegalId !== undefined,
    filters.clientId !== undefined,
    filters.providerId !== undefined,
    status,
    filters.daysOld > 0,
    filters.deadlineStatus !== undefined,
    order,
    window.pageSize,
  ]);
  let shapes = preparedLists.get(db);
  if (!shapes) {
    shapes = new Map();
    preparedLists.set(db, shapes);
  }
  const known = shapes.get(shape);
  if (known) {
    // Most recently used last, so the least used shape is the one dropped past MAX_SHAPES.
    shapes.delete(shape);
    shapes.set(shape, known);
    return known;
  }
  const template: DashboardScope = {
    auth: scope.auth,
    companyId: placeholder('companyId'),
    visible: visibleRequests({
      ...scope.auth,
      userId: placeholder('authUserId'),
      companyId: placeholder('authCompanyId'),
    }),
    userId: scope.userId === undefined ? undefined : placeholder('viewAsUserId'),
  };
  const templateFilters: RequestFilters = {
    ...filters,
    status,
    daysOld: filters.daysOld > 0 ? placeholder('daysOld') : 0,
    paralegalId: filters.paralegalId === undefined ? undefined : placeholder('paralegalId'),
    clientId: filters.clientId === undefined ? undefined : placeholder('clientId'),
    providerId: filters.providerId === undefined ? undefined : placeholder('providerId'),
    dueRange:
      filters.deadlineStatus === undefined
        ? undefined
        : {
            from: placeholder('dueFrom') as unknown as string,
            to: placeholder('dueTo') as unknown as string,
          },
  };
  const n = ++statementNumber;
  const list: PreparedList = {
    page: companyRequestsQuery(db, template, templateFilters, order, window, placeholder('offset')).prepare(
      `dashboard_requests_${n}`,
    ),
    count: companyRequestsCountQuery(db, template, templateFilters).prepare(`dashboard_requests_count_${n}`),
  };
  shapes.set(shape, list);
  if (shapes.size > MAX_SHAPES) shapes.delete(shapes.keys().next().value as string);
  return list;
}

export async function listCompanyRequests(
  db: DbOrTx,
  scope: DashboardScope,
  filters: RequestFilters,
  order: DashboardOrder,
  window: PageWindow,
): Promise<{ count: number; results: { request: DashboardRequest }[] }> {
  const list = preparedList(db, scope, filters, order, window);
  const dueRange = filters.deadlineStatus
    ? deadlineDueRange(filters.deadlineStatus, todayIn(scope.auth.timezone))
    : undefined;
  const values = {
    companyId: scope.companyId,
    authUserId: scope.auth.userId,
    authCompanyId: scope.auth.companyId,
    viewAsUserId: scope.userId,
    paralegalId: filters.paralegalId,
    clientId: filters.clientId,
    providerId: filters.providerId,
    daysOld: filters.daysOld,
    dueFrom: dueRange?.from,
    dueTo: dueRange?.to,
    offset: (window.page - 1) * window.pageSize,
  };
  const [rows, [total]] = await Promise.all([list.page.execute(values), list.count.execute(values)]);
  return {
    count: total.count,
    // Written out field by field: rest and spread of a 20-field row cost about 15 µs a row, more than the
    // rest of the mapping.
    results: rows.map((row) => ({
      request: {
        id: row.id,
        internal_number: row.internal_number,
        created_at: row.created_at.toISOString(),
        start_date: row.start_date,
        end_date: row.end_date,
        status: row.status,
        request_type: row.request_type,
        rush: row.rush,
        patient: row.patient,
        provider: row.provider,
        user: row.user,
        requester: row.requester,
        days_old: row.days_old,
        days_to_receive: row.days_to_receive,
        received_document: row.received_document,
        days_to_download: row.days_to_download,
        records_asked: row.records_asked,
        records_accounted: row.records_accounted,
        ...deadlineFields(row, row.providerState),
      },
    })),
  };
}
