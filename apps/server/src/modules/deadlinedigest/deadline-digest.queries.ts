import {
  DEADLINE_DIGEST_MAX_ROWS,
  type DeadlineStatus,
  deadlineStatus,
  type LegalBasis,
  type RequestStatus,
} from '@dd/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { visibleRequests } from '../../authz/scopes';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies, notes, patients, providers, requests, users } from '../../db/schema';
import { deadlineFields } from '../requests/requests.deadline';
import { deadlineDueRange, openDueBetween } from '../requests/requests.deadline-filter.queries';

/**
 * What one firm user's weekly digest lists: the open requests they can see that are overdue or due soon
 * (the dashboard's `?deadline_status=` with today in their zone), nearest due date first, each with the
 * last note written by Direct Docs staff ("what staff did about it"), and how many there are in all.
 */
export interface DigestRequest {
  id: number;
  internalNumber: string;
  client: string;
  provider: string;
  dueDate: string;
  status: DeadlineStatus;
  rule: string | null;
  lastStaffNote: { text: string; at: Date; author: string } | null;
}

export interface Digest {
  overdue: number;
  dueSoon: number;
  requests: DigestRequest[];
}

interface Row {
  id: number;
  internal_number: string;
  client: string;
  provider: string;
  provider_state: string | null;
  due_date: string;
  status: RequestStatus;
  legal_basis: LegalBasis;
  deadline_rule: string | null;
  note_text: string | null;
  note_at: Date | string | null;
  note_author: string | null;
}

export async function digestFor(
  db: DbOrTx,
  auth: Auth,
  options: { today: string; internalCompanyId: number; now: Date },
): Promise<Digest> {
  const from = deadlineDueRange('very_overdue', options.today).from;
  const to = deadlineDueRange('due_soon', options.today).to;
  const where = and(visibleRequests(auth), openDueBetween(from, to));
  const [rows, [totals]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${requests.id} as id, ${requests.internalNumber} as internal_number,
        ${patients.fullName} as client, ${providers.name} as provider, ${providers.state} as provider_state,
        ${requests.dueDate}::text as due_date, ${requests.status} as status,
        ${requests.legalBasis} as legal_basis, ${requests.deadlineRule} as deadline_rule,
        last_note.text as note_text, last_note.created_at as note_at, last_note.author as note_author
      from ${requests}
      join ${patients} on ${patients.id} = ${requests.patientId}
      join ${providers} on ${providers.id} = ${requests.providerId}
      left join lateral (
        select n.text, n.created_at, u.full_name as author
        from ${notes} n join ${users} u on u.id = n.user_id
        where n.request_id = ${requests.id} and u.company_id = ${options.internalCompanyId}
        order by n.created_at desc, n.id desc
        limit 1
      ) last_note on true
      where ${where}
      order by ${requests.dueDate}, ${requests.id}
      limit ${DEADLINE_DIGEST_MAX_ROWS}`,
    ),
    queryRows<{ overdue: number; due_soon: number }>(
      db,
      sql`select count(*) filter (where ${requests.dueDate} < ${options.today}::date)::int as overdue,
        count(*) filter (where ${requests.dueDate} >= ${options.today}::date)::int as due_soon
      from ${requests} where ${where}`,
    ),
  ]);
  return {
    overdue: Number(totals?.overdue ?? 0),
    dueSoon: Number(totals?.due_soon ?? 0),
    requests: rows.map((r) => {
      const fields = deadlineFields(
        { legalBasis: r.legal_basis, dueDate: r.due_date, deadlineRule: r.deadline_rule, status: r.status },
        r.provider_state,
        options.now,
      );
      return {
        id: Number(r.id),
        internalNumber: r.internal_number,
        client: r.client,
        provider: r.provider,
        dueDate: r.due_date,
        // Read on the reader's today, as the counts and the dashboard's filter are.
        status: deadlineStatus(r.due_date, options.today),
        rule: fields.deadline_rule,
        lastStaffNote:
          r.note_text === null
            ? null
            : {
                text: r.note_text,
                at: new Date(r.note_at as string),
                author: r.note_author ?? 'Direct Docs',
              },
      };
    }),
  };
}

/** The active firm users who asked for the weekly digest, with their zone and the week last claimed. */
export async function digestSubscribers(db: DbOrTx, internalCompanyId: number) {
  return db
    .select({ id: users.id, timezone: users.timezone, week: users.deadlineDigestWeek })
    .from(users)
    .where(
      and(sql`${users.weeklyDeadlineDigest}`, sql`${users.isActive}`, ne(users.companyId, internalCompanyId)),
    );
}

/**
 * Claims `week` on the user's row when they still want the digest and have not had that week's; the
 * user's address, first name and firm, or undefined when another run claimed it first.
 */
export async function claimDigestWeek(db: DbOrTx, userId: number, week: string) {
  const [claimed] = await db
    .update(users)
    .set({ deadlineDigestWeek: week })
    .where(
      and(
        eq(users.id, userId),
        sql`${users.weeklyDeadlineDigest}`,
        sql`${users.deadlineDigestWeek} is distinct from ${week}`,
      ),
    )
    .returning({ email: users.email, firstName: users.firstName, companyId: users.companyId });
  return claimed;
}

export async function firmName(db: DbOrTx, companyId: number): Promise<string | undefined> {
  const [firm] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return firm?.name;
}
