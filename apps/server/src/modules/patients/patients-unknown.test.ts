import { MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, uploadKey } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { patients } from '../../db/schema';
import { clientBody } from './patients.fixtures';

/** Every listed client field takes NA when unknown, stored as unknown (null). */
const UNKNOWN = {
  maiden_name: 'NA',
  date_of_birth: 'na',
  custom_code: 'N/A',
  ssn: 'NA',
  address_2: ' NA ',
  zip_code: 'NA',
  hipaa_consent_url: 'NA',
};

describe('client fields answered with NA', () => {
  it('are accepted, stored as unknown, and stay unknown when another field is edited', async () => {
    const { app, deps } = await getContext();
    const { firmUser, otherFirm } = await callers(deps);
    const created = await app.inject({
      method: 'POST',
      url: '/api/home/patient/',
      headers: firmUser.headers,
      payload: clientBody(firmUser, UNKNOWN),
    });
    expect(created.statusCode, created.body).toBe(200);
    const client = created.json();
    expect(client).toMatchObject({
      maiden_name: null,
      date_of_birth: null,
      custom_code: null,
      address_2: null,
      zip_code: null,
      hipaa_consent_url: null,
      has_ssn: true,
    });
    const [row] = await deps.db.select().from(patients).where(eq(patients.id, client.id));
    expect(deps.cipher.decrypt(row.ssnEncrypted!)).toBe('None');
    expect(row.ssnHash).toBeNull();

    const renamed = await app.inject({
      method: 'POST',
      url: `/api/home/patient/${client.id}/`,
      headers: firmUser.headers,
      payload: { city: 'Boulder' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ city: 'Boulder', date_of_birth: null, hipaa_consent_url: null });

    const foreign = await app.inject({
      method: 'POST',
      url: `/api/home/patient/${client.id}/`,
      headers: otherFirm.headers,
      payload: { date_of_birth: 'NA' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('still refuses a date of birth that is neither a date nor NA', async () => {
    const { app, deps } = await getContext();
    const { firmUser } = await callers(deps);
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/patient/',
      headers: firmUser.headers,
      payload: clientBody(firmUser, { date_of_birth: 'unknown' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ date_of_birth: MSG.dateFormat });
  });

  it('take the HIPAA form later: the edit sends NA again with the upload; another firm cannot read or send it', async () => {
    const { app, deps } = await getContext();
    const { firmUser, otherFirm } = await callers(deps);
    const created = await app.inject({
      method: 'POST',
      url: '/api/home/patient/',
      headers: firmUser.headers,
      payload: clientBody(firmUser, UNKNOWN),
    });
    const url = `/api/home/patient/${created.json().id}/`;
    const signed = uploadKey(firmUser.user.id, 'hipaa-forms', 'signed.pdf');
    // As the edit form sends it (the SSN goes through /save_related_info/).
    const edit = { maiden_name: 'NA', date_of_birth: 'na', zip_code: 'N/A', hipaa_consent_url: signed };

    expect((await app.inject({ url, headers: otherFirm.headers })).statusCode).toBe(404);
    const foreign = await app.inject({ method: 'POST', url, headers: otherFirm.headers, payload: edit });
    expect(foreign.statusCode).toBe(404);

    const res = await app.inject({ method: 'POST', url, headers: firmUser.headers, payload: edit });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      hipaa_consent_url: signed,
      maiden_name: null,
      date_of_birth: null,
      zip_code: null,
      custom_code: null,
    });
  });
});
