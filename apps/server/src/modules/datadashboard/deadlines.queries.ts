import { type DeadlineEscalation, ESCALATION_STATUSES, type EscalationCounts, todayIn } from '@dd/shared';
import { and, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { can } from '../../authz/policy';
import { visibleRequests } from '../../authz/scopes';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies, requests, users } from '../../db/schema';
import { deadlineDueRange, openDueBetween } from '../requests/requests.deadline-filter.queries';
import { notArchived } from '../requests/requests.staff-filters.queries';

/**
 * GET /api/home/dashboard/deadlines/: the escalation counts of the To Do list and the data dashboard. One
 * aggregate (GROUPING SETS: everyone, each staff member, each firm) over the open requests due up to "soon",
 * read from the covering index requests_due_date_escalation_idx. The conditions are the staff list's own
 * (`?deadline_status=` with today in the caller's zone, archived requests left out, the caller's
 * visibility), so each count is the length of the list it links to.
 */
interface Row {
  by_staff: boolean;
  by_firm: boolean;
  working_on_id: number | null;
  company_id: number | null;
  full_name: string | null;
  company_name: string | null;
  due_soon: number;
  overdue: number;
  very_overdue: number;
}

export async function deadlineEscalation(db: DbOrTx, auth: Auth): Promise<DeadlineEscalation> {
  const today = todayIn(auth.timezone);
  const ranges = Object.fromEntries(ESCALATION_STATUSES.map((s) => [s, deadlineDueRange(s, today)]));
  const counted = ESCALATION_STATUSES.map(
    (s) =>
      sql`count(*) filter (where ${requests.dueDate} between ${ranges[s].from}::date and ${ranges[s].to}::date)::int as ${sql.raw(s)}`,
  );
  const rows = await queryRows<Row>(
    db,
    sql`with counts as (
      select grouping(${requests.workingOnId}) = 0 as by_staff, grouping(${requests.companyId}) = 0 as by_firm,
        ${requests.workingOnId} as working_on_id, ${requests.companyId} as company_id,
        ${sql.join(counted, sql`, `)}
      from ${requests}
      where ${and(
        visibleRequests(auth),
        notArchived,
        openDueBetween(ranges.very_overdue.from, ranges.due_soon.to),
      )}
      group by grouping sets ((), (${requests.workingOnId}), (${requests.companyId}))
    )
    select counts.*, u.full_name, c.name as company_name
    from counts
    left join ${users} u on counts.by_staff and u.id = counts.working_on_id
    left join ${companies} c on counts.by_firm and c.id = counts.company_id
    order by counts.very_overdue + counts.overdue desc, counts.due_soon desc, u.full_name, c.name`,
  );
  const counts = (r: Row | undefined): EscalationCounts => ({
    due_soon: Number(r?.due_soon ?? 0),
    overdue: Number(r?.overdue ?? 0),
    very_overdue: Number(r?.very_overdue ?? 0),
  });
  return {
    total: counts(rows.find((r) => !r.by_staff && !r.by_firm)),
    by_staff: rows
      .filter((r) => r.by_staff)
      .map((r) => ({
        ...counts(r),
        user: r.working_on_id === null ? null : { id: Number(r.working_on_id), full_name: r.full_name ?? '' },
      })),
    by_firm: can(auth, 'report.viewCompanyCounts')
      ? rows
          .filter((r) => r.by_firm)
          .map((r) => ({ ...counts(r), company: { id: Number(r.company_id), name: r.company_name ?? '' } }))
      : null,
  };
}
