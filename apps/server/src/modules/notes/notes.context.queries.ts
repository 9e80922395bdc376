import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Auth } from '../../authz';
import { sameFirm, unsafeActiveRequestById, visibleRequests } from '../../authz/scopes';
import type { Tx } from '../../db/client';
import { companies, patients, providers, requests, userDirectory } from '../../db/schema';
import type { LockedRequest } from './notes.context';

/**
 * Locking a request for a change with what the staff e-mails name (notes.context.ts). The people are read
 * from the user directory: a requester may be the retrieval company's own staff, of another firm.
 */
const mainContact = alias(userDirectory, 'main_contact');
const requester = alias(userDirectory, 'requester_user');

/** Locks and loads one request matching `where` (which the caller scopes), or undefined. */
export async function lockRequestForChange(tx: Tx, where: SQL): Promise<LockedRequest | undefined> {
  const [row] = await tx
    .select({
      id: requests.id,
      status: requests.status,
      internalNumber: requests.internalNumber,
      patientId: requests.patientId,
      companyId: requests.companyId,
      firmName: companies.name,
      clientName: patients.fullName,
      providerName: providers.name,
      mainContactName: mainContact.fullName,
      mainContactEmail: mainContact.email,
      requesterName: requester.fullName,
      requesterEmail: requester.email,
    })
    .from(requests)
    .innerJoin(
      patients,
      and(eq(patients.id, requests.patientId), sameFirm(patients.companyId, requests.companyId)),
    )
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .leftJoin(mainContact, and(eq(mainContact.userId, requests.userId), eq(mainContact.isActive, true)))
    .leftJoin(requester, and(eq(requester.userId, requests.requesterId), eq(requester.isActive, true)))
    .where(where)
    .for('update', { of: requests });
  if (!row) return undefined;
  const person = (name: string | null, email: string | null) =>
    email ? { name: name || email, email } : null;
  return {
    id: row.id,
    status: row.status,
    internalNumber: row.internalNumber,
    patientId: row.patientId,
    companyId: row.companyId,
    firmName: row.firmName,
    clientName: row.clientName,
    providerName: row.providerName,
    mainContact: person(row.mainContactName, row.mainContactEmail),
    requester: person(row.requesterName, row.requesterEmail),
  };
}

/** Locks and loads the active request `id` if the caller may see it, or undefined. */
export function lockVisibleRequest(tx: Tx, auth: Auth, id: number): Promise<LockedRequest | undefined> {
  return lockRequestForChange(tx, and(eq(requests.id, id), visibleRequests(auth))!);
}

/** Locks and loads the active request `id` of any firm (internal-staff work and chores), or undefined. */
export function unsafeLockActiveRequest(tx: Tx, id: number): Promise<LockedRequest | undefined> {
  return lockRequestForChange(tx, unsafeActiveRequestById(id));
}
