import { describe, expect, it } from 'vitest';
import { sensitiveCategoriesOf } from './categories';
import { AUTHORIZATION_ERRORS, type AuthorizationErrorCode } from './elements';
import { type AuthorizationElements, AuthorizationElementsSchema, validateAuthorization } from './validate';

const TODAY = '2026-11-28';

/** An authorization with every element of 164.508(c), signed by the client last month. */
const complete: AuthorizationElements = {
  description: 'All medical and billing records from 01/01/2024 to present',
  discloser: 'Mercy Hospital',
  recipient: 'Smith Law Firm and Direct Docs',
  purpose: 'Legal claim',
  expiration: '2027-10-01',
  signature: 'Jane Client',
  signed_at: '2026-10-20',
  statements: { revocation: true, conditioning: true, redisclosure: true },
};

const codes = (input: AuthorizationElements, today = TODAY) =>
  validateAuthorization(input, today).errors.map((e) => e.code);

describe('validateAuthorization', () => {
  it('accepts an authorization with every element and statement', () => {
    expect(validateAuthorization(complete, TODAY)).toEqual({ valid: true, errors: [] });
  });

  const elements: [keyof AuthorizationElements, AuthorizationErrorCode, string, string][] = [
    ['description', 'missing_description', 'description', '45 CFR 164.508(c)(1)(i)'],
    ['discloser', 'missing_discloser', 'discloser', '45 CFR 164.508(c)(1)(ii)'],
    ['recipient', 'missing_recipient', 'recipient', '45 CFR 164.508(c)(1)(iii)'],
    ['purpose', 'missing_purpose', 'purpose', '45 CFR 164.508(c)(1)(iv)'],
    ['expiration', 'missing_expiration', 'expiration', '45 CFR 164.508(c)(1)(v)'],
    ['signature', 'missing_signature', 'signature', '45 CFR 164.508(c)(1)(vi)'],
    ['signed_at', 'missing_signed_at', 'signed_at', '45 CFR 164.508(c)(1)(vi)'],
  ];
  for (const [field, code, element, citation] of elements) {
    it(`refuses a missing ${field} under ${citation}`, () => {
      for (const absent of [undefined, null, '', '   ']) {
        const result = validateAuthorization({ ...complete, [field]: absent }, TODAY);
        expect(result.valid).toBe(false);
        expect(result.errors).toEqual([
          { code, element, citation, message: AUTHORIZATION_ERRORS[code].message },
        ]);
      }
    });
  }

  it('takes a ticked checklist box as the element being there, and an unticked one as missing', () => {
    const ticked = {
      ...complete,
      description: true,
      discloser: true,
      recipient: true,
      purpose: true,
      signature: true,
    };
    expect(validateAuthorization(ticked, TODAY).valid).toBe(true);
    expect(codes({ ...ticked, purpose: false })).toEqual(['missing_purpose']);
  });

  const statements: [
    keyof NonNullable<AuthorizationElements['statements']>,
    AuthorizationErrorCode,
    string,
  ][] = [
    ['revocation', 'missing_revocation_statement', '45 CFR 164.508(c)(2)(i)'],
    ['conditioning', 'missing_conditioning_statement', '45 CFR 164.508(c)(2)(ii)'],
    ['redisclosure', 'missing_redisclosure_statement', '45 CFR 164.508(c)(2)(iii)'],
  ];
  for (const [statement, code, citation] of statements) {
    it(`refuses a missing ${statement} statement under ${citation}`, () => {
      const result = validateAuthorization(
        { ...complete, statements: { ...complete.statements, [statement]: false } },
        TODAY,
      );
      expect(result.errors).toEqual([
        { code, element: `statements.${statement}`, citation, message: AUTHORIZATION_ERRORS[code].message },
      ]);
    });
  }

  it('refuses all three statements when none is given', () => {
    expect(codes({ ...complete, statements: undefined })).toEqual([
      'missing_revocation_statement',
      'missing_conditioning_statement',
      'missing_redisclosure_statement',
    ]);
  });

  it("needs a representative's authority when a representative signed (164.508(c)(1)(vi))", () => {
    const result = validateAuthorization({ ...complete, signed_by_representative: true }, TODAY);
    expect(result.errors).toEqual([
      {
        code: 'missing_representative_authority',
        element: 'representative_authority',
        citation: '45 CFR 164.508(c)(1)(vi)',
        message: AUTHORIZATION_ERRORS.missing_representative_authority.message,
      },
    ]);
    const described = {
      ...complete,
      signed_by_representative: true,
      representative_authority: 'Legal guardian',
    };
    expect(validateAuthorization(described, TODAY).valid).toBe(true);
    expect(codes({ ...complete, representative_authority: '' })).toEqual([]);
  });

  it('refuses an expiration date already past (164.508(b)(2)(i)) and accepts one today or an event', () => {
    const expired = validateAuthorization({ ...complete, expiration: '2026-11-27' }, TODAY).errors;
    expect(expired).toEqual([
      {
        code: 'expired',
        element: 'expiration',
        citation: '45 CFR 164.508(b)(2)(i)',
        message: 'The authorization has expired.',
      },
    ]);
    expect(codes({ ...complete, expiration: '11/27/2026' })).toEqual(['expired']);
    expect(codes({ ...complete, expiration: TODAY })).toEqual([]);
    expect(codes({ ...complete, expiration: 'The end of the litigation' })).toEqual([]);
  });

  it('refuses a signing date in the future and accepts today', () => {
    const future = validateAuthorization({ ...complete, signed_at: '2026-11-29' }, TODAY).errors;
    expect(future.map((e) => [e.code, e.element, e.citation])).toEqual([
      ['signed_in_future', 'signed_at', '45 CFR 164.508(c)(1)(vi)'],
    ]);
    expect(codes({ ...complete, signed_at: TODAY })).toEqual([]);
    expect(codes({ ...complete, signed_at: '2026-11-28T10:00:00Z' })).toEqual([]);
  });

  it("refuses an authorization older than the provider accepts, naming the provider's limit", () => {
    const provider = { providerName: 'Mercy Hospital', maxAgeDays: 30 };
    const result = validateAuthorization(complete, TODAY, provider);
    expect(result.errors).toEqual([
      {
        code: 'too_old_for_provider',
        element: 'signed_at',
        citation: "The provider's own policy",
        message:
          'Mercy Hospital accepts authorizations signed within the last 30 days; this one was signed on 10/20/2026, 39 days ago. Ask the firm for a newly signed authorization.',
      },
    ]);
    expect(validateAuthorization(complete, TODAY, { ...provider, maxAgeDays: 39 }).valid).toBe(true);
    expect(validateAuthorization(complete, TODAY, { ...provider, maxAgeDays: null }).valid).toBe(true);
  });

  it('needs a separate authorization for psychotherapy notes (164.508(a)(2))', () => {
    const result = validateAuthorization({ ...complete, categories: ['Psychotherapy Notes'] }, TODAY);
    expect(result.errors).toEqual([
      {
        code: 'psychotherapy_notes_need_separate_authorization',
        element: 'categories',
        citation: '45 CFR 164.508(a)(2)',
        message: 'Psychotherapy notes are requested: they need a separate authorization of their own.',
      },
    ]);
    const separate = [{ category: 'psychotherapy_notes', separate_consent: true }];
    expect(codes({ ...complete, categories: separate })).toEqual([]);
  });

  it('flags substance use (42 CFR 2.31), HIV and mental health records requested without their own consent', () => {
    const result = validateAuthorization(
      {
        ...complete,
        categories: ['Medical Records', 'Alcohol Treatment Records', 'hiv', 'Mental Health Records'],
      },
      TODAY,
    );
    expect(result.errors.map((e) => [e.code, e.citation])).toEqual([
      ['substance_use_needs_part2_consent', '42 CFR 2.31'],
      ['hiv_needs_separate_consent', 'State law (HIV/AIDS confidentiality)'],
      ['mental_health_needs_separate_consent', 'State law (mental health records)'],
    ]);
    expect(result.errors.every((e) => e.element === 'categories')).toBe(true);
    const consented = ['substance_use', 'hiv', 'mental_health'].map((category) => ({
      category,
      separate_consent: true,
    }));
    expect(codes({ ...complete, categories: consented })).toEqual([]);
    expect(codes({ ...complete, categories: ['Medical Records', 'Billing Records'] })).toEqual([]);
  });

  it('lists every missing element at once, in the order of the regulation', () => {
    expect(codes({})).toEqual([
      'missing_description',
      'missing_discloser',
      'missing_recipient',
      'missing_purpose',
      'missing_expiration',
      'missing_signature',
      'missing_signed_at',
      'missing_revocation_statement',
      'missing_conditioning_statement',
      'missing_redisclosure_statement',
    ]);
  });
});

describe('AuthorizationElementsSchema', () => {
  it('refuses a signing date that is not a date, and unknown fields', () => {
    expect(AuthorizationElementsSchema.safeParse({ signed_at: 'yesterday' }).success).toBe(false);
    expect(AuthorizationElementsSchema.safeParse({ signed_at: '2026-02-30' }).success).toBe(false);
    expect(AuthorizationElementsSchema.safeParse({ signed_at: '02/03/2026' }).success).toBe(true);
    expect(AuthorizationElementsSchema.safeParse({ signatory: 'x' }).success).toBe(false);
  });
});

describe('sensitiveCategoriesOf', () => {
  it('finds the sensitive categories among record type names, once each', () => {
    expect(
      sensitiveCategoriesOf([
        'Medical Records',
        'Mental Health Records',
        'Psychiatric notes',
        'HIV test results',
      ]),
    ).toEqual(['hiv', 'mental_health']);
    expect(sensitiveCategoriesOf(['Pharmacy Records', 'Radiology Images'])).toEqual([]);
  });
});
