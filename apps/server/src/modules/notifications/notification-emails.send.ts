import { type NotificationEmailPrefs, notificationEmailKind } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import { loadAuth } from '../../auth/session';
import type { Tx } from '../../db/client';
import { notificationEmail } from './notification-emails.email';
import { choicesOf } from './notification-emails.prefs';
import {
  bellEventsAmongNotes,
  keepForDigest,
  takeQueuedNotes,
  usersWantingEmails,
} from './notifications.queries';

/**
 * Hands out new bell events to the users who chose an e-mail for their kind (decision 065), a recurring
 * job: a trigger queues every new note; each batch is taken off the queue (`for update skip locked`, so two
 * instances take different notes) in the transaction that queues the e-mails, so each note is handed out
 * once. Each user gets only the notes the bell would show them (the bell's own rule): 'immediately' queues
 * an e-mail now, 'daily' keeps the note for the user's next digest.
 */
export const NOTIFICATION_EMAILS_JOB = 'notifications.emails';
const BATCH = 500;

type Deps = Pick<AppDeps, 'db' | 'mail' | 'config'>;

/** Answers how many queued notes were handed out. */
export async function sendNotificationEmails(deps: Deps): Promise<number> {
  let handled = 0;
  for (;;) {
    const batch = await deps.db.transaction((tx) => handOut(tx, deps));
    handled += batch;
    if (batch < BATCH) return handled;
  }
}

async function handOut(tx: Tx, deps: Deps): Promise<number> {
  const noteIds = await takeQueuedNotes(tx, BATCH);
  if (!noteIds.length) return 0;
  const wanting = await usersWantingEmails(tx);
  for (const user of wanting) {
    const auth = await loadAuth(tx, user.id, deps.config.INTERNAL_COMPANY_ID);
    if (!auth) continue;
    const events = await bellEventsAmongNotes(tx, auth, noteIds);
    if (!events.length) continue;
    const choices: NotificationEmailPrefs = await choicesOf(tx, auth);
    const daily = [];
    for (const event of events) {
      const choice = choices[notificationEmailKind(event.statusChange)];
      if (choice === 'daily') daily.push({ userId: user.id, companyId: auth.companyId, noteId: event.id });
      if (choice !== 'immediately') continue;
      const to = { email: user.email, firstName: user.firstName };
      await deps.mail.enqueue(
        tx,
        notificationEmail({ to, zone: auth.timezone, publicUrl: deps.mail.publicUrl, event }),
      );
    }
    if (daily.length) await keepForDigest(tx, daily);
  }
  return noteIds.length;
}
