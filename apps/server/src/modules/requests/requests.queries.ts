import {
  formatAmount,
  type RequestListItem,
  type RequestListRelation,
  type RequestPatient,
  type UserBrief,
} from '@dd/shared';
import { and, count, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { visibleRequests } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { idIn } from '../../db/id-lists';
import { companies, patients, providers, requests, userDirectory } from '../../db/schema';
import { providerColumns } from '../providers/providers.queries';
import { directoryBriefColumns } from '../users/users.queries';
import { type Cursor, createdAtKey, cursorQuery } from './requests.cursor.queries';
import { deadlineFields } from './requests.deadline';
import { containsPattern } from './requests.filter-kit';
import { REQUEST_ORDERINGS, type RequestOrdering } from './requests.filters.queries';
import { typeNamesByRequest } from './requests.types.queries';

/**
 * SQL for requests: the row with its computed ages, batch loading of related objects (no N+1), and the
 * JSON shape. Every function that reads requests for a caller ANDs visibleRequests(auth).
 */
const days = (from: SQL | typeof requests.createdAt, to: SQL | typeof requests.createdAt) =>
  sql<number | null>`(${to})::date - (${from})::date`;

const computedColumns = {
  daysOld: sql<number>`(current_date - (${requests.createdAt})::date)`.mapWith(Number),
  daysToReceive: days(requests.createdAt, sql`${requests.receivedDocumentAt}`),
  daysToDownload: days(sql`${requests.receivedDocumentAt}`, sql`${requests.firstDownloadedAt}`),
  /** Whose "today" the deadline status is read in (one primary-key read per row). */
  providerState: sql<
    string | null
  >`(select ${providers.state} from ${providers} where ${providers.id} = ${requests.providerId})`,
};

export const requestColumns = { ...getTableColumns(requests), ...computedColumns };

/**
 * What requestJson reads. A list page selects these alone: the third of the table's columns it never shows
 * (costs, billing, the provider's pages and postage, the follow-up bookkeeping) cost parsing and mapping on
 * every row.
 */
const listedColumns = {
  id: requests.id,
  internalNumber: requests.internalNumber,
  status: requests.status,
  requestType: requests.requestType,
  rush: requests.rush,
  startDate: requests.startDate,
  endDate: requests.endDate,
  specialInstructions: requests.specialInstructions,
  intakeFormUrl: requests.intakeFormUrl,
  hipaaConsentUrl: requests.hipaaConsentUrl,
  attorneyName: requests.attorneyName,
  price: requests.price,
  active: requests.active,
  archived: requests.archived,
  createdAt: requests.createdAt,
  completedDate: requests.completedDate,
  closedDate: requests.closedDate,
  patientId: requests.patientId,
  providerId: requests.providerId,
  userId: requests.userId,
  requesterId: requests.requesterId,
  companyId: requests.companyId,
  receivedDocumentAt: requests.receivedDocumentAt,
  legalBasis: requests.legalBasis,
  dueDate: requests.dueDate,
  deadlineRule: requests.deadlineRule,
  nextTodoDate: requests.nextTodoDate,
  workingOnId: requests.workingOnId,
  ...computedColumns,
};

export type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];
/** A request as lists read it (any full RequestRow is one). */
export type ListedRequestRow = Pick<RequestRow, keyof typeof listedColumns>;

function selectRequests(db: DbOrTx, where: SQL | undefined) {
  return db.select(requestColumns).from(requests).where(where).$dynamic();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: number | null) => (v === null || v === undefined ? null : Number(v));

export function requestJson(row: ListedRequestRow, typeNames: string[]): RequestListItem {
  return {
    id: row.id,
    internal_number: row.internalNumber,
    status: row.status,
    request_type: row.requestType,
    request_types: typeNames,
    rush: row.rush,
    start_date: row.startDate,
    end_date: row.endDate,
    special_instructions: row.specialInstructions,
    intake_form_url: row.intakeFormUrl,
    hipaa_consent_url: row.hipaaConsentUrl,
    attorney_name: row.attorneyName,
    price: formatAmount(row.price),
    active: row.active,
    archived: row.archived,
    created_at: row.createdAt.toISOString(),
    completed_date: iso(row.completedDate),
    closed_date: iso(row.closedDate),
    patient_id: row.patientId,
    provider_id: row.providerId,
    user_id: row.userId,
    requester_id: row.requesterId,
    company_id: row.companyId,
    days_old: row.daysOld,
    days_to_receive: num(row.daysToReceive),
    days_to_download: num(row.daysToDownload),
    received_document: row.receivedDocumentAt !== null,
    ...deadlineFields(row, row.providerState),
    next_todo_date: row.nextTodoDate,
    working_on_id: row.workingOnId,
  };
}

/** One visible request row, or undefined (another firm's or someone else's request looks absent). */
export async function findVisibleRequest(
  db: DbOrTx,
  auth: Auth,
  id: number,
): Promise<RequestRow | undefined> {
  const [row] = await selectRequests(db, and(eq(requests.id, id), visibleRequests(auth)));
  return row;
}

export interface RequestListOptions {
  conditions: SQL[];
  orderBy: RequestOrdering;
  limit: number;
  offset: number;
  /** Keyset paging from a link's cursor; replaces the offset (requests.cursor.queries.ts). */
  cursor?: Cursor;
  /** Count no further than this (default REQUEST_COUNT_CAP). */
  countCap?: number;
  /** The client-name filter's text, which a page in client-name order checks on the name it sorts by. */
  clientNameContains?: string;
}

/**
 * A list counts at most this many matching requests (the screen shows '10,000+'): counting a million
 * rows on every page costs more than the page itself.
 */
export const REQUEST_COUNT_CAP = 10_000;

/**
 * One row more than the page, so the caller knows whether a next page exists without counting. Two steps
 * in one statement: the page's ids first, then their rows. The first step reads only the ordering's index
 * where the filters' columns are in it (a provider searched for in a million requests: thousands of index
 * entries instead of thousands of table rows); the second reads the page's rows alone.
 */
export function requestPageQuery(db: DbOrTx, auth: Auth, options: RequestListOptions) {
  const keyset = options.cursor && cursorQuery(options.cursor);
  const orderBy = keyset?.orderBy ?? REQUEST_ORDERINGS[options.orderBy];
  const byClientName = options.orderBy.endsWith('patient__full_name');
  const ids = db.select({ id: requests.id }).from(requests);
  // The client-name filter again, on the names the page walks in order: each name is checked as it is
  // read, and only a matching one looked up again by the filter's own EXISTS (a common name at a million
  // requests: 2,000 look-ups instead of 90,000).
  const named = options.clientNameContains
    ? ilike(patients.fullName, containsPattern(options.clientNameContains))
    : undefined;
  const pageIds = (
    byClientName ? ids.innerJoin(patients, and(eq(patients.id, requests.patientId), named)) : ids
  )
    .where(and(visibleRequests(auth), ...options.conditions, keyset?.where))
    .orderBy(...orderBy)
    .limit(options.limit + 1)
    .offset(keyset ? 0 : options.offset);
  const rows = db.select({ ...listedColumns, createdAtKey }).from(requests);
  return (byClientName ? rows.innerJoin(patients, eq(patients.id, requests.patientId)) : rows)
    .where(inArray(requests.id, pageIds))
    .orderBy(...orderBy);
}

export type RequestPageRow = ListedRequestRow & { createdAtKey: string };

/** How many requests match, counting no further than `cap` + 1. */
export function requestCountQuery(db: DbOrTx, auth: Auth, conditions: SQL[], cap?: number) {
  const where = and(visibleRequests(auth), ...conditions);
  if (cap === undefined) return db.select({ total: count() }).from(requests).where(where);
  const matching = db
    .select({ one: sql`1` })
    .from(requests)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  return db.select({ total: count() }).from(matching);
}

export async function listVisibleRequests(
  db: DbOrTx,
  auth: Auth,
  options: RequestListOptions,
): Promise<{ rows: RequestPageRow[]; total: number; capped: boolean; more: boolean }> {
  const cap = options.countCap ?? REQUEST_COUNT_CAP;
  const [found, [{ total }]] = await Promise.all([
    requestPageQuery(db, auth, options),
    requestCountQuery(db, auth, options.conditions, cap),
  ]);
  // `more`: rows lie beyond this page in the direction read (before it, for a 'prev' cursor).
  const more = found.length > options.limit;
  const page = more ? found.slice(0, options.limit) : found;
  const capped = total > cap;
  return {
    rows: options.cursor?.direction === 'prev' ? page.reverse() : page,
    total: capped ? cap : total,
    capped,
    more,
  };
}

export async function countVisibleRequests(db: DbOrTx, auth: Auth, conditions: SQL[]): Promise<number> {
  const [{ total }] = await requestCountQuery(db, auth, conditions);
  return total;
}

/** Requests by id, of one firm when it is known (the firm's own new or edited requests). */
export async function unsafeRequestRowsByIds(
  db: DbOrTx,
  ids: number[],
  companyId?: number,
): Promise<RequestRow[]> {
  if (!ids.length) return [];
  const firm = companyId === undefined ? undefined : eq(requests.companyId, companyId);
  const rows = await selectRequests(db, and(firm, idIn(requests.id, ids))!);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is RequestRow => r !== undefined);
}

const patientColumns = {
  id: patients.id,
  first_name: patients.firstName,
  last_name: patients.lastName,
  full_name: patients.fullName,
  maiden_name: patients.maidenName,
  date_of_birth: patients.dateOfBirth,
  custom_code: patients.customCode,
  address_1: patients.address1,
  address_2: patients.address2,
  city: patients.city,
  state: patients.state,
  zip_code: patients.zipCode,
  email: patients.email,
  phone_number: patients.phoneNumber,
  fax_number: patients.faxNumber,
  hipaa_consent_url: patients.hipaaConsentUrl,
  bates_prefix: patients.batesPrefix,
  company_id: patients.companyId,
};

/** The clients of the given requests, each read within its request's firm. */
export async function patientsOfRequests(
  db: DbOrTx,
  ofRequests: { patientId: number; companyId: number }[],
  withCompany: boolean,
): Promise<Map<number, RequestPatient>> {
  if (!ofRequests.length) return new Map();
  const ids = [...new Set(ofRequests.map((r) => r.patientId))];
  const firms = [...new Set(ofRequests.map((r) => r.companyId))];
  const rows = await db
    .select({ patient: patientColumns, companyName: companies.name })
    .from(patients)
    .innerJoin(companies, eq(companies.id, patients.companyId))
    .where(and(idIn(patients.id, ids), idIn(patients.companyId, firms)));
  // The row's own object gains the firm: copying a 20-field row for it cost about 15 µs a client.
  return new Map(
    rows.map(({ patient, companyName }): [number, RequestPatient] => {
      const json: RequestPatient = patient;
      if (withCompany) json.company = { id: patient.company_id, name: companyName };
      return [patient.id, json];
    }),
  );
}

export async function providersByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, Awaited<ReturnType<typeof selectProviders>>[number]>();
  const rows = await selectProviders(db, ids);
  return new Map(rows.map((p) => [p.id, p]));
}

function selectProviders(db: DbOrTx, ids: number[]) {
  return db.select(providerColumns).from(providers).where(idIn(providers.id, ids));
}

export async function usersByIds(db: DbOrTx, ids: number[]): Promise<Map<number, UserBrief>> {
  if (!ids.length) return new Map();
  // From the directory: a requester or whoever works a request may be the retrieval company's staff.
  const rows = await db
    .select(directoryBriefColumns)
    .from(userDirectory)
    .where(idIn(userDirectory.userId, ids));
  return new Map(rows.map((u) => [u.id, u]));
}

const unique = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

/** JSON rows with their request type names and the requested related objects: one query per relation. */
export async function withRelated(
  db: DbOrTx,
  rows: ListedRequestRow[],
  related: ReadonlySet<RequestListRelation>,
): Promise<RequestListItem[]> {
  const wantsPatient = related.has('patient') || related.has('patient__company');
  const wantsUsers = related.has('user') || related.has('requester') || related.has('working_on');
  const userIds = unique(
    rows.flatMap((r) => [
      related.has('user') ? r.userId : null,
      related.has('requester') ? r.requesterId : null,
      related.has('working_on') ? r.workingOnId : null,
    ]),
  );
  const [typeNames, patientMap, providerMap, userMap] = await Promise.all([
    typeNamesByRequest(db, rows),
    wantsPatient ? patientsOfRequests(db, rows, related.has('patient__company')) : undefined,
    related.has('provider') ? providersByIds(db, unique(rows.map((r) => r.providerId))) : undefined,
    wantsUsers ? usersByIds(db, userIds) : undefined,
  ]);
  const person = (id: number | null) => (id && userMap ? (userMap.get(id) ?? null) : null);
  return rows.map((row) => {
    const json = requestJson(row, typeNames.get(row.id) ?? []);
    const patient = patientMap?.get(row.patientId);
    if (related.has('patient')) json.patient = patient;
    if (related.has('patient__company') && patient?.company) {
      // The law firm, at the top level for the staff list; the patient carries it too.
      json.patient = patient;
      json.company = patient.company;
    }
    if (providerMap) json.provider = providerMap.get(row.providerId);
    if (related.has('user')) json.user = person(row.userId);
    if (related.has('requester')) json.requester = person(row.requesterId);
    if (related.has('working_on')) {
      const holder = person(row.workingOnId);
      json.working_on = holder ? { id: holder.id, full_name: holder.full_name } : null;
    }
    return json;
  });
}
