import { isWaitingOnFirm, type RequestStatus, STATUS } from '../statuses';
import type { DeadlineRequest } from './due-date';

/**
 * When a request's legal clock started and when it stood still, from its status changes in order (each
 * dated in the provider's time zone): the first send since the last (re)submission starts it, 'Need
 * Assistance' (the request waits on the firm) stops it, the next status starts it again. Null before
 * the first send.
 */
export function clockFromHistory(
  history: readonly { status: RequestStatus; on: string }[],
): Pick<DeadlineRequest, 'sentOn' | 'pauses'> | null {
  let sentOn: string | null = null;
  let pauses: { from: string; to: string | null }[] = [];
  for (const { status, on } of history) {
    if (status === STATUS.requestedByLawyer) {
      sentOn = null;
      pauses = [];
    } else if (sentOn === null) {
      if (status === STATUS.initialRequestSent) sentOn = on;
    } else {
      const open = pauses.at(-1)?.to === null ? pauses.at(-1) : undefined;
      if (isWaitingOnFirm(status) && !open) pauses.push({ from: on, to: null });
      else if (!isWaitingOnFirm(status) && open) open.to = on;
    }
  }
  return sentOn === null ? null : { sentOn, pauses };
}
