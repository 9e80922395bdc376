import { describe, expect, it } from 'vitest';
import { plainTextMessage } from './name-rules';
import { CompanyNameSchema, optionalPersonNameSchema, personNameSchema } from './names';

describe('plain-text names', () => {
  it('accepts ordinary firm and person names, trimmed', () => {
    for (const name of [
      'Smith & Partners, P.C.',
      'J.R. Núñez Law Group',
      "O'Brien-Lee LLP",
      'Ph.D. Legal (Denver)',
      'Law 2.0',
      '李法律事务所',
    ]) {
      expect(CompanyNameSchema.safeParse(name).success, name).toBe(true);
    }
    expect(CompanyNameSchema.parse('  Acme Legal  ')).toBe('Acme Legal');
    expect(personNameSchema('First name').parse(' Ann ')).toBe('Ann');
    expect(optionalPersonNameSchema('First name').parse('')).toBe('');
  });

  it('refuses web addresses, look-alikes, markup, invisible characters and bad lengths', () => {
    const plain = plainTextMessage('Company name');
    for (const [name, message] of [
      ['URGENT: your account is locked - verify at https://evil.example', plain],
      ['Visit example.com', plain],
      ['evil.example', plain],
      ['www.smith-law', plain],
      ['Call 192.168.10.1', plain],
      ['ｈｔｔｐｓ：／／evil', plain],
      ['evil。example', plain],
      ['Smith <script>', plain],
      ['Smith\u202eLaw', 'Company name cannot contain line breaks or invisible characters.'],
      ['Smith\nLaw', 'Company name cannot contain line breaks or invisible characters.'],
      ['  ', 'Company name is required.'],
      ['S', 'Company name must be at least 2 characters.'],
      ['S'.repeat(121), 'Company name must be at most 120 characters.'],
    ]) {
      const result = CompanyNameSchema.safeParse(name);
      expect(result.success, name).toBe(false);
      expect(result.error?.issues[0].message, name).toBe(message);
    }
    expect(personNameSchema('Last name').safeParse('x'.repeat(61)).success).toBe(false);
    expect(personNameSchema('Last name').safeParse('').error?.issues[0].message).toBe(
      'Last name is required.',
    );
    expect(optionalPersonNameSchema('First name').safeParse('see evil.example').success).toBe(false);
  });
});
