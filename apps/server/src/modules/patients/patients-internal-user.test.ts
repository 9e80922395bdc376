import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, firmWithRequest, uploadKey } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { patients, requests } from '../../db/schema';
import { storeObject } from '../files/files.test-utils';
import { clientBody } from './patients.fixtures';

/**
 * Internal users who are not staff see only the requests they claimed, so they see
 * only those requests' clients (and their HIPAA forms), and cannot order for or add clients of any firm.
 */
async function firmClientWithForm() {
  const { deps } = await getContext();
  const firm = await firmWithRequest(deps);
  const form = await storeObject(deps, uploadKey(firm.paralegal.user.id, 'hipaa-forms', 'consent.pdf'));
  await deps.db.update(patients).set({ hipaaConsentUrl: form }).where(eq(patients.id, firm.patient.id));
  return { ...firm, form };
}

async function claim(requestId: number, userId: number) {
  const { deps } = await getContext();
  await deps.db.update(requests).set({ workingOnId: userId }).where(eq(requests.id, requestId));
}

describe('internal users who are not staff', () => {
  it('see a firm’s client (list, detail, HIPAA form link) only once they claimed one of its requests', async () => {
    const { app, deps } = await getContext();
    const { internalUser, internalStaff } = await callers(deps);
    const firm = await firmClientWithForm();
    const look = async (headers: Record<string, string>) => ({
      list: (await app.inject({ url: `/api/home/patient/?company=${firm.company.id}`, headers })).json() as {
        id: number;
      }[],
      all: (
        await app.inject({ url: '/api/home/patient/?limit=500&order_by=-created_at', headers })
      ).json() as {
        id: number;
      }[],
      detail: (await app.inject({ url: `/api/home/patient/${firm.patient.id}/`, headers })).statusCode,
      form: (await app.inject({ method: 'POST', url: '/getFileUrl/', headers, payload: { url: firm.form } }))
        .statusCode,
    });

    const before = await look(internalUser.headers);
    expect(before.list).toEqual([]);
    expect(before.all.map((c) => c.id)).not.toContain(firm.patient.id);
    expect(before.detail).toBe(404);
    expect(before.form).toBe(404);

    const staffView = await look(internalStaff.headers);
    expect(staffView.list.map((c) => c.id)).toEqual([firm.patient.id]);
    expect(staffView.detail).toBe(200);
    expect(staffView.form).toBe(200);

    await claim(firm.request.id, internalUser.user.id);
    const after = await look(internalUser.headers);
    expect(after.list.map((c) => c.id)).toEqual([firm.patient.id]);
    expect(after.detail).toBe(200);
    expect(after.form).toBe(200);
  });

  it('cannot order for a client of a request they did not claim (404), and nothing is created', async () => {
    const { app, deps } = await getContext();
    const { internalUser } = await callers(deps);
    const firm = await firmClientWithForm();
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/request/',
      headers: internalUser.headers,
      payload: {
        user: firm.paralegal.user.id,
        patient: firm.patient.id,
        provider: [firm.request.providerId],
        start_date: '2021-01-01',
        end_date: '2023-12-31',
        request_type: ['Medical Records'],
        hipaa_consent_url: firm.form,
      },
    });
    expect(res.statusCode).toBe(404);
    const rows = await deps.db.select().from(requests).where(eq(requests.patientId, firm.patient.id));
    expect(rows.map((r) => r.id)).toEqual([firm.request.id]);
  });

  it('cannot add a client to a law firm (403), and nothing is created', async () => {
    const { app, deps } = await getContext();
    const { internalUser } = await callers(deps);
    const firm = await firmWithRequest(deps);
    const lastName = `Internal ${randomUUID().slice(0, 8)}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/patient/',
      headers: internalUser.headers,
      payload: clientBody(internalUser, { company: firm.company.id, last_name: lastName }),
    });
    expect(res.statusCode).toBe(403);
    expect(await deps.db.select().from(patients).where(eq(patients.lastName, lastName))).toEqual([]);
  });
});
