import { type NotificationEmailPrefs, notificationEmailKind } from '@dd/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types';
import { loadAuth } from '../../auth/session';
import { queryRows, type Tx } from '../../db/client';
import {
  notes,
  notificationDigestItems,
  notificationEmailPrefs,
  notificationEmailQueue,
  users,
} from '../../db/schema';
import { notificationEmail } from './notification-emails.email';
import { choicesOf } from './notification-emails.prefs';
import { othersNotesOnVisibleRequests, selectBellEvents } from './notifications.service';

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
  const taken = await queryRows<{ note_id: number }>(
    tx,
    sql`delete from ${notificationEmailQueue} where note_id in (
          select note_id from ${notificationEmailQueue} order by note_id limit ${BATCH} for update skip locked
        ) returning note_id`,
  );
  if (!taken.length) return 0;
  const noteIds = taken.map((r) => Number(r.note_id));
  const wanting = await tx
    .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName })
    .from(notificationEmailPrefs)
    .innerJoin(users, eq(users.id, notificationEmailPrefs.userId))
    .where(and(ne(notificationEmailPrefs.choice, 'never'), sql`${users.isActive}`));
  for (const user of wanting) {
    const auth = await loadAuth(tx, user.id, deps.config.INTERNAL_COMPANY_ID);
    if (!auth) continue;
    const events = await selectBellEvents(
      tx,
      and(inArray(notes.id, noteIds), othersNotesOnVisibleRequests(tx, auth)),
    ).orderBy(notes.id);
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
    if (daily.length) await tx.insert(notificationDigestItems).values(daily).onConflictDoNothing();
  }
  return noteIds.length;
}
