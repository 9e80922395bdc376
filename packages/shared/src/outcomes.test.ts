import { describe, expect, it } from 'vitest';
import { clockFromHistory } from './deadlines';
import { isStale, outcomeNote, rejectionDetail, waitingBusinessDays } from './outcomes';
import {
  finishKind,
  isOpenStatus,
  isWaitingOnFirm,
  PROVIDER_REACHED_STATUSES,
  STAFF_NOTE_STATUSES,
  STATUS,
} from './statuses';

describe('the provider’s outcomes as statuses', () => {
  it('No Records Found finishes the request as completed; Request Rejected stays open and waits on the firm', () => {
    expect(isOpenStatus(STATUS.noRecordsFound)).toBe(false);
    expect(finishKind(STATUS.noRecordsFound)).toBe('completed');
    expect(isOpenStatus(STATUS.requestRejected)).toBe(true);
    expect(isWaitingOnFirm(STATUS.requestRejected)).toBe(true);
    expect(isWaitingOnFirm(STATUS.noRecordsFound)).toBe(false);
    expect(finishKind(STATUS.requestRejected)).toBeNull();
    expect(finishKind(STATUS.cancelled)).toBe('closed');
  });

  it('are staff actions, never a note’s status, and both mean the provider was reached', () => {
    expect(STAFF_NOTE_STATUSES).not.toContain(STATUS.noRecordsFound);
    expect(STAFF_NOTE_STATUSES).not.toContain(STATUS.requestRejected);
    expect(PROVIDER_REACHED_STATUSES).toContain(STATUS.noRecordsFound);
    expect(PROVIDER_REACHED_STATUSES).toContain(STATUS.requestRejected);
  });

  it('a rejection stops the legal clock until the resend starts it over', () => {
    const clock = clockFromHistory([
      { status: STATUS.initialRequestSent, on: '2026-03-02' },
      { status: STATUS.requestRejected, on: '2026-03-05' },
    ]);
    expect(clock?.pauses).toEqual([{ from: '2026-03-05', to: null }]);
    const resent = clockFromHistory([
      { status: STATUS.initialRequestSent, on: '2026-03-02' },
      { status: STATUS.requestRejected, on: '2026-03-05' },
      { status: STATUS.requestedByLawyer, on: '2026-03-09' },
      { status: STATUS.initialRequestSent, on: '2026-03-10' },
    ]);
    expect(resent).toEqual({ sentOn: '2026-03-10', pauses: [] });
  });

  it('the rejection note gives back what staff added after the reason', () => {
    const text = outcomeNote.rejected('wrong_provider', 'They moved to St. Mary.');
    expect(text).toBe('The provider rejected the request: Wrong provider. They moved to St. Mary.');
    expect(rejectionDetail(text, 'wrong_provider')).toBe('They moved to St. Mary.');
    expect(rejectionDetail(outcomeNote.rejected('wrong_provider'), 'wrong_provider')).toBeNull();
  });
});

describe('stale requests', () => {
  const sent = {
    status: STATUS.initialRequestSent,
    sentOn: '2026-01-02',
    keptWaitingOn: null,
    hasRecords: false,
  };

  it('count business days since the send: weekends and federal holidays do not count', () => {
    // Friday 2 January to Friday 16 January: ten business days; Monday 19 January is MLK Day.
    expect(waitingBusinessDays(sent, '2026-01-16')).toBe(10);
    expect(waitingBusinessDays(sent, '2026-01-19')).toBe(10);
    expect(isStale(sent, '2026-01-16', 10)).toBe(true);
    expect(isStale(sent, '2026-01-15', 10)).toBe(false);
  });

  it('count again from the day the firm chose to keep waiting', () => {
    expect(waitingBusinessDays({ ...sent, keptWaitingOn: '2026-01-16' }, '2026-01-20')).toBe(1);
    // A keep-waiting day before the send (an earlier round) does not count.
    expect(waitingBusinessDays({ ...sent, keptWaitingOn: '2025-12-01' }, '2026-01-16')).toBe(10);
  });

  it('never when the provider answered, records arrived, the firm is asked something, or it was not sent', () => {
    expect(waitingBusinessDays({ ...sent, status: STATUS.documentsEnRoute }, '2026-06-01')).toBeNull();
    expect(waitingBusinessDays({ ...sent, hasRecords: true }, '2026-06-01')).toBeNull();
    expect(waitingBusinessDays({ ...sent, status: STATUS.requestRejected }, '2026-06-01')).toBeNull();
    expect(waitingBusinessDays({ ...sent, sentOn: null }, '2026-06-01')).toBeNull();
    expect(waitingBusinessDays({ ...sent, status: STATUS.inContact }, '2026-01-16')).toBe(10);
  });
});
