import { MSG, STATUS } from '@dd/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  INTERNAL_ADMIN,
  signedIn,
} from '../../test/factories';
import { getContext } from '../../test/helpers';
import { billings, idempotencyKeys, requests } from '../db/schema';
import { firmForRequests, requestBody, requestsOfPatient } from '../modules/requests/requests.fixtures';
import { internalStaff } from '../modules/requests/requests.staff-fixtures';
import { pruneIdempotencyKeys } from './idempotency';

/**
 * Write calls sent again with the same Idempotency-Key (a client whose call timed out while the server
 * went on) answer the first call's answer instead of doing the work twice.
 */
async function send(url: string, headers: Record<string, string>, payload: unknown, key?: string) {
  const { app } = await getContext();
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...(key && { 'idempotency-key': key }) },
    payload: payload as object,
  });
}

const newKey = () => `key-${crypto.randomUUID()}`;

describe('an order sent with an Idempotency-Key', () => {
  it('is stored once when sent twice, and the second call gets the first answer', async () => {
    const firm = await firmForRequests();
    const key = newKey();
    const body = requestBody(firm);
    const first = await send('/api/home/request/', firm.paralegal.headers, body, key);
    const again = await send('/api/home/request/', firm.paralegal.headers, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(1);
  });

  it('is stored once when the same call arrives twice at the same moment', async () => {
    const firm = await firmForRequests();
    const key = newKey();
    const body = requestBody(firm);
    const [a, b] = await Promise.all([
      send('/api/home/request/', firm.paralegal.headers, body, key),
      send('/api/home/request/', firm.paralegal.headers, body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(1);
  });

  it("is another user's own key: the same key from a colleague is a separate order", async () => {
    const firm = await firmForRequests();
    const key = newKey();
    const mine = await send('/api/home/request/', firm.paralegal.headers, requestBody(firm), key);
    const theirs = await send(
      '/api/home/request/',
      firm.colleague.headers,
      requestBody(firm, { provider: [firm.providers[1].id] }, firm.colleague),
      key,
    );
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().results[0].id).not.toBe(mine.json().results[0].id);
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(2);
  });

  it('refuses the same key with a different order, and stores nothing for it', async () => {
    const firm = await firmForRequests();
    const key = newKey();
    await send('/api/home/request/', firm.paralegal.headers, requestBody(firm), key);
    const other = await send(
      '/api/home/request/',
      firm.paralegal.headers,
      requestBody(firm, { provider: [firm.providers[2].id] }),
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe(MSG.idempotencyKeyReused);
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(1);
  });

  it('keeps no key for a refused call: corrected and sent again with it, the order is stored', async () => {
    const firm = await firmForRequests();
    const key = newKey();
    const refused = await send(
      '/api/home/request/',
      firm.paralegal.headers,
      requestBody(firm, { provider: [999_999_999] }),
      key,
    );
    expect(refused.statusCode).toBe(400);
    const corrected = await send('/api/home/request/', firm.paralegal.headers, requestBody(firm), key);
    expect(corrected.statusCode).toBe(201);
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(1);
  });

  it('refuses a malformed key before doing anything', async () => {
    const firm = await firmForRequests();
    const res = await send('/api/home/request/', firm.paralegal.headers, requestBody(firm), 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.idempotencyKeyInvalid);
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(0);
  });

  it('forgets a key after 24 hours: the hourly chore removes it, and the key may be used again', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const key = newKey();
    const body = requestBody(firm);
    await send('/api/home/request/', firm.paralegal.headers, body, key);
    const row = and(eq(idempotencyKeys.userId, firm.paralegal.user.id), eq(idempotencyKeys.key, key));
    await deps.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(row);
    const later = await send(
      '/api/home/request/',
      firm.paralegal.headers,
      { ...body, override_duplicates: true },
      key,
    );
    expect(later.statusCode).toBe(201);
    expect(await requestsOfPatient(firm.patient.id)).toHaveLength(2);

    await deps.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(row);
    await pruneIdempotencyKeys(deps.db);
    expect(await deps.db.select().from(idempotencyKeys).where(row)).toEqual([]);
  });
});

describe('a split sent twice with the same key', () => {
  it('splits once and answers the first split again (the original is gone by then)', async () => {
    const { deps } = await getContext();
    const company = await createCompany(deps.db);
    const patient = await createPatient(deps.db, company.id);
    const request = await createRequest(deps.db, {
      patientId: patient.id,
      companyId: company.id,
      types: ['Medical Records', 'Billing Records'],
    });
    const [p1, p2] = [await createProvider(deps.db), await createProvider(deps.db)];
    const worker = await internalStaff();
    const body = {
      splits: [
        { provider: p1.id, request_types: ['Medical Records'] },
        { provider: p2.id, request_types: ['Billing Records'] },
      ],
    };
    const key = newKey();
    const url = `/api/home/request/${request.id}/split/`;
    const first = await send(url, worker.headers, body, key);
    const again = await send(url, worker.headers, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await deps.db.select().from(requests).where(eq(requests.patientId, patient.id))).toHaveLength(2);
  });
});

describe('a billing sent twice with the same key', () => {
  it('bills once and answers the same billing again', async () => {
    const { deps } = await getContext();
    const company = await createCompany(deps.db);
    const patient = await createPatient(deps.db, company.id);
    await createRequest(deps.db, {
      patientId: patient.id,
      companyId: company.id,
      status: STATUS.closedArrived,
    });
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const key = newKey();
    const body = { company: company.id, title: 'Retried billing' };
    const first = await send('/api/home/billing/', admin.headers, body, key);
    const again = await send('/api/home/billing/', admin.headers, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await deps.db.select().from(billings).where(eq(billings.companyId, company.id))).toHaveLength(1);
  });
});

describe('the API documentation', () => {
  it('lists the Idempotency-Key header on the calls that take it, and only there', async () => {
    const { app } = await getContext();
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const headerOf = (op: { parameters?: { in: string; name: string }[] }) =>
      op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key') ?? false;
    expect(headerOf(doc.paths['/api/home/request/'].post)).toBe(true);
    expect(headerOf(doc.paths['/api/home/request/{id}/split/'].post)).toBe(true);
    expect(headerOf(doc.paths['/api/home/billing/'].post)).toBe(true);
    expect(headerOf(doc.paths['/api/home/notes/'].post)).toBe(true);
    expect(headerOf(doc.paths['/api/home/request/{id}/'].post)).toBe(false);
  });
});
