import { FILE_MSG } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { callers, createFile, firmWithRequest, uploadKey } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { clientBody } from './patients.fixtures';

/** The client's HIPAA form link: only the caller's own upload, or the link already saved on the client. */
const url = '/api/home/patient/';

describe('hipaa_consent_url on POST /api/home/patient/ and /{id}/', () => {
  it('refuses a link that is not the caller’s upload: a colleague’s, another firm’s file, a path trick, another bucket', async () => {
    const { app, deps } = await getContext();
    const { firmUser, firmStaff, otherFirm } = await callers(deps);
    const victim = await firmWithRequest(deps);
    const secret = await createFile(deps.db, victim.request.id);
    for (const link of [
      uploadKey(firmStaff.user.id, 'hipaa-forms', 'consent.pdf'),
      uploadKey(otherFirm.user.id, 'hipaa-forms', 'consent.pdf'),
      uploadKey(firmUser.user.id, 'provider-records', 'consent.pdf'), // own upload, not a HIPAA form
      secret.url,
      `hipaa-forms/u${firmUser.user.id}/../u${otherFirm.user.id}/x-consent.pdf`,
      `/hipaa-forms/u${firmUser.user.id}/x-consent.pdf`,
      'https://example.test/consent.pdf',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: firmUser.headers,
        payload: clientBody(firmUser, { hipaa_consent_url: link }),
      });
      expect(res.statusCode, link).toBe(400);
      expect(res.json()).toEqual({
        error: FILE_MSG.foreignFormLink,
        fields: { hipaa_consent_url: FILE_MSG.foreignFormLink },
      });
    }
  });

  it('keeps a link saved by someone else and accepts a new upload of the caller, nothing else', async () => {
    const { app, deps } = await getContext();
    const { firmUser, firmStaff, internalStaff } = await callers(deps);
    const created = await app.inject({
      method: 'POST',
      url,
      headers: firmStaff.headers,
      payload: clientBody(firmStaff),
    });
    expect(created.statusCode).toBe(200);
    const client = created.json();
    const post = (caller: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `${url}${client.id}/`, headers: caller.headers, payload });

    // The colleague's link, sent back unchanged or left out, stays.
    const same = await post(firmUser, { city: 'Boulder', hipaa_consent_url: client.hipaa_consent_url });
    expect(same.statusCode).toBe(200);
    expect((await post(firmUser, { city: 'Aurora' })).json().hipaa_consent_url).toBe(
      client.hipaa_consent_url,
    );

    const borrowed = await post(firmUser, {
      hipaa_consent_url: uploadKey(firmStaff.user.id, 'hipaa-forms', 'other.pdf'),
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().fields).toEqual({ hipaa_consent_url: FILE_MSG.foreignFormLink });

    for (const caller of [firmUser, internalStaff]) {
      const own = uploadKey(caller.user.id, 'hipaa-forms', 'signed.pdf');
      const res = await post(caller, { hipaa_consent_url: own });
      expect(res.statusCode).toBe(200);
      expect(res.json().hipaa_consent_url).toBe(own);
    }
  });
});
