import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_LOGINS, DEMO_PASSWORD, isBusinessDay, REQUEST_STATUSES, STATUS } from '@dd/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { createDataCipher } from '../lib/crypto';
import { type Database, openDatabase } from './client';
import {
  companies,
  feeApprovals,
  files,
  followUps,
  notes,
  patients,
  pdfFormMappings,
  pdfFormPages,
  pdfForms,
  providers,
  requests,
  users,
} from './schema';
import { seedDemoData } from './seed';

describe('seedDemoData', () => {
  let database: Database;
  let filesDir: string;
  const cipher = createDataCipher(randomBytes(32));
  const internalCompanyId = 1;

  beforeAll(async () => {
    // From the suite's migrated template when there is one: migrating an empty database takes seconds more.
    const template = process.env.DD_PGLITE_TEMPLATE;
    database = await openDatabase({ template: template ? new Blob([readFileSync(template)]) : undefined });
    filesDir = await mkdtemp(path.join(tmpdir(), 'dd-seed-'));
    const result = await seedDemoData(database.db, { cipher, internalCompanyId, filesDir });
    expect(result).toEqual({ seeded: true });
  });

  afterAll(async () => {
    await database?.close();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  it('creates the demo logins with the right company, staff and admin flags', async () => {
    const rows = await database.db
      .select({
        email: users.email,
        isStaff: users.isStaff,
        isAdminUser: users.isAdminUser,
        companyId: users.companyId,
        company: companies.name,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(
        inArray(
          users.email,
          DEMO_LOGINS.map((l) => l.email),
        ),
      );
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(Object.keys(byEmail).sort()).toEqual(DEMO_LOGINS.map((l) => l.email).sort());

    expect(byEmail['admin@directdocs.example']).toMatchObject({
      companyId: internalCompanyId,
      isStaff: true,
      isAdminUser: true,
    });
    expect(byEmail['staff@directdocs.example']).toMatchObject({
      companyId: internalCompanyId,
      isStaff: true,
      isAdminUser: false,
    });
    expect(byEmail['attorney@smithlaw.example']).toMatchObject({
      company: 'Smith Law Group',
      isStaff: true,
      isAdminUser: false,
    });
    expect(byEmail['paralegal@smithlaw.example']).toMatchObject({
      company: 'Smith Law Group',
      isStaff: false,
    });
    expect(byEmail['paralegal@jonesinjury.example']).toMatchObject({
      company: 'Jones Injury Attorneys',
      isStaff: false,
    });
    for (const row of rows) expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('adds a provider form and a law firm form, each with its page image and a field on every line', async () => {
    const forms = await database.db.select().from(pdfForms).orderBy(pdfForms.kind);
    expect(forms.map((f) => [f.kind, f.name])).toEqual([
      ['company', 'Authorization to Obtain Medical Records'],
      ['provider', 'Request for Release of Medical Records'],
    ]);
    for (const form of forms) {
      const [page] = await database.db.select().from(pdfFormPages).where(eq(pdfFormPages.formId, form.id));
      expect((await stat(path.join(filesDir, page.imageUrl))).size).toBeGreaterThan(10_000);
      const mapped = await database.db
        .select()
        .from(pdfFormMappings)
        .where(eq(pdfFormMappings.formId, form.id));
      expect(mapped.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('puts requests in every status, scoped to the patient company', async () => {
    const statuses = await database.db.selectDistinct({ status: requests.status }).from(requests);
    expect(statuses.map((s) => s.status).sort()).toEqual([...REQUEST_STATUSES].sort());
    const [mismatch] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(requests)
      .innerJoin(patients, eq(patients.id, requests.patientId))
      .where(sql`${patients.companyId} <> ${requests.companyId}`);
    expect(mismatch.n).toBe(0);
  });

  it('asks the Jones firm about two charges above its limit the way the app does: status, note and pending approval', async () => {
    const waiting = await database.db
      .select({ id: requests.id, status: requests.status, due: requests.dueDate, state: feeApprovals.state })
      .from(feeApprovals)
      .innerJoin(requests, eq(requests.id, feeApprovals.requestId))
      .innerJoin(companies, eq(companies.id, requests.companyId))
      .where(eq(companies.name, 'Jones Injury Attorneys'));
    expect(waiting).toHaveLength(2);
    for (const w of waiting) {
      expect(w).toMatchObject({ status: STATUS.waitingForFeeApproval, due: null, state: 'pending' });
      const [note] = await database.db
        .select({ text: notes.text })
        .from(notes)
        .where(and(eq(notes.requestId, w.id), eq(notes.updateStatus, STATUS.waitingForFeeApproval)));
      expect(note.text).toContain("above the firm's approval limit of $100.00");
    }
  });

  it('gives every request sent to its provider a legal due date on a business day, and none to the others', async () => {
    const rows = await database.db
      .select({
        status: requests.status,
        due: requests.dueDate,
        rule: requests.deadlineRule,
        basis: requests.legalBasis,
      })
      .from(requests);
    const unsent = rows.filter((r) => r.status === STATUS.requestedByLawyer);
    expect(unsent.length).toBeGreaterThan(0);
    expect(unsent.every((r) => r.due === null && r.rule === null)).toBe(true);
    const sent = rows.filter((r) => r.status === STATUS.inContact);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.due !== null && isBusinessDay(r.due) && r.rule !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.basis))).toEqual(new Set(['patient_access', 'authorization']));
  });

  it('stores SSNs encrypted and matchable', async () => {
    const rows = await database.db.select().from(patients);
    expect(rows).toHaveLength(30);
    const withSsn = rows.filter((p) => p.ssnHash !== null);
    expect(withSsn.length).toBeGreaterThan(20);
    for (const p of withSsn) expect(cipher.match(cipher.decrypt(p.ssnEncrypted!))).toBe(p.ssnHash);
  });

  it('writes real PDFs for the seeded files', async () => {
    const [file] = await database.db.select().from(files).where(eq(files.supportingFile, false)).limit(1);
    expect(file.url).toMatch(/^provider-records\/.+\.pdf$/);
    const bytes = await readFile(path.join(filesDir, file.url));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(bytes.length).toBe(file.sizeBytes);
  });

  it('verifies the directory except one firm-added provider, whose fresh requests are new_provider', async () => {
    const rows = await database.db
      .select({
        status: requests.status,
        newProvider: requests.newProvider,
        verifiedAt: providers.verifiedAt,
      })
      .from(requests)
      .innerJoin(providers, eq(providers.id, requests.providerId));
    const flagged = rows.filter((r) => r.newProvider);
    expect(flagged.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.newProvider).toBe(r.verifiedAt === null);
    for (const r of flagged) expect(r.status).toBe('Requested By Lawyer');
    const unverified = await database.db.select().from(providers).where(isNull(providers.verifiedAt));
    expect(unverified).toHaveLength(1);
  });

  it('does nothing the second time', async () => {
    expect(await seedDemoData(database.db, { cipher, internalCompanyId, filesDir })).toEqual({
      seeded: false,
    });
  });
  it('gives the demo requests follow-ups: sent on business days, the next one planned while a request runs, none planned once it ended', async () => {
    const rows = await database.db
      .select({ row: followUps, status: requests.status })
      .from(followUps)
      .innerJoin(requests, eq(requests.id, followUps.requestId));
    expect(rows.filter((r) => r.row.status === 'sent').length).toBeGreaterThan(20);
    expect(rows.some((r) => r.row.channel === 'letter')).toBe(true);
    for (const { row } of rows) expect(isBusinessDay(row.plannedOn), row.plannedOn).toBe(true);
    const running = [STATUS.initialRequestSent, STATUS.inContact, STATUS.documentsEnRoute] as string[];
    const byRequest = new Map<number, typeof rows>();
    for (const r of rows) byRequest.set(r.row.requestId, [...(byRequest.get(r.row.requestId) ?? []), r]);
    for (const list of byRequest.values()) {
      const planned = list.filter((r) => r.row.status === 'planned').length;
      if (running.includes(list[0].status)) expect(planned).toBe(1);
      if (list[0].status.startsWith('Closed') || list[0].status.startsWith('Completed'))
        expect(planned).toBe(0);
    }
  });
});
