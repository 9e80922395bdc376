import { describe, expect, it } from 'vitest';
import { isValidPrice } from './companies';
import { addCents, parseCents, toCents, toDollars } from './money';
import { automaticSurcharge, requestPrice } from './pricing';

describe('money in cents', () => {
  it('reads dollars from the API and PostgreSQL exactly', () => {
    expect(parseCents('40.50')).toBe(4050);
    expect(parseCents(9.95)).toBe(995);
    expect(parseCents(0.1 + 0.2)).toBeNull();
    expect(parseCents('1e3')).toBeNull();
    expect(parseCents('12.345')).toBeNull();
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it('adds cents where floats would drift', () => {
    const amounts = Array.from({ length: 10 }, () => toCents(0.1));
    expect(toDollars(addCents(...amounts))).toBe(1);
    expect(amounts.map(toDollars).reduce((a, b) => a + b, 0)).not.toBe(1);
  });

  it('prices requests and surcharges without float error', () => {
    expect(requestPrice({ companyPrice: 35.1, rush: true, requestTypes: ['Medical Records'] })).toBe(42.1);
    expect(requestPrice({ companyPrice: '0.07', rush: true, requestTypes: ['Medical Records'] })).toBe(7.07);
    expect(automaticSurcharge(299.99)).toBe(20);
    expect(automaticSurcharge('100.00')).toBe(10);
    expect(automaticSurcharge(1_000_000)).toBe(1000);
    expect(automaticSurcharge(0)).toBe(0);
  });

  it('accepts prices with at most two decimals', () => {
    expect([35, 40.5, 9.95, 0].every(isValidPrice)).toBe(true);
    expect([-1, 0.001, Number.NaN, 1e7, 0.1 + 0.2].some(isValidPrice)).toBe(false);
  });
});
