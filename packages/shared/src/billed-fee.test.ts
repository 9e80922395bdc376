import { describe, expect, it } from 'vitest';
import { BILLABLE_STATUSES, type FeeSettings, outcomeFee, outcomeFees } from './billing';
import { CERTIFICATION_REQUEST_TYPE } from './constants';
import { cents, toCents } from './money';
import { requestPrice } from './pricing';
import { STATUS } from './statuses';

/** What a firm is quoted at order is what it is billed when its documents arrive. */

const fees: FeeSettings = {
  completed_documents_arrived: cents(3500),
  completed_documents_unavailable: cents(2500),
  closed_documents_arrived: cents(3500),
  closed_documents_unavailable: cents(2500),
  cancelled: cents(1000),
  rush: cents(700),
  closed_originally_no_document: cents(3000),
};
const price = (dollars: number) => ({ price: toCents(dollars) });

describe('the fee a request bills', () => {
  it('bills the quoted price when the documents arrive: the certification flat price, rush or not', () => {
    const quoted = requestPrice({ rush: true, requestTypes: [CERTIFICATION_REQUEST_TYPE] });
    expect(quoted).toBe(995);
    expect(outcomeFee(fees, STATUS.completedArrived, { price: quoted, rush: true })).toBe(995);
  });

  it("bills a firm's own price as quoted, not the fee setting", () => {
    const own = toCents(38);
    const quoted = requestPrice({ companyPrice: own, rush: false, requestTypes: ['Medical Records'] });
    expect(outcomeFee(fees, STATUS.completedArrived, { price: quoted, rush: false })).toBe(3800);
    const rushQuote = requestPrice({ companyPrice: own, rush: true, requestTypes: ['Medical Records'] });
    expect(outcomeFee(fees, STATUS.completedArrived, { price: rushQuote, rush: true })).toBe(4500);
  });

  it('bills the quoted price for a request closed with its documents too, never its fee setting', () => {
    const quote = { ...price(38), rush: false };
    expect(outcomeFee({ ...fees, closed_documents_arrived: cents(9900) }, STATUS.closedArrived, quote)).toBe(
      3800,
    );
    expect(outcomeFee(fees, STATUS.closedArrived, { ...price(9.95), rush: true })).toBe(995);
  });

  it('bills the fee setting, plus rush, for the other outcomes, and the quote while open', () => {
    const quote = { ...price(38), rush: true };
    expect(outcomeFee(fees, STATUS.completedUnavailable, quote)).toBe(3200);
    expect(outcomeFee(fees, STATUS.cancelled, quote)).toBe(1700);
    expect(outcomeFee(fees, STATUS.closedOriginallyNone, { ...price(38), rush: false })).toBe(3000);
    expect(outcomeFee(fees, STATUS.inContact, quote)).toBe(3800);
  });

  it('lists what each outcome bills for the order screen, documents arrived first', () => {
    const listed = outcomeFees(fees, { ...price(38), rush: false });
    expect(listed.map((o) => o.status)).toEqual(BILLABLE_STATUSES);
    expect(listed[0]).toEqual({ status: STATUS.completedArrived, fee: 3800, quoted: true });
    expect(listed.find((o) => o.status === STATUS.cancelled)).toEqual({
      status: STATUS.cancelled,
      fee: 1000,
      quoted: false,
    });
  });
});
