import { FILE_MSG } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { checkUploadRef } from './files.refs';

/** checkUploadRef alone: which form links a caller may save. */
const me = { userId: 7 };
const mine = 'hipaa-forms/u7/0f8fad5b-d9cb-469f-a165-70867728950e-consent.pdf';

describe('checkUploadRef', () => {
  it('accepts nothing sent, the caller’s own upload to the bucket, and an allowed stored value', () => {
    expect(checkUploadRef(me, null, [], 'hipaa-forms')).toBeUndefined();
    expect(checkUploadRef(me, '', [], 'hipaa-forms')).toBeUndefined();
    expect(checkUploadRef(me, mine, [], 'hipaa-forms')).toBeUndefined();
    const legacy = 'hipaa-forms/demo-client-1-hipaa-authorization.pdf';
    expect(checkUploadRef(me, legacy, [null, legacy], 'hipaa-forms')).toBeUndefined();
  });

  it('refuses another user’s upload, another bucket, unknown keys, links and path tricks', () => {
    for (const url of [
      'hipaa-forms/u8/0f8fad5b-d9cb-469f-a165-70867728950e-consent.pdf',
      'hipaa-forms/u77/x-consent.pdf',
      mine.replace('hipaa-forms', 'provider-records'),
      'provider-records/abc.pdf',
      'https://example.test/consent.pdf',
      'javascript:alert(1)',
      'hipaa-forms/u7/../u8/x-consent.pdf',
      `/${mine}`,
    ]) {
      expect(checkUploadRef(me, url, [], 'hipaa-forms'), url).toBe(FILE_MSG.foreignFormLink);
    }
    // A stored value does not excuse a path trick.
    expect(checkUploadRef(me, '../etc/passwd', ['../etc/passwd'], 'hipaa-forms')).toBe(
      FILE_MSG.foreignFormLink,
    );
  });
});
