import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, isDashDate, parseUsDate, truncateLabel } from './format';
import { cents, toCents } from './money';
import { automaticSurcharge, requestPrice } from './pricing';
import { CLOSED_STATUSES, normalizeStatus, OPEN_STATUSES, STAFF_NOTE_STATUSES, STATUS } from './statuses';

describe('pricing', () => {
  it('uses the company price, 35 by default, plus 7 for rush', () => {
    expect(requestPrice({ rush: false, requestTypes: ['Medical Records'] })).toBe(3500);
    expect(requestPrice({ companyPrice: cents(4000), rush: true, requestTypes: ['Medical Records'] })).toBe(
      4700,
    );
  });

  it('charges a flat 9.95 for the certification type alone', () => {
    expect(requestPrice({ rush: true, requestTypes: ['Provider Certification of Received Records'] })).toBe(
      995,
    );
  });

  it('adds 10 per full 100 of provider cost, capped at 1000', () => {
    expect(automaticSurcharge(toCents(99.99))).toBe(0);
    expect(automaticSurcharge(toCents(250))).toBe(2000);
    expect(automaticSurcharge(toCents(50_000))).toBe(100_000);
    expect(automaticSurcharge(toCents(-5))).toBe(0);
  });
});

describe('formats', () => {
  it('cuts select labels over 110 characters to 107 plus an ellipsis', () => {
    expect(truncateLabel('x'.repeat(110))).toHaveLength(110);
    expect(truncateLabel('x'.repeat(111))).toBe(`${'x'.repeat(107)}...`);
  });

  it('shows dates as mm/dd/yyyy and money with two decimals and separators', () => {
    expect(formatDate('2020-7-3')).toBe('07/03/2020');
    expect(formatMoney(cents(123450))).toBe('$1,234.50');
    expect(formatMoney('1234567.89')).toBe('$1,234,567.89');
    expect(formatMoney(cents(-150))).toBe('-$1.50');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney('9.95', false)).toBe('9.95');
  });

  it('parses mm/dd/yyyy only for real dates', () => {
    expect(parseUsDate('07/03/2020')).toBe('2020-07-03');
    expect(parseUsDate('2/30/2020')).toBeUndefined();
    expect(parseUsDate('2020-07-03')).toBeUndefined();
  });

  it('checks the request form date shape', () => {
    expect(isDashDate('2020-7-3')).toBe(true);
    expect(isDashDate('07/03/2020')).toBe(false);
  });
});

describe('statuses', () => {
  it('splits every status into open or closed', () => {
    expect(OPEN_STATUSES).toContain(STATUS.needAssistance);
    expect(CLOSED_STATUSES).toContain(STATUS.completedArrived);
    expect(OPEN_STATUSES).toContain(STATUS.waitingForFeeApproval);
    expect(OPEN_STATUSES).toContain(STATUS.requestRejected);
    expect(CLOSED_STATUSES).toContain(STATUS.noRecordsFound);
    expect(OPEN_STATUSES.length + CLOSED_STATUSES.length).toBe(15);
  });

  it('lets staff notes set In Contact With Provider down to the last closed status', () => {
    expect(STAFF_NOTE_STATUSES[0]).toBe(STATUS.inContact);
    expect(STAFF_NOTE_STATUSES).not.toContain(STATUS.requestedByLawyer);
    expect(STAFF_NOTE_STATUSES.at(-1)).toBe(STATUS.cancelled);
    // Only a charge above the firm's limit puts a request there, with the approval it waits for.
    expect(STAFF_NOTE_STATUSES).not.toContain(STATUS.waitingForFeeApproval);
  });

  it('reads the other names the spec uses', () => {
    expect(normalizeStatus('Medical Records Request Sent')).toBe(STATUS.initialRequestSent);
    expect(normalizeStatus('Documents en Route')).toBe(STATUS.documentsEnRoute);
    expect(normalizeStatus('Unknown')).toBeUndefined();
  });
});
