import { SIGNING_MSG, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, signedIn } from '../../../test/factories';
import { notes, patients, requests } from '../../db/schema';
import { CLIENT_DOB, sentLink } from './signing.test-utils';

/** A client's revocation of an authorization signed online, recorded by the firm (decision 061). */
async function signedAuthorization() {
  const sent = await sentLink();
  const res = await sent.app.inject({
    method: 'POST',
    url: `/api/signing/${sent.token}/sign/`,
    payload: {
      date_of_birth: CLIENT_DOB,
      signer_name: 'Pat Client',
      signature: { kind: 'typed' },
      agree: true,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return sent;
}

const revokeUrl = (patientId: number, signingId: number) =>
  `/api/home/patient/${patientId}/signing/${signingId}/revoke/`;

describe('POST /api/home/patient/{id}/signing/{signing_id}/revoke/', () => {
  it('cancels the open requests that rely on it, with a note, and stops it being the client’s HIPAA form', async () => {
    const { app, deps, firm, sent } = await signedAuthorization();
    const reason = 'Letter from the client dated 11/20/2026';
    const res = await app.inject({
      method: 'POST',
      url: revokeUrl(firm.patient.id, sent.id),
      headers: firm.paralegal.headers,
      payload: { reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: SIGNING_MSG.revoked(1), cancelled: [firm.request.id] });

    const [request] = await deps.db.select().from(requests).where(eq(requests.id, firm.request.id));
    expect(request.status).toBe(STATUS.cancelled);
    const [note] = await deps.db
      .select()
      .from(notes)
      .where(eq(notes.requestId, firm.request.id))
      .orderBy(notes.id)
      .then((rows) => rows.slice(-1));
    expect(note).toMatchObject({ updateStatus: STATUS.cancelled, userId: firm.paralegal.user.id });
    expect(note.text).toContain(reason);
    const [client] = await deps.db.select().from(patients).where(eq(patients.id, firm.patient.id));
    expect(client.hipaaConsentUrl).toBeNull();

    const list = await app.inject({
      method: 'GET',
      url: `/api/home/patient/${firm.patient.id}/signing/`,
      headers: firm.paralegal.headers,
    });
    const [row] = list.json();
    expect(row.status).toBe('revoked');
    expect(row.events.map((e: { event: string }) => e.event)).toEqual(['sent', 'signed', 'revoked']);

    // Revoked once: a second revocation is refused, and so is one without a reason.
    const again = await app.inject({
      method: 'POST',
      url: revokeUrl(firm.patient.id, sent.id),
      headers: firm.paralegal.headers,
      payload: { reason },
    });
    expect([again.statusCode, again.json().error]).toEqual([409, SIGNING_MSG.notRevocable]);
    const blank = await app.inject({
      method: 'POST',
      url: revokeUrl(firm.patient.id, sent.id),
      headers: firm.paralegal.headers,
      payload: { reason: '  ' },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('refuses an authorization not signed yet, another firm (404) and internal users (403)', async () => {
    const { app, deps, firm, sent } = await sentLink();
    const payload = { reason: 'Phone call' };
    const unsigned = await app.inject({
      method: 'POST',
      url: revokeUrl(firm.patient.id, sent.id),
      headers: firm.paralegal.headers,
      payload,
    });
    expect([unsigned.statusCode, unsigned.json().error]).toEqual([409, SIGNING_MSG.notRevocable]);

    const other = await signedIn(deps, { companyId: (await createCompany(deps.db)).id, isStaff: true });
    const foreign = await app.inject({
      method: 'POST',
      url: revokeUrl(firm.patient.id, sent.id),
      headers: other.headers,
      payload,
    });
    expect(foreign.statusCode).toBe(404);
    const staff = await signedIn(deps, { companyId: 1, isStaff: true });
    const internal = await app.inject({
      method: 'POST',
      url: revokeUrl(firm.patient.id, sent.id),
      headers: staff.headers,
      payload,
    });
    expect(internal.statusCode).toBe(403);
  });
});
