import { describe, expect, it } from 'vitest';
import { isValidPrice } from './companies';
import {
  AmountSchema,
  addCents,
  cents,
  centsOf,
  formatAmount,
  MoneyInputSchema,
  parseAmount,
  parseCents,
  toCents,
  toDollars,
} from './money';
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

  it('reads whole cents as either driver answers a bigint, and nothing else', () => {
    expect([centsOf('123456789'), centsOf(123456789), centsOf(BigInt(123456789))]).toEqual([
      123456789, 123456789, 123456789,
    ]);
    expect(centsOf(null)).toBe(0);
    expect(centsOf('-150')).toBe(-150);
    expect(() => centsOf('12.5')).toThrow(RangeError);
    expect(() => centsOf(0.1 + 0.2)).toThrow(RangeError);
  });

  it('adds cents where floats would drift', () => {
    const amounts = Array.from({ length: 10 }, () => toCents(0.1));
    expect(toDollars(addCents(...amounts))).toBe(1);
    expect(amounts.map(toDollars).reduce((a, b) => a + b, 0)).not.toBe(1);
  });

  it('prices requests and surcharges without float error', () => {
    const types = ['Medical Records'];
    expect(requestPrice({ companyPrice: toCents(35.1), rush: true, requestTypes: types })).toBe(4210);
    expect(requestPrice({ companyPrice: toCents('0.07'), rush: true, requestTypes: types })).toBe(707);
    expect(automaticSurcharge(toCents(299.99))).toBe(2000);
    expect(automaticSurcharge(toCents('100.00'))).toBe(1000);
    expect(automaticSurcharge(toCents(1_000_000))).toBe(100_000);
    expect(automaticSurcharge(cents(0))).toBe(0);
  });

  it('sends amounts as two-decimal strings and reads them back to the cent', () => {
    const amounts = ['0.00', '0.10', '0.30', '9.95', '38.00', '-1.50', '1234567.89', '90071992547409.91'];
    for (const text of amounts) {
      expect(formatAmount(parseAmount(text))).toBe(text);
      expect(AmountSchema.safeParse(text).success, text).toBe(true);
    }
    expect(formatAmount(addCents(toCents(0.1), toCents(0.2)))).toBe('0.30');
    expect(formatAmount(cents(-5))).toBe('-0.05');
    expect(['38', '38.0', 38, '1e3', '$1.00'].some((v) => AmountSchema.safeParse(v).success)).toBe(false);
  });

  it('takes an amount from a client as a number or a decimal string', () => {
    expect([38, '38.00', ' 9.95 ', 0].map((v) => toCents(MoneyInputSchema.parse(v)))).toEqual([
      3800, 3800, 995, 0,
    ]);
    expect(['-1', '12.345', 'ten', 0.1 + 0.2].some((v) => MoneyInputSchema.safeParse(v).success)).toBe(false);
  });

  it('accepts prices with at most two decimals', () => {
    expect([35, 40.5, 9.95, 0].every(isValidPrice)).toBe(true);
    expect([-1, 0.001, Number.NaN, 1e7, 0.1 + 0.2].some(isValidPrice)).toBe(false);
  });
});
