import {
  COMPLETENESS_MSG,
  type Completeness,
  type CompletenessBody,
  completenessNote,
  completenessOf,
  formatDate,
  isAccountedFor,
  reRequestText,
  stateTimeZone,
  todayIn,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import type { DbOrTx, Tx } from '../../db/client';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, notFound } from '../../lib/errors';
import { dueOnTodoToday, providerLetterFacts } from '../followups/followups.queries';
import { lockVisibleRequest } from '../notes/notes.context.queries';
import { writeNote } from '../notes/notes.queries';
import { categoriesOf, setCategoryReceipt, visibleRequestFirm } from './completeness.queries';

/**
 * What arrived of each record category a request asked for (docs/records-package.md, Completeness):
 * read by whoever sees the request, marked and re-requested by internal staff. Every change is a note.
 */
export async function getCompleteness(db: DbOrTx, auth: Auth, requestId: number): Promise<Completeness> {
  const visible = await visibleRequestFirm(db, auth, requestId);
  if (!visible) throw notFound();
  return completenessOf(await categoriesOf(db, requestId, visible.companyId));
}

async function lockVisible(tx: Tx, auth: Auth, requestId: number) {
  const target = await lockVisibleRequest(tx, auth, requestId);
  if (!target) throw notFound();
  return target;
}

export async function markCompleteness(
  { db }: Pick<AppDeps, 'db'>,
  auth: Auth,
  requestId: number,
  body: CompletenessBody,
): Promise<{ success: string; completeness: Completeness }> {
  return db.transaction(async (tx) => {
    const { companyId } = await lockVisible(tx, auth, requestId);
    const before = new Map((await categoriesOf(tx, requestId, companyId)).map((c) => [c.request_type, c]));
    const changes = body.categories
      .map((c) => ({ ...c, request_type: Number(c.request_type) }))
      .filter((c) => {
        const current = before.get(c.request_type);
        if (!current) throw badRequest(COMPLETENESS_MSG.notAsked, { categories: COMPLETENESS_MSG.notAsked });
        return current.receipt !== c.receipt;
      });
    const now = new Date();
    for (const change of changes) {
      await setCategoryReceipt(tx, { id: requestId, companyId }, change.request_type, change.receipt, {
        userId: auth.userId,
        at: now,
      });
    }
    if (changes.length) {
      const named = changes.map((c) => ({ name: before.get(c.request_type)!.name, receipt: c.receipt }));
      await writeNote(tx, { requestId, companyId, userId: auth.userId, text: completenessNote(named) });
    }
    return {
      success: COMPLETENESS_MSG.saved,
      completeness: completenessOf(await categoriesOf(tx, requestId, companyId)),
    };
  });
}

/**
 * Asks the provider again for every category not yet accounted for: by e-mail to its records address
 * through the outbox, or, with no address, as a letter kept in the note and the request due on the To Do
 * list today (the same two channels as a follow-up).
 */
export async function reRequestMissing(
  { db, mail }: Pick<AppDeps, 'db' | 'mail'>,
  auth: Auth,
  requestId: number,
  now: Date = new Date(),
): Promise<{ success: string; completeness: Completeness }> {
  return db.transaction(async (tx) => {
    const { companyId } = await lockVisible(tx, auth, requestId);
    const categories = await categoriesOf(tx, requestId, companyId);
    const missing = categories.filter((c) => !isAccountedFor(c.receipt));
    if (!missing.length) throw badRequest(COMPLETENESS_MSG.nothingMissing);
    const r = await providerLetterFacts(tx, requestId);
    const dob = formatDate(r.dateOfBirth);
    const text = reRequestText({
      provider: r.provider,
      client: r.client,
      dateOfBirth: dob || 'on the authorization',
      dates: `${formatDate(r.startDate) || 'all available dates'} to ${formatDate(r.endDate) || 'present'}`,
      lawFirm: r.firm,
      requestNumber: r.internalNumber,
      missing,
    });
    const signed = `${text}\n\nThank you,\nDirect Docs\n${mail.supportEmail}`;
    const to = r.email?.trim();
    if (to) {
      await mail.enqueue(tx, {
        to,
        replyTo: mail.supportEmail,
        subject: `Missing records: request for ${r.client}${dob ? `, DOB ${dob}` : ''} (Direct Docs #${r.internalNumber})`,
        template: 'provider-re-request',
        ...renderEmail({
          title: `Missing records: request #${r.internalNumber}`,
          paragraphs: signed.split(/\n{2,}/),
        }),
      });
    }
    const success = to ? COMPLETENESS_MSG.reRequested(to) : COMPLETENESS_MSG.reRequestLetter;
    await writeNote(tx, {
      requestId,
      companyId,
      userId: auth.userId,
      // The e-mail's text stays in the outbox; a letter is kept whole in the note, where staff print it from.
      text: to ? success : `${success}${r.fax ? ` Fax ${r.fax}.` : ''}\n\n${signed}`,
    });
    if (!to) await dueOnTodoToday(tx, { id: requestId, companyId }, todayIn(stateTimeZone(r.state), now));
    return { success, completeness: completenessOf(categories) };
  });
}
