import { DEADLINE_DIGEST_HOUR, todayIn } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import { loadAuth } from '../../auth/session';
import { deadlineDigestEmail } from './deadline-digest.email';
import { claimDigestWeek, digestFor, digestSubscribers, firmName } from './deadline-digest.queries';

/**
 * The weekly deadline e-mail (a recurring job, decision 034): each firm user who asked for it gets, once per
 * ISO week, on the first run on or after Monday 7:00 their time, an e-mail through the outbox (decision 035)
 * of their firm's overdue and due-soon requests. The week is claimed on the user's row in the transaction
 * that queues the e-mail, so two instances running the job at once send it once. A week with nothing
 * overdue or due soon is claimed and sends nothing.
 */
export const DEADLINE_DIGEST_JOB = 'deadlines.digest';

/** The ISO 8601 week ('2026-W48') a YYYY-MM-DD date falls in. */
export function isoWeek(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  // The Thursday of the same week decides its year.
  day.setUTCDate(day.getUTCDate() - weekday + 3);
  const year = day.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(4 - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((day.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The user's week when this week's digest is due (Monday from 7:00 their time, or any later day), else null. */
export function digestWeekDue(zone: string, now: Date): string | null {
  const today = todayIn(zone, now);
  const monday = new Date(`${today}T00:00:00Z`).getUTCDay() === 1;
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
  return monday && hour < DEADLINE_DIGEST_HOUR ? null : isoWeek(today);
}

/** Sends this week's digest to every firm user it is due for; answers how many e-mails were queued. */
export async function sendDeadlineDigests(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  now: Date = new Date(),
): Promise<number> {
  const internalCompanyId = deps.config.INTERNAL_COMPANY_ID;
  const wanting = await digestSubscribers(deps.db, internalCompanyId);
  let sent = 0;
  for (const user of wanting) {
    const week = digestWeekDue(user.timezone ?? 'UTC', now);
    if (week === null || week === user.week) continue;
    if (await sendOne(deps, user.id, week, now)) sent += 1;
  }
  return sent;
}

async function sendOne(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  userId: number,
  week: string,
  now: Date,
): Promise<boolean> {
  const internalCompanyId = deps.config.INTERNAL_COMPANY_ID;
  return deps.db.transaction(async (tx) => {
    // The claim: whichever instance updates the row first sends; the other finds the week taken.
    const claimed = await claimDigestWeek(tx, userId, week);
    if (!claimed) return false;
    const auth = await loadAuth(tx, userId, internalCompanyId);
    if (!auth) return false;
    const digest = await digestFor(tx, auth, {
      today: todayIn(auth.timezone, now),
      internalCompanyId,
      now,
    });
    if (digest.requests.length === 0) return false;
    const firm = await firmName(tx, claimed.companyId);
    await deps.mail.enqueue(
      tx,
      deadlineDigestEmail({
        to: claimed,
        firmName: firm ?? '',
        zone: auth.timezone,
        publicUrl: deps.mail.publicUrl,
        digest,
      }),
    );
    return true;
  });
}
