import {
  COMPLETENESS_MSG,
  type Completeness,
  type CompletenessBody,
  completenessNote,
  completenessOf,
  formatDate,
  isAccountedFor,
  type RecordCategory,
  reRequestText,
  stateTimeZone,
  todayIn,
} from '@dd/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { visibleRequests } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import { notes, requests, requestTypeChoices, requestTypes, users } from '../../db/schema';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, notFound } from '../../lib/errors';
import { dueOnTodoToday, providerLetterFacts } from '../followups/followups.deliver';
import { lockRequestForChange } from '../notes/notes.context';

/**
 * What arrived of each record category a request asked for (docs/records-package.md, Completeness):
 * read by whoever sees the request, marked and re-requested by internal staff. Every change is a note.
 */
async function categoriesOf(db: DbOrTx, requestId: number, companyId: number): Promise<RecordCategory[]> {
  const rows = await db
    .select({
      requestType: requestTypeChoices.requestTypeId,
      name: requestTypes.name,
      receipt: requestTypeChoices.receipt,
      markedAt: requestTypeChoices.receiptAt,
      markedBy: users.fullName,
    })
    .from(requestTypeChoices)
    .innerJoin(requestTypes, eq(requestTypes.id, requestTypeChoices.requestTypeId))
    .leftJoin(users, eq(users.id, requestTypeChoices.receiptById))
    .where(and(eq(requestTypeChoices.requestId, requestId), eq(requestTypeChoices.companyId, companyId)))
    .orderBy(asc(requestTypeChoices.position));
  return rows.map((r) => ({
    request_type: r.requestType,
    name: r.name,
    receipt: r.receipt,
    marked_at: r.markedAt?.toISOString() ?? null,
    marked_by: r.markedBy,
  }));
}

export async function getCompleteness(db: DbOrTx, auth: Auth, requestId: number): Promise<Completeness> {
  const [visible] = await db
    .select({ companyId: requests.companyId })
    .from(requests)
    .where(and(eq(requests.id, requestId), visibleRequests(auth)));
  if (!visible) throw notFound();
  return completenessOf(await categoriesOf(db, requestId, visible.companyId));
}

async function lockVisible(tx: Tx, auth: Auth, requestId: number) {
  const target = await lockRequestForChange(tx, and(eq(requests.id, requestId), visibleRequests(auth))!);
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
      await tx
        .update(requestTypeChoices)
        .set({
          receipt: change.receipt,
          receiptAt: change.receipt ? now : null,
          receiptById: change.receipt ? auth.userId : null,
        })
        .where(
          and(
            eq(requestTypeChoices.requestId, requestId),
            eq(requestTypeChoices.companyId, companyId),
            eq(requestTypeChoices.requestTypeId, change.request_type),
          ),
        );
    }
    if (changes.length) {
      const named = changes.map((c) => ({ name: before.get(c.request_type)!.name, receipt: c.receipt }));
      await tx
        .insert(notes)
        .values({ requestId, companyId, userId: auth.userId, text: completenessNote(named) });
    }
    return {
      success: COMPLETENESS_MSG.saved,
      completeness: completenessOf(await categoriesOf(tx, requestId, companyId)),
    };
  });
}

/**
 * The provider certified it holds no records for the request: every category not yet marked is
 * certified none, so the request reads complete ('No Records Found', outcomes.service.ts). A category
 * marked already (some of it arrived) keeps its mark.
 */
export async function certifyUnmarkedAsNone(tx: Tx, requestId: number, byUserId: number): Promise<void> {
  await tx
    .update(requestTypeChoices)
    .set({ receipt: 'none', receiptAt: new Date(), receiptById: byUserId })
    .where(and(eq(requestTypeChoices.requestId, requestId), isNull(requestTypeChoices.receipt)));
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
    await tx.insert(notes).values({
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
