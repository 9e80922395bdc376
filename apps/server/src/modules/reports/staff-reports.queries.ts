import {
  CARDS,
  type LegalBasis,
  type ReportRequest,
  type ReportSubject,
  type RequestStatus,
} from '@dd/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies, patients, providers, requests, requestTallies, users } from '../../db/schema';
import { deadlineFields } from '../requests/requests.deadline';
import {
  type CardColumns,
  cardPredicate,
  countsOpenOnly,
  isOpen,
  OPEN_REQUEST_COLUMNS,
  windowsRelation,
} from './card-rules.queries';

/**
 * Staff reports in SQL: counting cards for one subject (or per employee, paralegal or provider) and
 * listing the requests behind one card. Both read the same card rules and the subject's index
 * (working_on, company, user or provider).
 */

export interface Moment {
  zone: string;
  /** Tests pin the moment; the database's now() otherwise. */
  now?: Date;
}

/** The subject's requests: the report's first condition, always with `active`. */
export function subjectConditions(subject: ReportSubject): SQL {
  const conditions: SQL[] = [sql`${requests.active}`];
  if (subject.employee === 'none') conditions.push(sql`${requests.workingOnId} is null`);
  else if (subject.employee !== undefined)
    conditions.push(sql`${requests.workingOnId} = ${subject.employee}`);
  if (subject.law_firm !== undefined) conditions.push(sql`${requests.companyId} = ${subject.law_firm}`);
  if (subject.paralegal !== undefined) conditions.push(sql`${requests.userId} = ${subject.paralegal}`);
  if (subject.provider !== undefined) conditions.push(sql`${requests.providerId} = ${subject.provider}`);
  return sql.join(conditions, sql` and `);
}

const TURNAROUND = sql`floor(extract(epoch from (${requests.receivedDocumentAt} - ${requests.createdAt})) / 86400)`;

export interface CountRow {
  group_id: number | null;
  total_received: number;
  total_turnaround: number;
  [card: string]: number | null;
}

/**
 * A moment before the longest period's start (the last 30 days from local midnight, which can reach back 30
 * days and an hour): a bound the planner can read, where the period's own start is computed in the query.
 */
const lastMonthAndADay = (moment: Moment) =>
  sql`${moment.now ? sql`${moment.now.toISOString()}::timestamptz` : sql`now()`} - interval '31 days'`;

/**
 * A group of the running tallies (request_tallies): a law firm's requests, an employee's (0: nobody's), or
 * every firm's (no group id).
 */
export interface TallyGroup {
  byWorker: boolean;
  groupId?: number;
}

/** The subject's tally group, if it has one (a paralegal's or a provider's requests are not tallied). */
export function subjectTally(subject: ReportSubject): TallyGroup | undefined {
  if (subject.law_firm !== undefined) return { byWorker: false, groupId: subject.law_firm };
  if (subject.employee === 'none') return { byWorker: true, groupId: 0 };
  if (subject.employee !== undefined) return { byWorker: true, groupId: subject.employee };
  if (subject.paralegal === undefined && subject.provider === undefined) return { byWorker: false };
  return undefined;
}

/** All of a group's requests, and those received with their days from order to arrival, from its tallies. */
async function groupTallies(db: DbOrTx, group: TallyGroup) {
  const t = requestTallies;
  const [row] = await queryRows<{ all: number; total_received: number; total_turnaround: number }>(
    db,
    sql`select coalesce(sum(${t.n}), 0)::int as all, coalesce(sum(${t.received}), 0)::int as total_received,
      coalesce(sum(${t.turnaround}), 0)::int as total_turnaround
    from ${t} where ${t.byWorker} = ${group.byWorker}
      ${group.groupId === undefined ? sql`` : sql`and ${t.groupId} = ${group.groupId}`}`,
  );
  return row;
}

/**
 * Each card's count over `where`, one row per value of `groupBy` (or one row without it). Cards of open
 * requests are counted over the open-requests index alone; the others (and the turnaround) over every
 * row of the subject, both at once; a grouped count of open cards alone reads the open requests once.
 * A subject with a tally group (`tally`, the same requests as `where`) takes its all-time figures from the tallies and reads only the requests finished within the last month
 * for the closed cards, so a firm with a hundred thousand requests is not read whole.
 */
export async function countCards(
  db: DbOrTx,
  where: SQL,
  keys: readonly string[],
  moment: Moment,
  groupBy?: SQL,
  tally?: TallyGroup,
): Promise<CountRow[]> {
  const openKeys = keys.filter((k) => countsOpenOnly(CARDS[k].rule));
  const otherKeys = keys.filter((k) => !countsOpenOnly(CARDS[k].rule));
  const talliable = otherKeys.every((k) => ['all', 'closedIn'].includes(CARDS[k].rule.kind));
  const pass = (cardKeys: string[], condition: SQL, extra?: SQL, columns?: CardColumns) => {
    const counts = cardKeys.map(
      (key) =>
        sql`count(*) filter (where ${cardPredicate(CARDS[key].rule, columns)})::int as ${sql.identifier(key)}`,
    );
    return queryRows<CountRow>(
      db,
      sql`with w as (${windowsRelation(moment.zone, moment.now)})
      select ${groupBy ?? sql`null::int`} as group_id, ${sql.join([...counts, ...(extra ? [extra] : [])], sql`, `)}
      from ${requests} cross join w
      where ${condition}
      ${groupBy ? sql`group by ${groupBy}` : sql``}`,
    );
  };
  const allTime = async (): Promise<CountRow[]> => {
    // Open cards alone, per group (the assignment table): nothing else to count, no turnaround shown.
    if (groupBy && !otherKeys.length) return [];
    if (!tally || groupBy || !talliable)
      return pass(
        otherKeys,
        where,
        sql`count(*) filter (where ${requests.receivedDocumentAt} is not null)::int as total_received,
        coalesce(sum(${TURNAROUND}) filter (where ${requests.receivedDocumentAt} is not null), 0)::int
          as total_turnaround`,
      );
    const closedKeys = otherKeys.filter((k) => CARDS[k].rule.kind === 'closedIn');
    const [totals, [recent]] = await Promise.all([
      groupTallies(db, tally),
      closedKeys.length
        ? pass(closedKeys, sql`${where} and ${FINISHED} > ${lastMonthAndADay(moment)}`)
        : [{}],
    ]);
    const all = otherKeys.filter((k) => CARDS[k].rule.kind === 'all').map((k) => [k, totals.all]);
    const { total_received, total_turnaround } = totals;
    return [{ ...recent, ...Object.fromEntries(all), total_received, total_turnaround, group_id: null }];
  };
  const [open, other] = await Promise.all([
    openKeys.length ? pass(openKeys, sql`${where} and ${isOpen()}`, undefined, OPEN_REQUEST_COLUMNS) : [],
    allTime(),
  ]);
  const merged = new Map<number | null, CountRow>();
  for (const row of [...other, ...open]) {
    const id = row.group_id === null ? null : Number(row.group_id);
    merged.set(id, { ...merged.get(id), ...row, group_id: id } as CountRow);
  }
  return [...merged.values()];
}

const FINISHED = sql`coalesce(${requests.closedDate}, ${requests.completedDate})`;
const REPORT_ORDERINGS = {
  '-created_at': sql`${requests.createdAt} desc, ${requests.id} desc`,
  created_at: sql`${requests.createdAt} asc, ${requests.id} asc`,
  next_todo_date: sql`${requests.nextTodoDate} asc nulls last, ${requests.id} desc`,
  '-next_todo_date': sql`${requests.nextTodoDate} desc nulls last, ${requests.id} desc`,
  last_note_at: sql`coalesce(${requests.lastNoteAt}, ${requests.createdAt}) asc, ${requests.id} asc`,
  '-finished_at': sql`${FINISHED} desc nulls last, ${requests.id} desc`,
} as const;
export type ReportOrdering = keyof typeof REPORT_ORDERINGS;

interface RequestRow {
  id: number;
  internal_number: string | null;
  request_type: string | null;
  client: string;
  provider: string | null;
  law_firm: string;
  paralegal: string | null;
  claimed_by: string | null;
  status: string;
  rush: boolean;
  created_at: Date | string;
  last_note_at: Date | string | null;
  next_todo_date: string | null;
  finished_at: Date | string | null;
  legal_basis: LegalBasis;
  due_date: string | null;
  deadline_rule: string | null;
  provider_state: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** One page of the requests `where` selects, with the names a table shows, and how many there are. */
export async function pageRequests(
  db: DbOrTx,
  where: SQL,
  moment: Moment,
  ordering: ReportOrdering,
  paging: { limit: number; offset: number },
): Promise<{ rows: ReportRequest[]; total: number }> {
  const window = sql`with w as (${windowsRelation(moment.zone, moment.now)})`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<RequestRow>(
      db,
      sql`${window}
      select ${requests.id} as id, ${requests.internalNumber} as internal_number,
        ${requests.requestType} as request_type, pa.full_name as client, pr.name as provider,
        c.name as law_firm, para.full_name as paralegal, claimant.full_name as claimed_by,
        ${requests.status} as status, ${requests.rush} as rush, ${requests.createdAt} as created_at,
        ${requests.lastNoteAt} as last_note_at, ${requests.nextTodoDate}::text as next_todo_date,
        ${FINISHED} as finished_at, ${requests.legalBasis} as legal_basis,
        ${requests.dueDate}::text as due_date, ${requests.deadlineRule} as deadline_rule,
        pr.state as provider_state
      from ${requests} cross join w
      join ${patients} pa on pa.id = ${requests.patientId}
      join ${companies} c on c.id = ${requests.companyId}
      left join ${providers} pr on pr.id = ${requests.providerId}
      left join ${users} para on para.id = ${requests.userId}
      left join ${users} claimant on claimant.id = ${requests.workingOnId}
      where ${where}
      order by ${REPORT_ORDERINGS[ordering]} limit ${paging.limit} offset ${paging.offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`${window} select count(*)::int as total from ${requests} cross join w where ${where}`,
    ),
  ]);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      internal_number: r.internal_number,
      request_name: r.request_type ? `${r.client}: ${r.request_type}` : r.client,
      client: r.client,
      provider: r.provider,
      law_firm: r.law_firm,
      paralegal: r.paralegal,
      claimed_by: r.claimed_by,
      status: r.status,
      rush: r.rush,
      created_at: iso(r.created_at) as string,
      last_note_at: iso(r.last_note_at),
      next_todo_date: r.next_todo_date,
      finished_at: iso(r.finished_at),
      ...deadlineFields(
        {
          legalBasis: r.legal_basis,
          dueDate: r.due_date,
          deadlineRule: r.deadline_rule,
          status: r.status as RequestStatus,
        },
        r.provider_state,
        moment.now ?? new Date(),
      ),
    })),
  };
}
