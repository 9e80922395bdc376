import {
  ALL_DEADLINE_RULES,
  clockFromHistory,
  type DeadlineStatus,
  deadlineFor,
  deadlineStatus,
  describeRule,
  isOpenStatus,
  type LegalBasis,
  type RequestStatus,
  stateTimeZone,
  todayIn,
} from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { syncFollowUps } from '../followups/followups.schedule';
import { deadlineInputs, setDueDate, statusHistory } from './requests.deadline.queries';
import { type RequestRef, refId } from './requests.ref';

/**
 * A request's legal due date, kept on the request (docs/deadlines.md). The clock starts with the first
 * e-mail to the provider since the last (re)submission; 'Need Assistance' (the request waits on the firm)
 * stops it and the next status starts it again with the days it had left. Read from the status history
 * in the notes, so it is recomputed from facts every time a status changes, the basis changes or an
 * extension notice is recorded. The follow-ups to the provider run on the same clock and are brought in
 * step with it here (followups.schedule.ts); `now` is the moment of the change.
 */
export async function refreshDeadline(tx: DbOrTx, ref: RequestRef, now = new Date()): Promise<void> {
  const request = await deadlineInputs(tx, ref);
  if (!request) return;
  const key = { id: refId(ref), companyId: request.companyId };
  const history = await statusHistory(tx, key);
  const zone = stateTimeZone(request.state);
  const clock = clockFromHistory(
    history.map((h) => ({ status: h.status as RequestStatus, on: todayIn(zone, h.at) })),
  );
  const deadline =
    clock &&
    deadlineFor({
      ...clock,
      basis: request.basis,
      state: request.state,
      providerKind: request.providerKind,
      extensionNoticeOn: request.extensionNoticeOn,
    });
  await setDueDate(tx, key, { dueDate: deadline?.due ?? null, deadlineRule: deadline?.rule.id ?? null });
  await syncFollowUps(tx, key, clock, now);
}

/** What the request's screens and lists show of its deadline. */
export interface DeadlineFields {
  legal_basis: LegalBasis;
  due_date: string | null;
  deadline_rule: string | null;
  deadline_status: DeadlineStatus | null;
}

const ruleById = new Map(ALL_DEADLINE_RULES.map((rule) => [rule.id, rule]));

/** A finished request, or one not yet sent, has no deadline status; "today" is the provider's. */
export function deadlineFields(
  row: { legalBasis: LegalBasis; dueDate: string | null; deadlineRule: string | null; status: RequestStatus },
  providerState: string | null,
  now: Date = new Date(),
): DeadlineFields {
  const rule = row.deadlineRule ? ruleById.get(row.deadlineRule) : undefined;
  const today = todayIn(stateTimeZone(providerState), now);
  return {
    legal_basis: row.legalBasis,
    due_date: row.dueDate,
    deadline_rule: rule ? describeRule(rule) : null,
    deadline_status: row.dueDate && isOpenStatus(row.status) ? deadlineStatus(row.dueDate, today) : null,
  };
}
