import { duplicateRequestMessage } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFile, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { files, requests } from '../../db/schema';
import {
  firmForRequests,
  firmWithOneRequest,
  requestBody,
  requestsOfPatient,
  submit,
} from './requests.fixtures';

/**
 * Checks made under a lock: a double click or two tabs must not get past the
 * duplicate-request check together, and a file's verification must not change while staff are sending
 * the request to the law firm.
 *
 * PGlite has one connection, so concurrent calls there cannot overlap inside the database and these
 * tests can only fail on PostgreSQL (run them with DATABASE_URL set, as CI does); they run on both.
 */
const TAB_COUNT = 8;

// The database starts under the hook's time limit, not the first race's.
beforeAll(() => getContext());

async function edit(headers: Record<string, string>, id: number, body: unknown) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: `/api/home/request/${id}/`, headers, payload: body as object });
}

describe('the duplicate-request check under concurrency', () => {
  it('creates exactly one request when identical submissions arrive at the same moment', async () => {
    const firm = await firmForRequests();
    const body = requestBody(firm);
    const answers = await Promise.all(
      Array.from({ length: TAB_COUNT }, () => submit(firm.paralegal.headers, body)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(TAB_COUNT - 1).fill(409)]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error).toBe(duplicateRequestMessage([firm.providers[0].name]));
    }
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(1);
  });

  it('lets only one of two requests be edited into the same duplicate at the same moment', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const [a, b] = await Promise.all(
      [0, 1].map((i) =>
        createRequest(deps.db, {
          patientId: firm.patient.id,
          companyId: firm.company.id,
          userId: firm.paralegal.user.id,
          providerId: firm.providers[i].id,
        }),
      ),
    );
    const same = requestBody(firm, { provider: [firm.providers[2].id] });
    const answers = await Promise.all([a, b].map((r) => edit(firm.paralegal.headers, r.id, same)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await requestsOfPatient(firm.patient.id);
    expect(rows.filter((r) => r.providerId === firm.providers[2].id)).toHaveLength(1);
  });

  it('refuses a submission that duplicates a request being edited into it at the same moment', async () => {
    const { request: existing, ...firm } = await firmWithOneRequest();
    const same = requestBody(firm, { provider: [firm.providers[1].id] });
    const [edited, submitted] = await Promise.all([
      edit(firm.paralegal.headers, existing.id, same),
      submit(firm.paralegal.headers, same),
    ]);
    expect([edited.statusCode, submitted.statusCode].filter((s) => s === 409)).toHaveLength(1);
    const rows = await requestsOfPatient(firm.patient.id);
    expect(rows.filter((r) => r.providerId === firm.providers[1].id)).toHaveLength(1);
  });
});

describe('file verification and sending to the law firm', () => {
  it('waits for a send in progress (which holds the request lock) before changing a verification', async () => {
    const { app, deps } = await getContext();
    const { request } = await firmWithOneRequest();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const file = await createFile(deps.db, request.id, { verifiedById: staff.user.id });

    let answered = false;
    let unverify: Promise<{ statusCode: number }> | undefined;
    await deps.db.transaction(async (tx) => {
      // What sendToLawyer does first: lock the request, then count its verified files.
      await tx.select({ id: requests.id }).from(requests).where(eq(requests.id, request.id)).for('update');
      unverify = app
        .inject({
          method: 'POST',
          url: `/api/home/file/${file.id}/`,
          headers: staff.headers,
          payload: { verified_by: null },
        })
        .then((res) => {
          answered = true;
          return res;
        });
      await new Promise((resolve) => setTimeout(resolve, 800));
      // The verification the send counted is still in place until the send commits.
      expect(answered).toBe(false);
    });
    expect((await unverify!).statusCode).toBe(200);
    const [row] = await deps.db.select().from(files).where(eq(files.id, file.id));
    expect(row.verifiedById).toBeNull();
  });
});
