import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIGNING_MAX_DOB_FAILURES, SIGNING_MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createCompany, createRequest, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { oneTimeLinkTo } from '../../../test/mail';
import { signingRequests } from '../../db/schema';
import { CLIENT_DOB, sentLink, signingBody } from './signing.test-utils';

/** Online signing: what the firm sends and sees, and what the client's link allows (decision 061). */
const api = (token: string, step = '') => `/api/signing/${token}/${step ? `${step}/` : ''}`;
const typed = (name: string) => ({
  date_of_birth: CLIENT_DOB,
  signer_name: name,
  signature: { kind: 'typed' },
  agree: true,
});

async function listOf(
  app: Awaited<ReturnType<typeof sentLink>>['app'],
  patientId: number,
  headers: Record<string, string>,
) {
  const res = await app.inject({ method: 'GET', url: `/api/home/patient/${patientId}/signing/`, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What staff's first-send checklist says of a request's authorization. */
async function authorizationCheck(requestId: number, headers: Record<string, string>) {
  const { app } = await getContext();
  const res = await app.inject({
    method: 'GET',
    url: `/api/home/request/${requestId}/authorization_check/`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function storedBytes(key: string): Promise<Buffer> {
  const { deps } = await getContext();
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.storage.get(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('POST and GET /api/home/patient/{id}/signing/', () => {
  it('sends the client a link by e-mail and lists it as sent, with the providers it names', async () => {
    const { app, firm, body, sent, link } = await sentLink();
    expect(sent).toEqual({ id: expect.any(Number), status: 'sent', expires_at: expect.any(String) });
    const days = (Date.parse(sent.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(link).toMatch(new RegExp(`/sign/${firm.company.id}\\.[A-Za-z0-9_-]{43}$`));
    const [row] = await listOf(app, firm.patient.id, firm.staff.headers);
    expect(row).toMatchObject({
      id: sent.id,
      status: 'sent',
      email: body.email,
      request_ids: [firm.request.id],
    });
    expect(row.providers).toHaveLength(1);
    expect(row.events.map((e: { event: string }) => e.event)).toEqual(['sent']);
  });

  it('keeps only the hash of the token, which names the firm: under another firm’s number it is unknown', async () => {
    const { app, deps, firm, sent, token } = await sentLink();
    const [row] = await deps.db.select().from(signingRequests).where(eq(signingRequests.id, sent.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const [firmId, secret] = token.split('.');
    expect(Number(firmId)).toBe(firm.company.id);
    const other = await createCompany(deps.db);
    for (const firmId of [other.id, 99_999_999_999]) {
      const elsewhere = await app.inject({ method: 'GET', url: api(`${firmId}.${secret}`) });
      expect(elsewhere.statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: api(token) })).json()).toEqual({ status: 'ready' });
  });

  it('refuses another firm (404), internal users (403) and a request of another client', async () => {
    const { app, deps, firm } = await sentLink();
    const { otherFirm, internalStaff } = await callers(deps);
    const url = `/api/home/patient/${firm.patient.id}/signing/`;
    for (const [caller, status] of [
      [otherFirm, 404],
      [internalStaff, 403],
    ] as const) {
      expect((await app.inject({ method: 'GET', url, headers: caller.headers })).statusCode).toBe(status);
      const post = await app.inject({
        method: 'POST',
        url,
        headers: caller.headers,
        payload: signingBody([firm.request.id]),
      });
      expect(post.statusCode).toBe(status);
    }
    const other = await sentLink();
    const foreign = await app.inject({
      method: 'POST',
      url,
      headers: firm.paralegal.headers,
      payload: signingBody([other.firm.request.id]),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ request_ids: SIGNING_MSG.foreignRequest });
  });

  it('limits the links sent for one client in an hour', async () => {
    const { app, firm } = await sentLink();
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/home/patient/${firm.patient.id}/signing/`,
        headers: firm.paralegal.headers,
        payload: signingBody([firm.request.id]),
      });
    for (let i = 1; i < 5; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(SIGNING_MSG.tooManyForClient);
  });
});

describe('the client’s link', () => {
  it('says nothing about the client or the firm before the date of birth matches, and locks after too many', async () => {
    const { app, deps, firm, token } = await sentLink();
    const company = await deps.db.query.companies.findFirst({
      where: (c, { eq }) => eq(c.id, firm.company.id),
    });
    const secrets = [firm.patient.lastName, firm.patient.firstName, company!.name];
    const opened = await app.inject({ method: 'GET', url: api(token) });
    expect(opened.json()).toEqual({ status: 'ready' });
    for (let i = 1; i <= SIGNING_MAX_DOB_FAILURES; i++) {
      const res = await app.inject({
        method: 'POST',
        url: api(token, 'identity'),
        payload: { date_of_birth: '1990-01-01' },
      });
      for (const secret of secrets) expect(res.body).not.toContain(secret);
      if (i < SIGNING_MAX_DOB_FAILURES) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(SIGNING_MSG.wrongDob(SIGNING_MAX_DOB_FAILURES - i));
      } else {
        expect(res.statusCode).toBe(410);
        expect(res.json().error).toBe(SIGNING_MSG.locked);
      }
    }
    const right = await app.inject({
      method: 'POST',
      url: api(token, 'identity'),
      payload: { date_of_birth: CLIENT_DOB },
    });
    expect(right.statusCode).toBe(410);
    expect((await app.inject({ method: 'GET', url: api(token) })).json()).toEqual({ status: 'locked' });
    const [row] = await listOf(app, firm.patient.id, firm.paralegal.headers);
    expect(row.status).toBe('locked');
    expect(row.events.map((e: { event: string }) => e.event)).toContain('locked');
  });

  it('shows the authorization with all its elements once the date of birth matches', async () => {
    const { app, firm, token } = await sentLink();
    const res = await app.inject({
      method: 'POST',
      url: api(token, 'identity'),
      payload: { date_of_birth: CLIENT_DOB },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.client_name).toContain(firm.patient.lastName);
    expect(doc.sections.map((s: { heading: string }) => s.heading)).toEqual([
      'Patient',
      'Who may disclose the information',
      'Who may receive the information',
      'Information to be disclosed',
      'Purpose',
      'Expiration',
      'My right to revoke',
      'Treatment and payment are not conditioned on signing',
      'Redisclosure',
      'Copies',
    ]);
    expect(doc.sections[3].text).toBe(
      'Medical Records and Billing Records, for dates of service from 01/01/2025 to 12/31/2025.',
    );
  });

  it('stops working after its expiry', async () => {
    const { app, deps, sent, token } = await sentLink();
    await deps.db
      .update(signingRequests)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(signingRequests.id, sent.id));
    expect((await app.inject({ method: 'GET', url: api(token) })).json()).toEqual({ status: 'expired' });
    const res = await app.inject({ method: 'POST', url: api(token, 'sign'), payload: typed('Pat Client') });
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe(SIGNING_MSG.linkUnusable);
  });

  it('is replaced by a new link when the firm sends it again', async () => {
    const { app, firm, sent, body, token } = await sentLink();
    const again = await app.inject({
      method: 'POST',
      url: `/api/home/patient/${firm.patient.id}/signing/${sent.id}/resend/`,
      headers: firm.paralegal.headers,
    });
    expect(again.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: api(token) })).statusCode).toBe(404);
    const { oneTimeLinkTo } = await import('../../../test/mail');
    const fresh = new URL(await oneTimeLinkTo(body.email, 'signing-link')).pathname.split('/').at(-1)!;
    expect(fresh).not.toBe(token);
    expect((await app.inject({ method: 'GET', url: api(fresh) })).json()).toEqual({ status: 'ready' });
  });

  it('can be declined once; the firm sees why', async () => {
    const { app, firm, token } = await sentLink();
    const res = await app.inject({
      method: 'POST',
      url: api(token, 'decline'),
      payload: { date_of_birth: CLIENT_DOB, reason: 'I want to talk to my lawyer first.' },
    });
    expect(res.json()).toEqual({ status: 'declined' });
    expect(
      (await app.inject({ method: 'POST', url: api(token, 'sign'), payload: typed('Pat') })).statusCode,
    ).toBe(410);
    const [row] = await listOf(app, firm.patient.id, firm.paralegal.headers);
    expect(row).toMatchObject({ status: 'declined', decline_reason: 'I want to talk to my lawyer first.' });
  });
});

describe('signing', () => {
  it('is single-use, makes the client’s and the request’s HIPAA form, and passes the first-send checklist', async () => {
    const { app, deps, firm, body, token } = await sentLink();
    const agent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const res = await app.inject({
      method: 'POST',
      url: api(token, 'sign'),
      headers: { 'user-agent': agent },
      payload: typed('Pat Client'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'signed' });
    const twice = await app.inject({ method: 'POST', url: api(token, 'sign'), payload: typed('Pat Client') });
    expect(twice.statusCode).toBe(410);
    expect((await app.inject({ method: 'GET', url: api(token) })).json()).toEqual({ status: 'finished' });

    const [row] = await listOf(app, firm.patient.id, firm.paralegal.headers);
    expect(row.status).toBe('signed');
    expect(row.document_url).toMatch(/^hipaa-forms\/signed\/s\d+\/.+\.pdf$/);
    expect(row.events.map((e: { event: string }) => e.event)).toEqual(['sent', 'signed']);
    const client = await app.inject({
      method: 'GET',
      url: `/api/home/patient/${firm.patient.id}/`,
      headers: firm.paralegal.headers,
    });
    expect(client.json().hipaa_consent_url).toBe(row.document_url);

    const { internalStaff } = await callers(deps);
    expect(await authorizationCheck(firm.request.id, internalStaff.headers)).toMatchObject({
      document_url: row.document_url,
      checked_by: 'Direct Docs',
      result: { valid: true, errors: [] },
    });

    // The certificate page names the signer, their e-mail and browser, and the hash of the signed pages,
    // which are attached inside the PDF: take them out and hash them again.
    const pdf = await storedBytes(row.document_url);
    const dir = mkdtempSync(path.join(tmpdir(), 'signed-'));
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Signing certificate');
    expect(text).toContain(body.email);
    expect(text).toContain('iPhone');
    expect(text).toContain(row.document_sha256);
    execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
    expect(readdirSync(dir)).toContain('authorization.pdf');
    const attached = readFileSync(path.join(dir, 'authorization.pdf'));
    expect(createHash('sha256').update(attached).digest('hex')).toBe(row.document_sha256);
    const signedText = execFileSync('pdftotext', [path.join(dir, 'authorization.pdf'), '-']).toString();
    expect(signedText).toContain('Pat Client');
    expect(signedText).not.toContain('Signing certificate');
  });

  it('sent from the order form for providers, becomes the form of the client’s unsent requests to them', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const elsewhere = await createRequest(deps.db, {
      patientId: firm.patient.id,
      companyId: firm.company.id,
    });
    const body = signingBody([], { provider_ids: [firm.request.providerId] });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/home/patient/${firm.patient.id}/signing/`,
      headers: firm.paralegal.headers,
      payload: body,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { internalStaff } = await callers(deps);
    const firstSend = (id: number) =>
      app.inject({
        method: 'POST',
        url: `/api/home/request/${id}/initial_sent/`,
        headers: internalStaff.headers,
      });
    // Until the client signs, the request has no authorization, and staff cannot send it.
    expect((await firstSend(firm.request.id)).statusCode).toBe(409);

    const token = new URL(await oneTimeLinkTo(body.email, 'signing-link')).pathname
      .split('/')
      .filter(Boolean)
      .at(-1)!;
    expect(
      (await app.inject({ method: 'POST', url: api(token, 'sign'), payload: typed('Pat Client') }))
        .statusCode,
    ).toBe(200);
    const [row] = await listOf(app, firm.patient.id, firm.paralegal.headers);
    expect(await authorizationCheck(firm.request.id, internalStaff.headers)).toMatchObject({
      document_url: row.document_url,
      checked_by: 'Direct Docs',
      result: { valid: true },
    });
    expect((await firstSend(firm.request.id)).statusCode).toBe(200);
    // A request to a provider the authorization does not name is not signed for: staff check it themselves.
    expect(await authorizationCheck(elsewhere.id, internalStaff.headers)).toMatchObject({
      checked_by: null,
      result: { valid: false },
    });
    expect((await firstSend(elsewhere.id)).statusCode).toBe(409);
  });

  it('takes a personal representative’s signature with their authority, on the PDF and in the checklist', async () => {
    const { app, deps, firm, token } = await sentLink();
    const representative = { relationship: 'guardian', authority: 'Letters of guardianship, 03/02/2024' };
    const bad = await app.inject({
      method: 'POST',
      url: api(token, 'sign'),
      payload: { ...typed('Laura Client'), representative: { ...representative, authority: ' ' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(SIGNING_MSG.representativeAuthority);
    const res = await app.inject({
      method: 'POST',
      url: api(token, 'sign'),
      payload: { ...typed('Laura Client'), representative },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await listOf(app, firm.patient.id, firm.paralegal.headers);
    expect(row).toMatchObject({
      signer_name: 'Laura Client',
      signed_as_representative: 'Court-appointed guardian: Letters of guardianship, 03/02/2024',
    });
    const { internalStaff } = await callers(deps);
    expect(await authorizationCheck(firm.request.id, internalStaff.headers)).toMatchObject({
      answers: { signed_by_representative: true, representative_authority: true },
      result: { valid: true },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'signed-'));
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, await storedBytes(row.document_url));
    const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
    expect(text).toContain("Signed as the patient's personal representative. Court-appointed guardian");
    expect(text).toContain('Signing for the patient as');
  });

  it('refuses a drawn signature that is not a PNG, and a date that does not exist, without using the link', async () => {
    const { app, token } = await sentLink();
    const bad = await app.inject({
      method: 'POST',
      url: api(token, 'sign'),
      payload: { ...typed('Pat Client'), signature: { kind: 'drawn', image: 'data:image/png;base64,AAAA' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(SIGNING_MSG.signatureNeeded);
    const unreal = await app.inject({
      method: 'POST',
      url: api(token, 'identity'),
      payload: { date_of_birth: '1980-02-31' },
    });
    expect(unreal.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: api(token) })).json()).toEqual({ status: 'ready' });
  });

  it('takes a drawn signature', async () => {
    const { app, firm, token } = await sentLink();
    // A 1x1 PNG.
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const res = await app.inject({
      method: 'POST',
      url: api(token, 'sign'),
      payload: { ...typed('Pat Client'), signature: { kind: 'drawn', image: png } },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await listOf(app, firm.patient.id, firm.paralegal.headers);
    expect(row.status).toBe('signed');
  });
});
