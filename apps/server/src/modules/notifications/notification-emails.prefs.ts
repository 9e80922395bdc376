import {
  NOTIFICATION_EMAIL_DEFAULT,
  NOTIFICATION_EMAIL_KINDS,
  NOTIFICATION_EMAIL_MSG,
  type NotificationEmailPrefs,
} from '@dd/shared';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { emailChoiceRows, saveEmailChoices } from './notifications.queries';

/**
 * The signed-in user's own notification e-mail choices (decision 065): one per kind of bell event, 'never'
 * where none was made. An API key acts for a firm's integration, not a person: it may not read or set them.
 */
function ownPerson(auth: Auth): number {
  if (auth.apiKeyId !== undefined) throw forbidden(NOTIFICATION_EMAIL_MSG.personsOnly);
  return auth.userId;
}

export async function choicesOf(
  db: DbOrTx,
  person: { userId: number; companyId: number },
): Promise<NotificationEmailPrefs> {
  const rows = await emailChoiceRows(db, person);
  const chosen = new Map(rows.map((r) => [r.kind, r.choice]));
  return Object.fromEntries(
    NOTIFICATION_EMAIL_KINDS.map((kind) => [kind, chosen.get(kind) ?? NOTIFICATION_EMAIL_DEFAULT]),
  ) as NotificationEmailPrefs;
}

export async function getNotificationEmailPrefs(db: DbOrTx, auth: Auth): Promise<NotificationEmailPrefs> {
  return choicesOf(db, { userId: ownPerson(auth), companyId: auth.companyId });
}

export async function setNotificationEmailPrefs(
  db: DbOrTx,
  auth: Auth,
  prefs: NotificationEmailPrefs,
): Promise<NotificationEmailPrefs> {
  const userId = ownPerson(auth);
  const { companyId } = auth;
  await saveEmailChoices(
    db,
    NOTIFICATION_EMAIL_KINDS.map((kind) => ({ userId, companyId, kind, choice: prefs[kind] })),
  );
  return choicesOf(db, { userId, companyId });
}
