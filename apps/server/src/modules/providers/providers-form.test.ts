import { randomUUID } from 'node:crypto';
import { FILE_MSG } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { callers, createFile, createProvider, firmWithRequest, uploadKey } from '../../../test/factories';
import { getContext } from '../../../test/helpers';

/**
 * The provider's request form link. Every signed-in user can read a provider's form, so only the
 * caller's own upload, or the link already saved on the provider, may be saved.
 */
describe('medical_request_url on POST /api/home/provider/ and /{id}/', () => {
  it('refuses on create a link that is not the caller’s upload, and takes the caller’s own', async () => {
    const { app, deps } = await getContext();
    const { firmUser, otherFirm } = await callers(deps);
    const victim = await firmWithRequest(deps);
    const secret = await createFile(deps.db, victim.request.id);
    const create = (medical_request_url: string) =>
      app.inject({
        method: 'POST',
        url: '/api/home/provider/',
        headers: firmUser.headers,
        payload: { name: `Form Clinic ${randomUUID()}`, medical_request_url },
      });
    for (const link of [
      secret.url,
      uploadKey(otherFirm.user.id, 'provider-forms', 'form.pdf'),
      uploadKey(firmUser.user.id, 'provider-records', 'records.pdf'), // own upload, not a form
      `provider-forms/u${firmUser.user.id}/../../${secret.url}`,
      'javascript:alert(1)',
    ]) {
      const res = await create(link);
      expect(res.statusCode, link).toBe(400);
      expect(res.json()).toEqual({
        error: FILE_MSG.foreignFormLink,
        fields: { medical_request_url: FILE_MSG.foreignFormLink },
      });
    }
    const own = uploadKey(firmUser.user.id, 'provider-forms', 'form.pdf');
    const res = await create(own);
    expect(res.statusCode).toBe(200);
    expect(res.json().medical_request_url).toBe(own);
  });

  it('lets staff keep the saved link and replace it only with their own upload', async () => {
    const { app, deps } = await getContext();
    const { firmUser, internalStaff } = await callers(deps);
    const saved = uploadKey(firmUser.user.id, 'provider-forms', 'form.pdf');
    const provider = await createProvider(deps.db, { medicalRequestUrl: saved });
    const update = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/home/provider/${provider.id}/`,
        headers: internalStaff.headers,
        payload,
      });

    const same = await update({ city: 'Denver', medical_request_url: saved });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ city: 'Denver', medical_request_url: saved });

    const borrowed = await update({
      medical_request_url: uploadKey(firmUser.user.id, 'provider-forms', 'b.pdf'),
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().fields).toEqual({ medical_request_url: FILE_MSG.foreignFormLink });

    const own = uploadKey(internalStaff.user.id, 'provider-forms', 'new.pdf');
    expect((await update({ medical_request_url: own })).json().medical_request_url).toBe(own);
    expect((await update({ medical_request_url: null })).json().medical_request_url).toBeNull();
  });
});
