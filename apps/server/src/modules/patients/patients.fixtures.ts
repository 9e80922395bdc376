import { expect } from 'vitest';
import { uploadKey } from '../../../test/factories';

/** Test fixtures for the client suites: a complete client body and the no-SSN assertion. */
let serial = 0;
/** A complete client body whose HIPAA form is an upload of `by`, the caller who sends it. */
export function clientBody(by: { user: { id: number } }, overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    first_name: 'Maria',
    last_name: `Lopez ${serial}-${Date.now()}`,
    maiden_name: 'NA',
    date_of_birth: '1979-03-14',
    custom_code: 'C-100',
    ssn: `9${String(10 + (serial % 89))}-${String(10 + (Date.now() % 89))}-${String(1000 + serial)}`,
    address_1: '12 Elm Street',
    address_2: 'NA',
    city: 'Denver',
    state: 'CO',
    zip_code: '80202',
    hipaa_consent_url: uploadKey(by.user.id, 'hipaa-forms', 'consent.pdf'),
    email: 'maria@example.test',
    phone_number: '303-555-0101',
    ...overrides,
  };
}

/** No SSN key anywhere and no encrypted value ('v1:iv:tag:body') or the plain number in the JSON. */
export function expectNoSsn(raw: string, ssn?: string) {
  expect(raw).not.toMatch(/"ssn"/);
  expect(raw).not.toMatch(/ssn_(encrypted|hash)|ssnEncrypted|ssnHash/);
  expect(raw).not.toMatch(/v1:[A-Za-z0-9+/=]+:/);
  if (ssn) expect(raw).not.toContain(ssn);
}
