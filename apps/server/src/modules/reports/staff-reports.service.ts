import {
  ASSIGNMENT_CARDS,
  type AssignmentRow,
  averageTurnaround,
  CARDS,
  type ParalegalRow,
  type ProviderReportRow,
  type ReportSubject,
  type ReportSubjectKind,
  STAFF_REPORT_CARDS,
  type StaffReport,
} from '@dd/shared';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import {
  activeStaff,
  lawFirmName,
  openCardsByWorker,
  openClosedCounts,
  pageCardRequests,
  paralegalPage,
  personName,
  providerName,
  providerPage,
  userNames,
} from './staff-reports.lists.queries';
import {
  type CountRow,
  countCards,
  type Moment,
  type ReportOrdering,
  subjectConditions,
  subjectTally,
} from './staff-reports.queries';

/**
 * Staff reports: an employee's, law firm's, paralegal's or provider's count cards, the
 * requests behind a card, the assignment table, the paralegal list and the provider report. Internal
 * staff only (the routes' rule); the periods are in the caller's time zone.
 */

const momentOf = (auth: Auth, now?: Date): Moment => ({ zone: auth.timezone, now });

function subjectKind(subject: ReportSubject): ReportSubjectKind {
  const kinds = (['employee', 'law_firm', 'paralegal', 'provider'] as const).filter(
    (k) => subject[k] !== undefined,
  );
  if (kinds.length > 1) throw badRequest('Choose one of employee, law firm, paralegal or provider.');
  return kinds[0] ?? 'all';
}

/** The subject's name; a subject that does not exist (or is not of its kind) is a 404. */
async function subjectName(
  db: DbOrTx,
  kind: ReportSubjectKind,
  subject: ReportSubject,
  internalCompanyId: number,
): Promise<{ id: number | null; name: string }> {
  const person = (id: number, internal: boolean) => personName(db, id, internal, internalCompanyId);
  let id: number | null = null;
  let name: string | undefined = 'All Requests';
  if (kind === 'employee') {
    if (subject.employee === 'none') return { id: null, name: 'Unassigned' };
    id = subject.employee as number;
    name = await person(id, true);
  } else if (kind === 'paralegal') {
    id = subject.paralegal as number;
    name = await person(id, false);
  } else if (kind === 'law_firm') {
    id = subject.law_firm as number;
    name = await lawFirmName(db, id, internalCompanyId);
  } else if (kind === 'provider') {
    id = subject.provider as number;
    name = await providerName(db, id);
  }
  if (name === undefined) throw notFound();
  return { id, name };
}

const turnaround = (row: CountRow | undefined) => ({
  total_received: Number(row?.total_received ?? 0),
  total_turnaround: Number(row?.total_turnaround ?? 0),
  average_turnaround: averageTurnaround(Number(row?.total_turnaround ?? 0), Number(row?.total_received ?? 0)),
});

const cardsOf = (row: CountRow | undefined, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0)]));

export async function staffReport(
  db: DbOrTx,
  auth: Auth,
  subject: ReportSubject,
  options: { internalCompanyId: number; now?: Date },
): Promise<StaffReport> {
  const kind = subjectKind(subject);
  const who = await subjectName(db, kind, subject, options.internalCompanyId);
  const [row] = await countCards(
    db,
    subjectConditions(subject),
    STAFF_REPORT_CARDS,
    momentOf(auth, options.now),
    undefined,
    subjectTally(subject),
  );
  return { subject: { kind, ...who }, cards: cardsOf(row, STAFF_REPORT_CARDS), ...turnaround(row) };
}

export async function reportRequests(
  db: DbOrTx,
  auth: Auth,
  query: { subject: ReportSubject; card: string; order_by: ReportOrdering; limit: number; offset: number },
  now?: Date,
) {
  subjectKind(query.subject);
  return pageCardRequests(
    db,
    query.subject,
    CARDS[query.card].rule,
    momentOf(auth, now),
    query.order_by,
    query,
  );
}

/** What each active staff member holds open, and what nobody has claimed (the Unassigned row, last). */
export async function assignmentTable(
  db: DbOrTx,
  auth: Auth,
  options: { internalCompanyId: number; now?: Date },
): Promise<AssignmentRow[]> {
  const [rows, staff] = await Promise.all([
    openCardsByWorker(db, ASSIGNMENT_CARDS, momentOf(auth, options.now)),
    activeStaff(db, options.internalCompanyId),
  ]);
  const byWorker = new Map(rows.map((r) => [r.group_id === null ? null : Number(r.group_id), r]));
  // Someone who left still holding requests keeps a row, so no claimed request drops out of the table.
  const former = [...byWorker.keys()].filter(
    (id): id is number => id !== null && !staff.some((s) => s.id === id),
  );
  const formerNames = former.length ? await userNames(db, former) : [];
  return [...staff, ...formerNames, { id: null, name: 'Unassigned' }].map((p) => ({
    id: p.id,
    name: p.name,
    cards: cardsOf(byWorker.get(p.id), ASSIGNMENT_CARDS),
  }));
}

/** Law-firm users (whose requests they are the main contact of), by name, with their open and closed counts. */
export async function paralegalList(
  db: DbOrTx,
  auth: Auth,
  query: { name?: string; limit: number; offset: number; internalCompanyId: number },
): Promise<{ rows: ParalegalRow[]; total: number }> {
  const { people, total } = await paralegalPage(db, query);
  const counts = await openClosedCounts(
    db,
    people.map((p) => p.id),
    'mainContact',
    momentOf(auth),
  );
  return {
    total,
    rows: people.map((p) => ({
      id: p.id,
      name: p.name,
      law_firm: p.lawFirm,
      ...openClosed(counts.get(p.id)),
    })),
  };
}

/** Providers by name with their open and closed requests and average turnaround. */
export async function providerReport(
  db: DbOrTx,
  auth: Auth,
  query: { name?: string; limit: number; offset: number },
): Promise<{ rows: ProviderReportRow[]; total: number }> {
  const { list, total } = await providerPage(db, query);
  const counts = await openClosedCounts(
    db,
    list.map((p) => p.id),
    'provider',
    momentOf(auth),
  );
  return {
    total,
    rows: list.map((p) => {
      const row = counts.get(p.id);
      return {
        id: p.id,
        provider_name: p.name,
        ...openClosed(row),
        average_turnaround: turnaround(row).average_turnaround,
      };
    }),
  };
}

const openClosed = (row: CountRow | undefined) => ({
  open: Number(row?.open_requests ?? 0),
  closed: Number(row?.closed_requests ?? 0),
});
