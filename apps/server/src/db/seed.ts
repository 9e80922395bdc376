import { DEMO_PASSWORD } from '@dd/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { DataCipher } from '../lib/crypto';
import type { Db } from './client';
import { companies, notes, requests } from './schema';
import { insertBilling } from './seed/billing';
import { setDemoDeadlines } from './seed/deadlines';
import { type InsertedRequest, insertDocuments, writePatientForms } from './seed/documents';
import { insertDemoFeeApprovals } from './seed/fee-approvals';
import { insertDemoFollowUps } from './seed/follow-ups';
import { insertDemoForms } from './seed/forms';
import { insertDemoOutcomes } from './seed/outcomes';
import { insertPatients } from './seed/patients';
import { insertOrganizations } from './seed/people';
import { insertProviders } from './seed/providers';
import { createRandom } from './seed/random';
import { insertReferenceData } from './seed/reference';
import { insertRequestTypeChoices, planRequests } from './seed/requests';

/**
 * Demo data for a fresh database: the internal company with staff, two law firms with users, clients,
 * providers, ~200 requests in every status with notes, claims, reminders, follow-ups to providers, files
 * (real PDFs), invoices,
 * billings and two PDF forms with their fields mapped. Runs only when no company exists, in one
 * transaction; the same on every run apart from dates, which are relative to now.
 */
export interface SeedOptions {
  cipher: DataCipher;
  internalCompanyId: number;
  /** Root of the local file storage; PDFs go under provider-records/, supporting-documents/, hipaa-forms/. */
  filesDir: string;
}

const SEED_LOCK = 7_420_001;

export async function seedDemoData(db: Db, options: SeedOptions): Promise<{ seeded: boolean }> {
  if (await hasCompany(db)) return { seeded: false };
  // One hash for every demo user: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const rng = createRandom(20_250_101);

  return db.transaction(async (tx) => {
    // Two instances starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasCompany(tx)) return { seeded: false };

    const org = await insertOrganizations(tx, { internalCompanyId: options.internalCompanyId, passwordHash });
    await insertReferenceData(tx, now);
    const patients = await insertPatients(tx, rng, org.firms, options.cipher);
    const providers = await insertProviders(tx);

    const plans = planRequests(rng, now, { org, patients, providers });
    const rows = await tx
      .insert(requests)
      .values(plans.map((p) => p.values))
      .returning({ id: requests.id, internalNumber: requests.internalNumber, createdAt: requests.createdAt });
    // PostgreSQL returns the rows in VALUES order; check rather than assume.
    const inserted: InsertedRequest[] = rows.map(({ id, internalNumber, createdAt }, i) => {
      if (createdAt.getTime() !== plans[i].values.createdAt!.getTime())
        throw new Error('Seed rows out of order');
      return { id, internalNumber, plan: plans[i] };
    });
    await insertRequestTypeChoices(tx, inserted);

    const noteRows = inserted.flatMap(({ id, plan }) =>
      plan.timeline.notes.map((n) => ({
        text: n.text,
        updateStatus: n.updateStatus,
        previousStatus: n.previousStatus,
        userId: n.by === 'firm' ? plan.paralegal.id : plan.worker.id,
        requestId: id,
        companyId: plan.firm.id,
        reminderDate: n.reminderDate,
        createdAt: n.createdAt,
      })),
    );
    for (let i = 0; i < noteRows.length; i += 1000)
      await tx.insert(notes).values(noteRows.slice(i, i + 1000));
    await setDemoDeadlines(tx, inserted);
    await insertDemoFollowUps(tx, inserted, now);
    await insertDemoFeeApprovals(tx, inserted);
    await insertDemoOutcomes(tx, inserted, now);

    await insertDocuments(tx, rng, now, inserted, options.filesDir);
    await writePatientForms(options.filesDir, patients, now);
    await insertBilling(tx, now, org.firms, inserted);
    await insertDemoForms(tx, options.filesDir, { providers, firms: org.firms });
    return { seeded: true };
  });
}

async function hasCompany(db: Pick<Db, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length > 0;
}
