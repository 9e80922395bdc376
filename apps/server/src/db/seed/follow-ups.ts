import {
  clockFromHistory,
  DEFAULT_FOLLOW_UP_CADENCE,
  DEFAULT_FOLLOW_UP_TEMPLATE,
  type FollowUpStatus,
  followUpDueOn,
  formatDate,
  isOpenStatus,
  type RequestStatus,
  renderFollowUpText,
  stateTimeZone,
  todayIn,
} from '@dd/shared';
import { endReason } from '../../modules/followups/followups.schedule';
import type { Tx } from '../client';
import { followUps, notes } from '../schema';
import type { InsertedRequest } from './documents';

/**
 * The demo requests' follow-ups to their providers, as the chore would have sent them: from each request's
 * first send by the default cadence, the days it waited on the firm not counted. What fell due before
 * today (or before the request ended) was sent and logged as a note (a letter where the provider has no
 * e-mail address); a running request has its next one planned, one waiting on the firm has it paused, and
 * a finished one has the rest skipped with the reason.
 */
const MAX_PER_REQUEST = 12;

const at = (day: string) => new Date(`${day}T15:00:00Z`);

type Row = typeof followUps.$inferInsert;

export async function insertDemoFollowUps(tx: Tx, inserted: InsertedRequest[], now: Date): Promise<void> {
  const cadence = DEFAULT_FOLLOW_UP_CADENCE;
  const rows: Row[] = [];
  const logged: { row: Row; note: typeof notes.$inferInsert }[] = [];
  for (const { id, internalNumber, plan } of inserted) {
    const zone = stateTimeZone(plan.provider.state);
    const history = plan.timeline.notes.map((n) => ({
      status: n.updateStatus,
      on: todayIn(zone, n.createdAt),
    }));
    const clock = clockFromHistory(history);
    if (!clock) continue;
    const status = plan.values.status as RequestStatus;
    const last = history.at(-1);
    const endedOn = !isOpenStatus(status) && last ? last.on : null;
    const pauses = clock.pauses ?? [];
    const openPause = pauses.find((p) => p.to === null);
    const closed = { sentOn: clock.sentOn, pauses: pauses.filter((p) => p.to !== null) };
    const today = todayIn(zone, now);
    const email = plan.provider.email;
    const companyId = plan.firm.id;
    for (let n = 1; n <= MAX_PER_REQUEST; n++) {
      const plannedOn = followUpDueOn(closed, cadence, n)!;
      const stop = endedOn ?? (openPause ? openPause.from : today);
      if (plannedOn >= stop) {
        const state: FollowUpStatus = endedOn ? 'skipped' : openPause ? 'paused' : 'planned';
        rows.push({
          requestId: id,
          companyId,
          number: n,
          sentOn: clock.sentOn,
          plannedOn,
          status: state,
          ...(state === 'skipped' && { skipReason: endReason(status) }),
          ...(state === 'paused' && { pauseReason: 'waiting_on_firm' as const, pausedOn: openPause!.from }),
        });
        break;
      }
      const body = renderFollowUpText(DEFAULT_FOLLOW_UP_TEMPLATE, {
        provider: plan.provider.name,
        client: plan.patient.fullName,
        date_of_birth: formatDate(plan.patient.dateOfBirth) || 'on the authorization',
        dates: `${formatDate(plan.values.startDate ?? null) || 'all available'} to ${formatDate(plan.values.endDate ?? null) || 'present'}`,
        law_firm: plan.firm.name,
        sent_on: formatDate(clock.sentOn),
        request_number: internalNumber,
        number: String(n),
      });
      const heading = email
        ? `Follow-up ${n} e-mailed to the provider at ${email}.`
        : `Follow-up ${n} is a letter to print or fax: the provider has no e-mail address.`;
      logged.push({
        note: {
          requestId: id,
          companyId,
          text: email ? heading : `${heading}\n\n${body}`,
          createdAt: at(plannedOn),
        },
        row: {
          requestId: id,
          companyId,
          number: n,
          sentOn: clock.sentOn,
          plannedOn,
          status: 'sent',
          channel: email ? 'email' : 'letter',
          sentAt: at(plannedOn),
        },
      });
    }
  }
  for (let i = 0; i < logged.length; i += 500) {
    const part = logged.slice(i, i + 500);
    const ids = await tx
      .insert(notes)
      .values(part.map((l) => l.note))
      .returning({ id: notes.id, requestId: notes.requestId, createdAt: notes.createdAt });
    // PostgreSQL returns the rows in VALUES order; check rather than assume.
    part.forEach((l, j) => {
      if (ids[j].requestId !== l.note.requestId) throw new Error('Seed rows out of order');
      rows.push({ ...l.row, noteId: ids[j].id });
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(followUps).values(rows.slice(i, i + 1000));
}
