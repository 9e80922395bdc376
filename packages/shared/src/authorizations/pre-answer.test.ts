import { describe, expect, it } from 'vitest';
import { preAnswerFromText } from './pre-answer';

const FORM = `AUTHORIZATION FOR RELEASE OF PROTECTED HEALTH INFORMATION
I authorize Mercy Hospital to release the information described below.
Information to be disclosed: all medical and billing records.
The information will be released to: Smith Law Group.
Purpose: legal claim.
This authorization expires on 10/01/2027.
I may revoke this authorization in writing at any time.
My treatment, payment, enrollment or eligibility for benefits will not be conditioned on signing.
Information disclosed may be redisclosed by the recipient and no longer be protected.
Signature: ____________ Date: ________`;

describe('preAnswerFromText', () => {
  it("ticks what a typical authorization's text shows, and never the signature or its date", () => {
    const { answers, elements } = preAnswerFromText(FORM);
    expect(elements).toEqual([
      'description',
      'discloser',
      'recipient',
      'purpose',
      'statements.revocation',
      'statements.conditioning',
      'statements.redisclosure',
      'expiration',
    ]);
    expect(answers).toMatchObject({
      description: true,
      discloser: true,
      recipient: true,
      purpose: true,
      expiration: '10/01/2027',
      signature: false,
      signed_at: null,
      statements: { revocation: true, conditioning: true, redisclosure: true },
    });
  });

  it('ticks nothing for a form without text (a scan)', () => {
    const { answers, elements } = preAnswerFromText('');
    expect(elements).toEqual([]);
    expect(answers.description).toBe(false);
    expect(answers.statements.revocation).toBe(false);
  });
});
