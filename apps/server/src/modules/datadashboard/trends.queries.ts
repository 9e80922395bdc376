import { AGE_BUCKETS, type DashboardTrends, OPEN_STATUSES, TREND_WEEKS } from '@dd/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { type DbOrTx, queryRows } from '../../db/client';
import { requestHourTallies, requests } from '../../db/schema';
import { oneOf } from '../../db/schema/checks';

/**
 * The data dashboard's charts: requests opened and closed per week and the turnaround of the requests
 * received each week, over the last TREND_WEEKS weeks (Monday to Sunday in the caller's zone), and open
 * requests by age; weeks without any are zero.
 *
 * Staff see every request, so their charts are sums of the hourly tallies (request_hour_tallies): a few
 * thousand rows instead of the hundred thousand requests of twelve weeks. That needs the zone's weeks to
 * start on whole UTC hours; a zone a half hour off UTC, and a user who sees only the requests they claimed,
 * get the same figures counted from the requests (countedTrends), which the tests compare them with.
 */
export async function dashboardTrends(db: DbOrTx, auth: Auth, now?: Date): Promise<DashboardTrends> {
  const at = now ?? new Date();
  if (!auth.isStaff || !onWholeHours(auth.timezone, at)) return countedTrends(db, auth, now);
  const window = trendWindow(auth.timezone, at);
  const [series, ages] = await Promise.all([talliedWeeks(db, window), talliedAges(db, at)]);
  return answer(series, ages);
}

interface Window {
  zone: string;
  /** The moment the charts are drawn at: the database's now(), or the one a test pins. */
  at: SQL;
  /** Monday of the first week shown, a date in the zone. */
  firstMonday: SQL;
  /** Its local midnight as a moment. */
  start: SQL;
}

function trendWindow(zone: string, now?: Date): Window {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const firstMonday = sql`(date_trunc('week', ${at} at time zone ${zone})::date - ${(TREND_WEEKS - 1) * 7}::int)`;
  return { zone, at, firstMonday, start: sql`(${firstMonday}::timestamp at time zone ${zone})` };
}

/**
 * Whether the zone is a whole number of hours from UTC over the weeks shown (and a week before, for a change
 * of daylight time in between), so each of its weeks is a sum of whole UTC hours. Every US zone is.
 */
function onWholeHours(zone: string, now: Date): boolean {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  const days = (TREND_WEEKS + 1) * 7;
  for (let day = 0; day <= days; day += 7) {
    const name = format.formatToParts(new Date(now.getTime() - day * 86_400_000)).at(-1)?.value ?? '';
    if (!/^GMT([+-]\d{2}:00)?$/.test(name)) return false;
  }
  return true;
}

type WeekRow = { week_start: string; opened: number; closed: number; turnaround: number | null };
type AgeRow = { bucket: number; n: number };

const weeksRelation = (w: Window) =>
  sql`select (${w.firstMonday} + 7 * k)::date as week_start from generate_series(0, ${TREND_WEEKS - 1}) as k`;

/** The lower bound of each age bucket after the first, in days. */
const AGE_BOUNDS = AGE_BUCKETS.slice(1).map(([, from]) => from);

const talliedWeeks = (db: DbOrTx, w: Window) => {
  const t = requestHourTallies;
  return queryRows<WeekRow>(
    db,
    sql`with weeks as (${weeksRelation(w)}),
      tallied as (
        select ${t.kind} as kind, date_trunc('week', ${t.hour} at time zone ${w.zone})::date as week_start,
          sum(${t.n}) as n, sum(${t.days}) as days
        from ${t}
        where ${t.kind} in ('created', 'finished', 'received') and ${t.hour} >= ${w.start}
        group by 1, 2
      )
      select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
        coalesce(sum(t.n) filter (where t.kind = 'created'), 0)::int as opened,
        coalesce(sum(t.n) filter (where t.kind = 'finished'), 0)::int as closed,
        (sum(t.days) filter (where t.kind = 'received'))::float8
          / nullif(sum(t.n) filter (where t.kind = 'received'), 0) as turnaround
      from weeks w left join tallied t on t.week_start = w.week_start
      group by w.week_start
      order by w.week_start`,
  );
};

/**
 * Open requests by age. A bucket's lower bound is a moment (now less its days), rarely a whole hour: the
 * tallies count the open requests ordered before that moment's hour, and the requests of its last part hour
 * are counted one by one (the order date's index). Bucket k is then the difference of two such counts.
 */
async function talliedAges(db: DbOrTx, at: Date): Promise<AgeRow[]> {
  const t = requestHourTallies;
  const HOUR = 3_600_000;
  const bounds = AGE_BOUNDS.map((days, i) => {
    const moment = at.getTime() - days * 86_400_000;
    return {
      moment: new Date(moment).toISOString(),
      hour: new Date(Math.floor(moment / HOUR) * HOUR).toISOString(),
      name: sql.raw(`c${i + 1}`),
    };
  });
  const [row] = await queryRows<Record<string, number | string | null>>(
    db,
    sql`select coalesce(sum(${t.n}), 0) as total,
        ${sql.join(
          bounds.map(
            (b) => sql`coalesce(sum(${t.n}) filter (where ${t.hour} < ${b.hour}::timestamptz), 0)
              + (select count(*) from ${requests} where ${requests.active} and ${oneOf(requests.status, OPEN_STATUSES)}
                  and ${requests.createdAt} >= ${b.hour}::timestamptz and ${requests.createdAt} <= ${b.moment}::timestamptz)
              as ${b.name}`,
          ),
          sql`, `,
        )}
      from ${t} where ${t.kind} = 'open'`,
  );
  // Requests at least k buckets old, for k = 0 (every open request) to the last bucket; each bucket is the
  // difference of neighbours.
  const atLeast = [row.total, ...bounds.map((_, i) => row[`c${i + 1}`])].map(Number);
  return AGE_BUCKETS.map((_, i) => ({ bucket: i, n: atLeast[i] - (atLeast[i + 1] ?? 0) }));
}

/**
 * The charts counted from the requests themselves: for a caller who sees only the requests they claimed, a
 * zone off the whole hours, and as the reference the tests hold the tallies to.
 */
export async function countedTrends(db: DbOrTx, auth: Auth, now?: Date): Promise<DashboardTrends> {
  const w = trendWindow(auth.timezone, now);
  const only = auth.isStaff ? sql`` : sql`and ${requests.workingOnId} = ${auth.userId}`;
  const week = (column: unknown) => sql`date_trunc('week', ${column} at time zone ${w.zone})::date`;
  const finished = sql`coalesce(${requests.closedDate}, ${requests.completedDate})`;
  const [series, ages] = await Promise.all([
    queryRows<WeekRow>(
      db,
      sql`with weeks as (${weeksRelation(w)}),
        opened as (
          select ${week(requests.createdAt)} as week_start, count(*)::int as n from ${requests}
          where ${requests.createdAt} >= ${w.start} and ${requests.active} ${only} group by 1
        ),
        closed as (
          select ${week(finished)} as week_start, count(*)::int as n
          from ${requests}
          where ${finished} >= ${w.start} and ${requests.active} ${only}
          group by 1
        ),
        received as (
          select ${week(requests.receivedDocumentAt)} as week_start,
            avg(floor(extract(epoch from (${requests.receivedDocumentAt} - ${requests.createdAt})) / 86400))::float8 as days
          from ${requests}
          where ${requests.receivedDocumentAt} >= ${w.start} and ${requests.active} ${only} group by 1
        )
        select to_char(w.week_start, 'YYYY-MM-DD') as week_start, coalesce(o.n, 0) as opened,
          coalesce(c.n, 0) as closed, r.days as turnaround
        from weeks w
        left join opened o on o.week_start = w.week_start
        left join closed c on c.week_start = w.week_start
        left join received r on r.week_start = w.week_start
        order by w.week_start`,
    ),
    queryRows<AgeRow>(
      db,
      sql`select width_bucket(extract(epoch from (${w.at} - ${requests.createdAt})) / 86400,
          array[${sql.join(
            AGE_BOUNDS.map((from) => sql`${from}::float8`),
            sql`, `,
          )}]) as bucket, count(*)::int as n
        from ${requests}
        where ${requests.active} and ${oneOf(requests.status, OPEN_STATUSES)} ${only}
        group by 1`,
    ),
  ]);
  return answer(series, ages);
}

function answer(series: WeekRow[], ages: AgeRow[]): DashboardTrends {
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
