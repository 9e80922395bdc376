import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageSchema } from './api-shapes';
import { INVALID_EMAIL_MESSAGE } from './email-address';
import { fieldErrorsOf } from './field-errors';
import { requiredClientFieldMessage } from './messages';
import { ClientFormSchema } from './patients';
import { PROVIDER_NAME_REQUIRED, ProviderFormSchema } from './providers';
import { NoteTemplateBodySchema } from './staff';

describe('fieldErrorsOf', () => {
  it('names each field as the server’s 400 does (dotted path), with its first message', () => {
    expect(fieldErrorsOf(NoteTemplateBodySchema, { name: ' ' })).toEqual({
      name: 'The field Name must be filled out to submit the form.',
      text: 'The field Text must be filled out to submit the form.',
    });
    const nested = z.object({ rows: z.array(z.object({ email: z.string().min(3, 'Too short') })) });
    expect(fieldErrorsOf(nested, { rows: [{ email: 'abcd' }, { email: 'a' }] })).toEqual({
      'rows.1.email': 'Too short',
    });
    expect(fieldErrorsOf(NoteTemplateBodySchema, { name: 'Waiting', text: 'Still waiting.' })).toEqual({});
  });
});

describe('ClientFormSchema', () => {
  const complete = {
    first_name: 'Ann',
    last_name: 'Lee',
    maiden_name: 'NA',
    date_of_birth: '1980-02-03',
    custom_code: 'NA',
    ssn: 'None',
    address_1: '1 Main St',
    address_2: 'NA',
    city: 'Denver',
    state: 'CO',
    zip_code: '80202',
    hipaa_consent_url: 'hipaa-forms/u1/form.pdf',
  };

  it('asks for every required field with the client message, and takes NA for the HIPAA form when it comes later', () => {
    expect(fieldErrorsOf(ClientFormSchema, complete)).toEqual({});
    const { hipaa_consent_url: _, ...withoutForm } = complete;
    expect(fieldErrorsOf(ClientFormSchema, withoutForm)).toEqual({
      hipaa_consent_url: requiredClientFieldMessage('HIPAA Consent Form'),
    });
    expect(fieldErrorsOf(ClientFormSchema, { ...withoutForm, hipaa_later: true })).toEqual({});
    expect(
      fieldErrorsOf(ClientFormSchema, { ...complete, city: ' ', email: 'not-an-address' }),
    ).toMatchObject({
      city: requiredClientFieldMessage('City'),
      email: expect.any(String),
    });
  });
});

describe('ProviderFormSchema', () => {
  it('requires the name and one plain e-mail address, as the server does', () => {
    expect(fieldErrorsOf(ProviderFormSchema, { name: '  ', email: 'a@b.c, d@e.f' })).toEqual({
      name: PROVIDER_NAME_REQUIRED,
      email: INVALID_EMAIL_MESSAGE,
    });
    expect(fieldErrorsOf(ProviderFormSchema, { name: 'Mercy', email: '' })).toEqual({});
  });
});

describe('pageSchema', () => {
  it('is {count, next, previous, results} of the item', () => {
    const page = pageSchema(z.object({ id: z.number() }));
    expect(page.parse({ count: 1, next: null, previous: null, results: [{ id: 1 }] }).results).toEqual([
      { id: 1 },
    ]);
    expect(page.safeParse({ count: 1, results: [] }).success).toBe(false);
  });
});
