import { AUTHORIZATION_ERRORS, todayIn } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { createCompany, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';

/** POST /api/authorizations/validate/: the validator's result for whatever elements a signed-in user sends. */
const today = todayIn('UTC');
const daysAgo = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function inject(method: 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const { app } = await getContext();
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

describe('POST /api/authorizations/validate/', () => {
  it('answers the validator result with element, citation and message for a firm user', async () => {
    const { deps } = await getContext();
    const firm = await signedIn(deps, { companyId: (await createCompany(deps.db)).id });
    const res = await inject('POST', '/api/authorizations/validate/', firm.headers, {
      description: 'All records',
      discloser: 'Mercy Hospital',
      recipient: 'Smith Law',
      purpose: 'Legal claim',
      expiration: '2020-01-01',
      signature: 'Jane Client',
      signed_at: daysAgo(3),
      statements: { revocation: true, conditioning: true },
      categories: ['Psychotherapy Notes'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: false,
      errors: [
        {
          code: 'expired',
          element: 'expiration',
          citation: '45 CFR 164.508(b)(2)(i)',
          message: 'The authorization has expired.',
        },
        {
          code: 'missing_redisclosure_statement',
          element: 'statements.redisclosure',
          citation: '45 CFR 164.508(c)(2)(iii)',
          message: AUTHORIZATION_ERRORS.missing_redisclosure_statement.message,
        },
        {
          code: 'psychotherapy_notes_need_separate_authorization',
          element: 'categories',
          citation: '45 CFR 164.508(a)(2)',
          message: AUTHORIZATION_ERRORS.psychotherapy_notes_need_separate_authorization.message,
        },
      ],
    });
  });

  it('answers valid for a complete authorization, 400 for a date that is not one, 401 without a session', async () => {
    const { deps } = await getContext();
    const staff = await signedIn(deps, { companyId: 1, isStaff: true });
    const complete = {
      description: 'All records',
      discloser: 'Mercy Hospital',
      recipient: 'Smith Law',
      purpose: 'At the request of the individual',
      expiration: 'End of litigation',
      signature: true,
      signed_at: today,
      signed_by_representative: true,
      representative_authority: 'Parent of a minor',
      statements: { revocation: true, conditioning: true, redisclosure: true },
    };
    const ok = await inject('POST', '/api/authorizations/validate/', staff.headers, complete);
    expect(ok.json()).toEqual({ valid: true, errors: [] });
    const bad = await inject('POST', '/api/authorizations/validate/', staff.headers, {
      signed_at: 'last week',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.signed_at).toBe('Enter a date as YYYY-MM-DD or MM/DD/YYYY.');
    expect((await inject('POST', '/api/authorizations/validate/', {}, complete)).statusCode).toBe(401);
  });
});
