import { AGE_BUCKETS, type DashboardTrends, OPEN_STATUSES, TREND_WEEKS } from '@dd/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { type DbOrTx, queryRows } from '../../db/client';
import { requests } from '../../db/schema';

/**
 * The data dashboard's charts: requests opened and closed per week and the turnaround of the requests
 * received each week, over the last TREND_WEEKS weeks (Monday to Sunday in the caller's zone), and open
 * requests by age. Each series is one grouped query on an indexed date; weeks without any are zero.
 */
export async function dashboardTrends(db: DbOrTx, auth: Auth, now?: Date): Promise<DashboardTrends> {
  const zone = auth.timezone;
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const mine = auth.isStaff ? sql`` : sql`and ${requests.workingOnId} = ${auth.userId}`;
  const open = sql.join(
    OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const firstMonday = sql`(date_trunc('week', ${at} at time zone ${zone})::date - ${(TREND_WEEKS - 1) * 7}::int)`;
  const start = sql`(${firstMonday}::timestamp at time zone ${zone})`;
  const week = (column: unknown) => sql`date_trunc('week', ${column} at time zone ${zone})::date`;
  const [series, ages] = await Promise.all([
    queryRows<{ week_start: string; opened: number; closed: number; turnaround: number | null }>(
      db,
      sql`with weeks as (
          select (${firstMonday} + 7 * k)::date as week_start from generate_series(0, ${TREND_WEEKS - 1}) as k
        ),
        opened as (
          select ${week(requests.createdAt)} as week_start, count(*)::int as n from ${requests}
          where ${requests.createdAt} >= ${start} and ${requests.active} ${mine} group by 1
        ),
        closed as (
          select ${week(sql`coalesce(${requests.closedDate}, ${requests.completedDate})`)} as week_start, count(*)::int as n
          from ${requests}
          where coalesce(${requests.closedDate}, ${requests.completedDate}) >= ${start}
            and ${requests.active} ${mine}
          group by 1
        ),
        received as (
          select ${week(requests.receivedDocumentAt)} as week_start,
            avg(floor(extract(epoch from (${requests.receivedDocumentAt} - ${requests.createdAt})) / 86400))::float8 as days
          from ${requests}
          where ${requests.receivedDocumentAt} >= ${start} and ${requests.active} ${mine} group by 1
        )
        select to_char(w.week_start, 'YYYY-MM-DD') as week_start, coalesce(o.n, 0) as opened,
          coalesce(c.n, 0) as closed, r.days as turnaround
        from weeks w
        left join opened o on o.week_start = w.week_start
        left join closed c on c.week_start = w.week_start
        left join received r on r.week_start = w.week_start
        order by w.week_start`,
    ),
    queryRows<{ bucket: number; n: number }>(
      db,
      sql`select width_bucket(extract(epoch from (${at} - ${requests.createdAt})) / 86400,
          array[${sql.join(
            AGE_BUCKETS.slice(1).map(([, from]) => sql`${from}::float8`),
            sql`, `,
          )}]) as bucket, count(*)::int as n
        from ${requests}
        where ${requests.active} and ${requests.status} in (${open}) ${mine}
        group by 1`,
    ),
  ]);
  return {
    weeks: series.map((w) => ({
      week_start: w.week_start,
      opened: Number(w.opened),
      closed: Number(w.closed),
      average_turnaround: w.turnaround === null ? null : Math.round(Number(w.turnaround) * 100) / 100,
    })),
    open_by_age: AGE_BUCKETS.map(([label], i) => ({
      bucket: label,
      count: Number(ages.find((a) => Number(a.bucket) === i)?.n ?? 0),
    })),
  };
}
