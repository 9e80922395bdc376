import { describe, expect, it } from 'vitest';
import { type Cents, toCents } from '../money';
import { checkFee, type FeeCase } from './check';
import { FEE_RULES } from './rules';

const on = '2026-11-27';
const paper = (state: string, providerKind: FeeCase['providerKind'], pages: number): FeeCase => ({
  state,
  providerKind,
  legalBasis: 'authorization',
  pages,
  medium: 'paper',
  on,
});
const dollars = (d: number): Cents => toCents(d);

describe('fee caps, with the statutes’ own worked figures', () => {
  it('Texas hospital: 250 pages may cost $175.00 (30 + 50 × 1 + 190 × 0.50)', () => {
    const check = checkFee(paper('TX', 'hospital', 250), dollars(180));
    expect(check).toMatchObject({
      cap: 17500,
      overcharge: 500,
      verdict: 'over',
      rule: { id: 'tx-hospital' },
    });
  });

  it('Texas hospital tiers: 10, 60, 400 and 401 pages', () => {
    const cap = (pages: number) => checkFee(paper('TX', 'hospital', pages), dollars(0)).cap;
    expect([cap(1), cap(10), cap(11), cap(60), cap(400), cap(401)]).toEqual([
      3000, 3000, 3100, 8000, 25000, 25025,
    ]);
  });

  it('Colorado: 100 pages may cost $78.23 (18.53 + 30 × 0.85 + 60 × 0.57)', () => {
    const check = checkFee(paper('co', 'physician', 100), dollars(78.23));
    expect(check).toMatchObject({ cap: 7823, overcharge: 0, verdict: 'within', rule: { id: 'co-25-1-801' } });
  });

  it('Texas physician: $25 for the first 20 pages, 50 cents each after (100 pages: $65.00)', () => {
    expect(checkFee(paper('TX', 'physician', 100), dollars(70))).toMatchObject({
      cap: 6500,
      overcharge: 500,
      verdict: 'over',
    });
  });

  it('New York: 75 cents a page (120 pages: $90.00)', () => {
    expect(checkFee(paper('NY', 'other', 120), dollars(90)).cap).toBe(9000);
  });

  it('HIPAA: a patient’s own electronic copy at most $6.50, in any state, and only for patient access', () => {
    const electronic = (legalBasis: FeeCase['legalBasis']): FeeCase => ({
      ...paper('TX', 'hospital', 900),
      legalBasis,
      medium: 'electronic',
    });
    expect(checkFee(electronic('patient_access'), dollars(25))).toMatchObject({
      cap: 650,
      overcharge: 1850,
      verdict: 'over',
      rule: { id: 'hipaa-electronic-flat' },
    });
    expect(checkFee(electronic('authorization'), dollars(25))).toMatchObject({
      cap: null,
      overcharge: null,
      verdict: 'no_rule',
      rule: null,
    });
  });

  const subpoena = (state: string, pages: number, clericalMinutes?: number, postage?: number): FeeCase => ({
    ...paper(state, 'hospital', pages),
    legalBasis: 'subpoena',
    clericalMinutes,
    postage: postage === undefined ? undefined : dollars(postage),
  });

  it('California subpoena: 250 pages, 45 minutes of clerk time and $8.50 postage may cost $51.50', () => {
    // 250 × $0.10 + 3 quarter hours × $6 + $8.50 postage.
    expect(checkFee(subpoena('CA', 250, 45, 8.5), dollars(60))).toMatchObject({
      cap: 5150,
      overcharge: 850,
      verdict: 'over',
      rule: { id: 'ca-evid-1563' },
    });
  });

  it('California bills a started quarter hour as a whole one, and allows no clerk time left unitemized', () => {
    const cap = (minutes?: number) => checkFee(subpoena('CA', 100, minutes), dollars(0)).cap;
    expect([cap(undefined), cap(0), cap(1), cap(15), cap(16), cap(50)]).toEqual([
      1000, 1000, 1600, 1600, 2200, 3400,
    ]);
  });

  it('California’s subpoena schedule covers subpoenas only', () => {
    expect(checkFee({ ...subpoena('CA', 250, 45), legalBasis: 'authorization' }, dollars(60)).verdict).toBe(
      'no_rule',
    );
  });

  it('Arizona subpoena: 100 pages and half an hour of clerk time may cost $37.50', () => {
    // 100 × $0.25 + 2 quarter hours at $25 an hour.
    expect(checkFee(subpoena('AZ', 100, 30), dollars(37.5))).toMatchObject({
      cap: 3750,
      overcharge: 0,
      verdict: 'within',
      rule: { id: 'az-12-351' },
    });
  });

  it('the strictest applicable cap binds, and a state without a rule says so', () => {
    const strictest = [
      ...FEE_RULES,
      { ...FEE_RULES[1], id: 'stricter', cap: { kind: 'flat' as const, cents: 1000 } },
    ];
    expect(checkFee(paper('TX', 'hospital', 250), dollars(20), strictest).rule?.id).toBe('stricter');
    expect(checkFee(paper('WY', 'hospital', 250), dollars(20)).verdict).toBe('no_rule');
  });

  it('applies a rule only while it is in force', () => {
    const before = { ...paper('CO', 'other', 100), on: '2022-12-31' };
    expect(checkFee(before, dollars(80)).verdict).toBe('no_rule');
  });

  it('every rule names its source', () => {
    for (const rule of FEE_RULES) expect(rule.citation.length).toBeGreaterThan(10);
    expect(new Set(FEE_RULES.map((r) => r.id)).size).toBe(FEE_RULES.length);
  });
});
