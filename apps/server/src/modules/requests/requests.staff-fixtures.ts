import { STATUS } from '@dd/shared';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';

/** Test set-up for the staff suites: internal staff, and a firm with named people, clients and requests. */
export async function internalStaff(options: { permissions?: string[]; isAdminUser?: boolean } = {}) {
  const { deps } = await getContext();
  return signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true, ...options });
}

export async function staffFirm() {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const firmStaff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const paralegal = await signedIn(deps, { companyId: company.id });
  const alice = await createPatient(deps.db, company.id, { firstName: 'Alice', lastName: 'Zimmer' });
  const bob = await createPatient(deps.db, company.id, { firstName: 'Bob', lastName: 'Adams' });
  const mercy = await createProvider(deps.db, { name: `Mercy Hospital ${company.id}` });
  const lab = await createProvider(deps.db, { name: `Valley Lab ${company.id}` });
  const base = { companyId: company.id, userId: paralegal.user.id };
  const r1 = await createRequest(deps.db, {
    ...base,
    patientId: alice.id,
    providerId: mercy.id,
    requesterId: firmStaff.user.id,
    nextTodoDate: '2024-03-01',
    createdAt: new Date('2024-01-01T12:00:00Z'),
    types: ['Medical Records', 'Billing Records'],
  });
  const r2 = await createRequest(deps.db, {
    ...base,
    patientId: bob.id,
    providerId: lab.id,
    rush: true,
    nextTodoDate: '2024-05-01',
    status: STATUS.completedArrived,
    completedDate: new Date('2024-04-10T15:00:00Z'),
    createdAt: new Date('2024-02-01T12:00:00Z'),
    types: ['Radiology'],
  });
  const r3 = await createRequest(deps.db, {
    ...base,
    patientId: bob.id,
    providerId: mercy.id,
    status: STATUS.cancelled,
    closedDate: new Date('2024-04-20T15:00:00Z'),
    createdAt: new Date('2024-03-01T12:00:00Z'),
  });
  return { company, firmStaff, paralegal, alice, bob, mercy, lab, requests: [r1, r2, r3] as const };
}

export async function post(url: string, headers: Record<string, string>, payload: unknown) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url, headers, payload: payload as object });
}

export async function get(url: string, headers: Record<string, string>) {
  const { app } = await getContext();
  return app.inject({ url, headers });
}
