import { describe, expect, it } from 'vitest';
import { validateAuthorization } from '../authorizations';
import { authorizationSections, defaultExpiration, generatedAuthorizationElements } from './text';

const facts = {
  clientName: 'Rebecca Adams',
  dateOfBirth: '1962-08-09',
  firmName: 'Smith Law Group',
  providers: ['Mercy Hospital', 'Valley Clinic'],
  recordTypes: ['Medical Records', 'Mental Health Records'],
  datesFrom: '2025-01-01',
  datesTo: null,
  purpose: 'Personal injury claim',
  expiresOn: '2027-11-28',
};

describe('the generated authorization', () => {
  it('expires a year after signing by default, the 29th of February becoming the 28th', () => {
    expect(defaultExpiration('2026-11-28')).toBe('2027-11-28');
    expect(defaultExpiration('2024-02-29')).toBe('2025-02-28');
  });

  it('names both providers, the dates of service and a consent of its own for mental health records', () => {
    const sections = authorizationSections(facts);
    expect(sections.find((s) => s.heading === 'Who may disclose the information')?.text).toBe(
      'I authorize Mercy Hospital and Valley Clinic to disclose my health information as described below.',
    );
    expect(sections.find((s) => s.heading === 'Information to be disclosed')?.text).toBe(
      'Medical Records and Mental Health Records, for dates of service from 01/01/2025 to the present.',
    );
    expect(sections.map((s) => s.heading)).toContain('Specific consent: Mental health records');
  });

  it('passes the 45 CFR 164.508 validator once signed, and fails it unsigned', () => {
    const signed = generatedAuthorizationElements(facts, {
      signerName: 'Rebecca Adams',
      signedOn: '2026-11-28',
    });
    expect(validateAuthorization(signed, '2026-11-28')).toEqual({ valid: true, errors: [] });
    const unsigned = generatedAuthorizationElements(facts, { signerName: '', signedOn: '' });
    expect(validateAuthorization(unsigned, '2026-11-28').errors.map((e) => e.element)).toEqual([
      'signature',
      'signed_at',
    ]);
  });
});
