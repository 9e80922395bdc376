import { describe, expect, it } from 'vitest';
import { isPlainEmail, normalizeEmail, OptionalPlainEmailSchema, PlainEmailSchema } from './email-address';
import { mailtoHref, safeHttpUrl, telHref } from './links';

/** The one e-mail rule and the link helpers every screen uses for data. */
const SMUGGLED = [
  'records@hospital.example?bcc=attacker%40evil.example',
  'records@hospital.example&bcc=attacker@evil.example',
  'records@hospital.example,attacker@evil.example',
  'records@hospital.example;attacker@evil.example',
  'Records <records@hospital.example>',
  '<records@hospital.example>',
  '"records"@hospital.example',
  'records@hospital.example\nbcc:attacker@evil.example',
  'rec ords@hospital.example',
  'records%40hospital.example@evil.example',
  'records@@hospital.example',
  'records@hospital',
  'records@hospital.example.',
  'records@-hospital.example',
  '.records@hospital.example',
  'rec..ords@hospital.example',
  'records@hospital.123',
  `${'a'.repeat(65)}@hospital.example`,
  `a@${'b'.repeat(250)}.example`,
  '',
];

describe('isPlainEmail', () => {
  it('takes ordinary addresses', () => {
    for (const ok of [
      'records@hospital.example',
      'Medical.Records+ROI@clinic.example',
      'a_b-c@x-y.co',
      'roi@xn--bcher-kva.example',
      "o'brien@hospital.example",
    ])
      expect(isPlainEmail(ok), ok).toBe(true);
  });

  it('refuses anything that could carry a second recipient or a header', () => {
    for (const bad of SMUGGLED) expect(isPlainEmail(bad), bad).toBe(false);
  });
});

describe('e-mail schemas', () => {
  it('trims, lower-cases the domain only, and explains a refusal', () => {
    expect(PlainEmailSchema.parse('  Ann.Lee@Firm.EXAMPLE ')).toBe('Ann.Lee@firm.example');
    expect(normalizeEmail('X@Y.Example')).toBe('X@y.example');
    const refused = PlainEmailSchema.safeParse(SMUGGLED[0]);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe('Enter a valid email address.');
  });

  it('keeps blank optional fields allowed', () => {
    for (const blank of ['', '   ', null, undefined])
      expect(OptionalPlainEmailSchema.safeParse(blank).success).toBe(true);
    expect(OptionalPlainEmailSchema.safeParse(SMUGGLED[0]).success).toBe(false);
  });
});

describe('mailtoHref', () => {
  it('encodes the subject and body of a plain address', () => {
    expect(
      mailtoHref('roi@clinic.example', { subject: 'Records: Pat & Co?', body: 'Line 1\nbcc=x@y.example' }),
    ).toBe(
      'mailto:roi@clinic.example?subject=Records%3A%20Pat%20%26%20Co%3F&body=Line%201%0Abcc%3Dx%40y.example',
    );
    expect(mailtoHref(' roi@clinic.example ')).toBe('mailto:roi@clinic.example');
  });

  it('returns null for anything but one plain address', () => {
    for (const bad of SMUGGLED) expect(mailtoHref(bad, { subject: 's' }), bad).toBeNull();
    expect(mailtoHref(null)).toBeNull();
  });
});

describe('safeHttpUrl', () => {
  it('keeps http(s) addresses', () => {
    expect(safeHttpUrl('https://clinic.example/records form')).toBe('https://clinic.example/records%20form');
    expect(safeHttpUrl('http://clinic.example')).toBe('http://clinic.example/');
  });

  it('refuses other schemes, relative paths and credentials in the host part', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:a@b.example',
      'provider-forms/u1/form.pdf',
      '//evil.example/x',
      'https://bank.example@evil.example/',
      '',
      null,
    ]) {
      expect(safeHttpUrl(bad), String(bad)).toBeNull();
    }
  });
});

describe('telHref', () => {
  it('dials the digits only, without an extension', () => {
    expect(telHref('(303) 555-0101')).toBe('tel:3035550101');
    expect(telHref('+1 303 555 0101 ext. 12')).toBe('tel:+13035550101');
    expect(telHref('303-555-0101?x=<script>')).toBe('tel:3035550101');
  });

  it('returns null without enough digits', () => {
    for (const bad of ['', 'call us', '12', null]) expect(telHref(bad), String(bad)).toBeNull();
  });
});
