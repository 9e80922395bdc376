import { NOTIFICATION_DIGEST_HOUR, notificationEmailKind, todayIn } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import { loadAuth } from '../../auth/session';
import { notificationDigestEmail } from './notification-emails.email';
import { choicesOf } from './notification-emails.prefs';
import { sendNotificationEmails } from './notification-emails.send';
import {
  bellEventsForDigest,
  claimDigestDay,
  takeDigestItems,
  usersWithDigestItems,
} from './notifications.queries';

/**
 * The daily notification digest (decision 065), a recurring job: each user with notes kept for it gets one
 * e-mail a day, on the first run from 7:00 their time, of the events they chose 'daily' for. The day is
 * claimed on the user's row in the transaction that takes the notes and queues the e-mail, so two
 * instances running the job at once send it once. The notes are read again through the bell's rule, so a
 * request the user can no longer see since is left out.
 */
export const NOTIFICATION_DIGEST_JOB = 'notifications.digest';

type Deps = Pick<AppDeps, 'db' | 'mail' | 'config'>;

/** The user's day when their digest may leave (from 7:00 their time), else null. */
function digestDayDue(zone: string, now: Date): string | null {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
  return hour < NOTIFICATION_DIGEST_HOUR ? null : todayIn(zone, now);
}

/** Answers how many digests were queued. */
export async function sendNotificationDigests(deps: Deps, now: Date = new Date()): Promise<number> {
  // Notes written since the last hand-out belong in today's digest too.
  await sendNotificationEmails(deps);
  const waiting = await usersWithDigestItems(deps.db);
  let sent = 0;
  for (const user of waiting) {
    const day = digestDayDue(user.timezone ?? 'UTC', now);
    if (day === null || day === user.day) continue;
    if (await sendOne(deps, user.id, day)) sent += 1;
  }
  return sent;
}

async function sendOne(deps: Deps, userId: number, day: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // The claim: whichever instance updates the row first sends; the other finds the day taken.
    const claimed = await claimDigestDay(tx, userId, day);
    if (!claimed) return false;
    const kept = await takeDigestItems(tx, userId);
    const auth = await loadAuth(tx, userId, deps.config.INTERNAL_COMPANY_ID);
    if (!auth || !kept.length) return false;
    const choices = await choicesOf(tx, auth);
    const events = (
      await bellEventsForDigest(
        tx,
        auth,
        kept.map((k) => k.noteId),
      )
    ).filter((e) => choices[notificationEmailKind(e.statusChange)] === 'daily');
    if (!events.length) return false;
    await deps.mail.enqueue(
      tx,
      notificationDigestEmail({ to: claimed, zone: auth.timezone, publicUrl: deps.mail.publicUrl, events }),
    );
    return true;
  });
}
