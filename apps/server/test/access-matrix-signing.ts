import { randomBytes } from 'node:crypto';
import { signingRequests } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { secretOfFirm } from '../src/lib/firm-secrets';
import type { AccessFixtures } from './access-fixtures';
import type { MatrixRow } from './access-matrix-kit';
import { createCompany, createPatient, createRequest } from './factories';
import { getContext } from './helpers';

/** Access matrix rows: online signing of a client's HIPAA authorization (decision 061). */
const DOB = '1980-04-12';

/** A signing request of the target firm's client, straight in the table (no e-mail, no rate limit). */
async function signingOf(
  fx: AccessFixtures,
  patientId = fx.patient.id,
  companyId = fx.company.id,
  signed = false,
) {
  const { deps } = await getContext();
  const token = secretOfFirm(companyId);
  // A signed authorization's document is the request's HIPAA form, so revoking it cancels the request.
  const documentUrl = signed ? `signing/${randomBytes(8).toString('hex')}.pdf` : undefined;
  const request = await createRequest(deps.db, {
    patientId,
    companyId,
    userId: fx.member.id,
    providerId: fx.provider.id,
    hipaaConsentUrl: documentUrl,
  });
  const [row] = await deps.db
    .insert(signingRequests)
    .values({
      companyId,
      patientId,
      email: 'client@example.test',
      requestIds: [request.id],
      recordTypes: ['Medical Records'],
      purpose: 'Personal injury claim',
      tokenHash: sha256(token),
      linkExpiresAt: new Date(Date.now() + 86_400_000),
      ...(signed
        ? {
            state: 'signed' as const,
            signedAt: new Date(),
            authorizationExpiresOn: '2027-01-01',
            documentUrl,
          }
        : {}),
    })
    .returning();
  return { id: row.id, token };
}

/** A link of a client of a firm of its own: the token, not the caller, decides what the client's page shows. */
async function publicLink(fx: AccessFixtures) {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const patient = await createPatient(deps.db, company.id, { dateOfBirth: DOB });
  return (await signingOf(fx, patient.id, company.id)).token;
}

const sendBody = (fx: AccessFixtures) => ({
  request_ids: [fx.request.id],
  record_types: ['Medical Records'],
  purpose: 'Personal injury claim',
  email: 'client@example.test',
});

export const SIGNING_ROWS: Record<string, MatrixRow> = {
  'POST /api/home/patient/:id/signing/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 403 403',
    note: 'the firm asks its own client to sign; internal users do not',
    input: (fx) => ({ params: { id: fx.patient.id }, body: sendBody(fx) }),
  },
  'GET /api/home/patient/:id/signing/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 403 403',
    input: (fx) => ({ params: { id: fx.patient.id } }),
  },
  'POST /api/home/patient/:id/signing/:signing_id/resend/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 403 403',
    input: async (fx) => ({ params: { id: fx.patient.id, signing_id: (await signingOf(fx)).id } }),
  },
  'POST /api/home/patient/:id/signing/:signing_id/renew/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 403 403',
    note: 'a new link filled in from a signed authorization (a client of its own: links per client are limited)',
    input: async (fx) => {
      const { deps } = await getContext();
      const client = await createPatient(deps.db, fx.company.id);
      const signed = await signingOf(fx, client.id, fx.company.id, true);
      return { params: { id: client.id, signing_id: signed.id } };
    },
  },
  'POST /api/home/patient/:id/signing/:signing_id/revoke/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 403 403',
    note: 'the firm records its client revoked a signed authorization (a fresh one for each caller)',
    input: async (fx) => {
      const { deps } = await getContext();
      const client = await createPatient(deps.db, fx.company.id);
      const signed = await signingOf(fx, client.id, fx.company.id, true);
      return { params: { id: client.id, signing_id: signed.id }, body: { reason: 'Letter from the client' } };
    },
  },
  'GET /api/home/request/:id/authorization_expiry/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: (fx) => ({ params: { id: fx.request.id } }),
  },
  'GET /api/signing/:token/': {
    access: 'public',
    expect: '200 200 200 200 200 200 200 200',
    note: 'the link is the key (a client has no account); it shows nothing about whom it is for',
    input: async (fx) => ({ params: { token: await publicLink(fx) } }),
  },
  'POST /api/signing/:token/identity/': {
    access: 'public',
    expect: '200 200 200 200 200 200 200 200',
    note: 'the authorization is shown once the client’s date of birth matches',
    input: async (fx) => ({ params: { token: await publicLink(fx) }, body: { date_of_birth: DOB } }),
  },
  'POST /api/signing/:token/sign/': {
    access: 'public',
    expect: '200 200 200 200 200 200 200 200',
    input: async (fx) => ({
      params: { token: await publicLink(fx) },
      body: { date_of_birth: DOB, signer_name: 'Pat Client', signature: { kind: 'typed' }, agree: true },
    }),
  },
  'POST /api/signing/:token/decline/': {
    access: 'public',
    expect: '200 200 200 200 200 200 200 200',
    input: async (fx) => ({ params: { token: await publicLink(fx) }, body: { date_of_birth: DOB } }),
  },
};
