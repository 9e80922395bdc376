import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides SSNs and tokens in logged URLs and keeps the rest', () => {
    expect(redactUrl('/api/home/patient/?company=3&ssn=123-45-6789')).toBe(
      '/api/home/patient/?company=3&ssn=%5Bredacted%5D',
    );
    expect(redactUrl('/passwordReset/4/?token=abc')).toBe('/passwordReset/4/?token=%5Bredacted%5D');
    expect(redactUrl('/api/providers/?page=2')).toBe('/api/providers/?page=2');
  });
});
