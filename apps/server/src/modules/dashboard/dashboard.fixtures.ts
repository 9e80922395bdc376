import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  createCompany,
  createFile,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import type { AppDeps } from '../../app-types';
import { users } from '../../db/schema';

/**
 * A firm for the dashboard tests: staff, two paralegals and three requests whose every sortable value
 * differs, so each sort key gives its own order. Ages are set an hour past whole days to avoid edges.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (days: number) => new Date(Date.now() - days * DAY - HOUR);

export async function dashboardFirm(deps: AppDeps) {
  const { db } = deps;
  const company = await createCompany(db);
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const paralegal = await signedIn(deps, { companyId: company.id });
  const other = await signedIn(deps, { companyId: company.id });
  const rename = (id: number, firstName: string, lastName: string) =>
    db.update(users).set({ firstName, lastName }).where(eq(users.id, id));
  await rename(staff.user.id, 'Bob', 'Brown');
  await rename(paralegal.user.id, 'Carl', 'Clark');
  await rename(other.user.id, 'Alice', 'Adams');

  const tag = randomUUID().slice(0, 6);
  const [mia, zed, amy] = await Promise.all([
    createPatient(db, company.id, { firstName: 'Mia', lastName: `Moon ${tag}` }),
    createPatient(db, company.id, { firstName: 'Zed', lastName: `Zulu ${tag}` }),
    createPatient(db, company.id, { firstName: 'Amy', lastName: `Apple ${tag}` }),
  ]);
  const [provA, provC, provB] = await Promise.all([
    createProvider(db, { name: `A Clinic ${tag}` }),
    createProvider(db, { name: `C Hospital ${tag}` }),
    createProvider(db, { name: `B Imaging ${tag}` }),
  ]);
  const n = randomInt(200_000, 899_999);

  const r1 = await createRequest(db, {
    companyId: company.id,
    patientId: mia.id,
    providerId: provA.id,
    userId: paralegal.user.id,
    requesterId: paralegal.user.id,
    internalNumber: String(n + 5),
    createdAt: ago(10),
    startDate: '2021-03-01',
    endDate: '2021-03-01',
    types: ['Pathology'],
    status: 'Completed - Documents Arrived',
    receivedDocumentAt: new Date(ago(10).getTime() + 8 * DAY + HOUR),
    firstDownloadedAt: new Date(ago(10).getTime() + 11 * DAY + 2 * HOUR),
  });
  const r2 = await createRequest(db, {
    companyId: company.id,
    patientId: zed.id,
    providerId: provC.id,
    userId: other.user.id,
    requesterId: paralegal.user.id,
    internalNumber: `${n}-2`,
    createdAt: ago(5),
    startDate: '2020-01-01',
    endDate: '2020-01-01',
    types: ['Billing Records'],
    status: 'In Contact With Provider',
    receivedDocumentAt: new Date(ago(5).getTime() + DAY + HOUR),
  });
  const r3 = await createRequest(db, {
    companyId: company.id,
    patientId: amy.id,
    providerId: provB.id,
    userId: staff.user.id,
    requesterId: staff.user.id,
    internalNumber: String(n * 10),
    createdAt: ago(1),
    startDate: '2022-05-05',
    endDate: '2022-05-05',
    types: ['Radiology Images'],
    status: 'Need Assistance',
  });
  return { company, staff, paralegal, other, patients: { mia, zed, amy }, r1, r2, r3 };
}

export type DashboardFirm = Awaited<ReturnType<typeof dashboardFirm>>;

/** Files of a request in every state the download lists care about. */
export async function filesInEveryState(deps: AppDeps, requestId: number, verifierId: number) {
  const { db } = deps;
  return {
    ready: await createFile(db, requestId, { name: 'ready.pdf', verifiedById: verifierId }),
    unverified: await createFile(db, requestId, { name: 'unverified.pdf' }),
    archived: await createFile(db, requestId, {
      name: 'archived.pdf',
      verifiedById: verifierId,
      archived: true,
    }),
    supporting: await createFile(db, requestId, {
      name: 'supporting.pdf',
      verifiedById: verifierId,
      supportingFile: true,
    }),
  };
}
