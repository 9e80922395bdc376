import type { SendSigningBody } from '@dd/shared';
import { firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { oneTimeLinkTo } from '../../../test/mail';

/** A firm with a client and a request, and a signing link sent for that request (the token as mailed). */
export const CLIENT_DOB = '1980-04-12';

export function signingBody(requestIds: number[], over: Partial<SendSigningBody> = {}) {
  return {
    request_ids: requestIds,
    record_types: ['Medical Records', 'Billing Records'],
    dates_from: '2025-01-01',
    dates_to: '2025-12-31',
    purpose: 'At the request of my attorneys, for my personal injury claim.',
    email: `client-${Math.random().toString(36).slice(2, 10)}@example.test`,
    ...over,
  };
}

export async function sentLink(over: Partial<SendSigningBody> = {}) {
  const { app, deps } = await getContext();
  const firm = await firmWithRequest(deps);
  const body = signingBody([firm.request.id], over);
  const res = await app.inject({
    method: 'POST',
    url: `/api/home/patient/${firm.patient.id}/signing/`,
    headers: firm.paralegal.headers,
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
  const link = await oneTimeLinkTo(body.email, 'signing-link');
  const token = new URL(link).pathname.split('/').filter(Boolean).at(-1)!;
  return { app, deps, firm, body, sent: res.json(), link, token };
}
