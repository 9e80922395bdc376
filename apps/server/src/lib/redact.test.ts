import { describe, expect, it } from 'vitest';
import { redactUrl, safeError } from './redact';

describe('redactUrl', () => {
  it('logs the path only: no query string, no download token or file name', () => {
    expect(redactUrl('/api/home/patient/?company=3&ssn=123-45-6789')).toBe('/api/home/patient/');
    expect(redactUrl('/passwordReset/4/?token=abc')).toBe('/passwordReset/4/');
    expect(redactUrl('/api/providers/')).toBe('/api/providers/');
    expect(redactUrl('/files/eyJhbGciOi.sig/Maria%20Lopez%20records.pdf')).toBe('/files/[redacted]');
  });
});

describe('safeError', () => {
  it('keeps a database error’s code and names but not the values it quotes back', () => {
    const cause = Object.assign(new Error('value "99999999999" is out of range for type integer'), {
      code: '22003',
      severity: 'ERROR',
      detail: 'Key (email)=(maria@example.test) already exists.',
    });
    const wrapped = new Error('Failed query: select * from patients where id = $1\nparams: 99999999999', {
      cause,
    });
    const logged = safeError(wrapped);
    expect(logged).toMatchObject({ code: '22003', message: 'value "…" is out of range for type integer' });
    expect(JSON.stringify(logged)).not.toMatch(/99999999999|maria@|select|params/);
  });

  it('keeps the first line of any other error', () => {
    expect(safeError(new TypeError('x is undefined\nmore'))).toMatchObject({
      type: 'TypeError',
      message: 'x is undefined',
    });
  });
});
