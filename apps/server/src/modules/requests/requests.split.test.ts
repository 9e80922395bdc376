import {
  providerMissingMessage,
  STATUS,
  splitDoneMessage,
  splitMissingProviderMessage,
  splitNoTypesMessage,
  splitTypeNotIncludedMessage,
  toCents,
} from '@dd/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  callers,
  createCompany,
  createFile,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { fileAccesses, files, invoices, notes, requests } from '../../db/schema';
import { internalStaff, post } from './requests.staff-fixtures';

/** POST /api/home/request/{id}/split/: rules, copies, internal numbers and atomicity. */
const TYPES = ['Medical Records', 'Billing Records', 'Radiology'];

async function original() {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const paralegal = await signedIn(deps, { companyId: company.id });
  const patient = await createPatient(deps.db, company.id);
  const worker = await internalStaff();
  const request = await createRequest(deps.db, {
    patientId: patient.id,
    companyId: company.id,
    userId: paralegal.user.id,
    types: TYPES,
    status: STATUS.inContact,
    rush: true,
    price: 42,
    pageFee: 5,
    providerCost: 20,
    workingOnId: worker.user.id,
    nextTodoDate: '2024-06-01',
    createdAt: new Date('2024-01-02T10:00:00Z'),
  });
  await deps.db.insert(notes).values([
    {
      text: 'Called the provider',
      requestId: request.id,
      companyId: company.id,
      userId: worker.user.id,
      reminderDate: '2024-06-01',
    },
    { text: 'Fax sent', requestId: request.id, companyId: company.id, userId: worker.user.id },
  ]);
  const file = await createFile(deps.db, request.id, { verifiedById: worker.user.id });
  await deps.db
    .insert(fileAccesses)
    .values({ action: 'DOWNLOAD', fileId: file.id, companyId: file.companyId, userId: paralegal.user.id });
  await deps.db
    .insert(invoices)
    .values({ requestId: request.id, companyId: company.id, price: toCents(42), providerCost: toCents(20) });
  const providers = await Promise.all([
    createProvider(deps.db),
    createProvider(deps.db),
    createProvider(deps.db),
  ]);
  return { request, patient, worker, file, providers };
}

const split = (id: number, headers: Record<string, string>, body: unknown) =>
  post(`/api/home/request/${id}/split/`, headers, body);

async function stillThere(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
  const noteRows = await deps.db.select().from(notes).where(eq(notes.requestId, id));
  const fileRows = await deps.db.select().from(files).where(eq(files.requestId, id));
  return { row, notes: noteRows.length, files: fileRows.length };
}

describe('splitting a request', () => {
  it('concatenates the messages in order; a missing provider cannot be overridden', async () => {
    const { request, providers } = await original();
    const staff = await internalStaff();
    const body = {
      splits: [
        { provider: null, request_types: [] },
        { provider: providers[0].id, request_types: ['Medical Records'] },
      ],
    };
    const expected = [
      splitMissingProviderMessage(1),
      splitNoTypesMessage(1),
      splitTypeNotIncludedMessage('Billing Records'),
      splitTypeNotIncludedMessage('Radiology'),
    ].join(' ');
    expect(expected).toBe(
      'Your Split in Position 1 is missing a provider. Your Split in Position 1 has no request types. Billing Records was not included in any of your splits. Radiology was not included in any of your splits.',
    );
    for (const override of [false, true]) {
      const res = await split(request.id, staff.headers, { ...body, override });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expected, details: { can_override: false } });
    }
    expect((await stillThere(request.id)).row).toBeTruthy();
  });

  it('refuses missing types unless overridden, then splits', async () => {
    const { request, providers } = await original();
    const staff = await internalStaff();
    const body = {
      splits: [
        { provider: providers[0].id, request_types: ['Medical Records'] },
        { provider: providers[1].id, request_types: [] },
      ],
    };
    const refused = await split(request.id, staff.headers, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: `${splitNoTypesMessage(2)} ${splitTypeNotIncludedMessage('Billing Records')} ${splitTypeNotIncludedMessage('Radiology')}`,
      details: { can_override: true },
    });
    const done = await split(request.id, staff.headers, { ...body, override: true });
    expect(done.statusCode).toBe(201);
    expect(done.json().count).toBe(2);
    expect(done.json().message).toBe(splitDoneMessage(2));
  });

  it('copies the original into one request per split, numbers them and deletes the original', async () => {
    const { deps } = await getContext();
    const { request, providers, file, worker, patient } = await original();
    const staff = await internalStaff();
    const res = await split(request.id, staff.headers, {
      splits: [
        { provider: providers[0].id, request_types: ['Medical Records'] },
        { provider: providers[1].id, request_types: ['Billing Records', ' Billing Records '] },
        { provider: providers[2].id, request_types: ['Radiology', 'Medical Records'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const n = request.internalNumber;
    expect(res.json().message).toBe('You just split a request into 3 providers.');
    expect(res.json().results.map((r: { internal_number: string }) => r.internal_number)).toEqual([
      n,
      `${n}-1`,
      `${n}-2`,
    ]);
    expect((await stillThere(request.id)).row).toBeUndefined();
    const ids: number[] = res.json().results.map((r: { id: number }) => r.id);
    const rows = await deps.db
      .select()
      .from(requests)
      .where(inArray(requests.id, ids))
      .orderBy(asc(requests.id));
    expect(rows.map((r) => [r.providerId, r.requestType, r.pageFee, r.providerCost])).toEqual([
      [providers[0].id, 'Medical Records', 0, 0],
      [providers[1].id, 'Billing Records', 0, 0],
      [providers[2].id, 'Radiology, Medical Records', 0, 0],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: STATUS.inContact,
        rush: true,
        price: toCents(42),
        patientId: patient.id,
        companyId: request.companyId,
        userId: request.userId,
        workingOnId: worker.user.id,
        nextTodoDate: '2024-06-01',
        startDate: request.startDate,
        endDate: request.endDate,
      });
      expect(row.createdAt.toISOString()).toBe('2024-01-02T10:00:00.000Z');
      const noteRows = await deps.db
        .select()
        .from(notes)
        .where(eq(notes.requestId, row.id))
        .orderBy(asc(notes.id));
      expect(noteRows.map((x) => [x.text, x.reminderDate])).toEqual([
        ['Called the provider', '2024-06-01'],
        ['Fax sent', null],
      ]);
      const [copy] = await deps.db.select().from(files).where(eq(files.requestId, row.id));
      expect(copy).toMatchObject({ url: file.url, name: file.name, verifiedById: worker.user.id });
      // A copy starts with no accesses: nobody downloaded it yet, and its history is not invented.
      if (copy.id !== file.id) {
        const accesses = await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, copy.id));
        expect(accesses).toHaveLength(0);
      }
    }
    // The first split keeps the original file row (and its audit trail) and the invoice line.
    const [kept] = await deps.db.select().from(files).where(eq(files.id, file.id));
    expect(kept.requestId).toBe(ids[0]);
    expect(await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, file.id))).toHaveLength(1);
    const lines = await deps.db.select().from(invoices).where(inArray(invoices.requestId, ids));
    expect(lines.map((l) => l.requestId)).toEqual([ids[0]]);
  });

  it('skips internal numbers already in use', async () => {
    const { deps } = await getContext();
    const { request, providers, patient } = await original();
    await createRequest(deps.db, {
      patientId: patient.id,
      companyId: request.companyId,
      internalNumber: `${request.internalNumber}-1`,
    });
    const staff = await internalStaff();
    const res = await split(request.id, staff.headers, {
      splits: TYPES.map((type, i) => ({ provider: providers[i].id, request_types: [type] })),
    });
    const n = request.internalNumber;
    expect(res.json().results.map((r: { internal_number: string }) => r.internal_number)).toEqual([
      n,
      `${n}-2`,
      `${n}-3`,
    ]);
  });

  it('leaves the original untouched and creates nothing when a split fails part-way', async () => {
    const { deps } = await getContext();
    const { request, providers, patient } = await original();
    const staff = await internalStaff();
    const before = await deps.db
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.patientId, patient.id));
    const res = await split(request.id, staff.headers, {
      splits: [
        { provider: providers[0].id, request_types: ['Medical Records'] },
        { provider: 999_999_999, request_types: ['Billing Records', 'Radiology'] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(providerMissingMessage(999_999_999));
    const after = await deps.db
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.patientId, patient.id));
    expect(after).toEqual(before);
    const kept = await stillThere(request.id);
    expect(kept.row).toMatchObject({
      internalNumber: request.internalNumber,
      providerId: request.providerId,
    });
    expect([kept.notes, kept.files]).toEqual([2, 1]);
  });

  it('answers 403 to all but internal staff whatever they send, 404 for a missing request, 400 for bad bodies', async () => {
    const { deps } = await getContext();
    const { request, providers } = await original();
    const who = await callers(deps);
    for (const caller of [who.firmUser, who.firmStaff, who.otherFirm, who.internalUser]) {
      for (const body of [
        { splits: [{ provider: providers[0].id, request_types: TYPES }] },
        { nonsense: 1 },
      ]) {
        expect((await split(request.id, caller.headers, body)).statusCode).toBe(403);
      }
    }
    const staff = await internalStaff();
    const good = { splits: [{ provider: providers[0].id, request_types: TYPES }] };
    expect((await split(999_999_999, staff.headers, good)).statusCode).toBe(404);
    for (const body of [
      { splits: [] },
      { splits: [{ provider: 'x', request_types: [] }] },
      { ...good, extra: 1 },
    ]) {
      expect((await split(request.id, staff.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await split(request.id, {}, good)).statusCode).toBe(401);
    expect((await stillThere(request.id)).row).toBeTruthy();
  });
});
