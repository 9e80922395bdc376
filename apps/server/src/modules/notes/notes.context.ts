import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sameFirm } from '../../authz/scopes';
import type { Tx } from '../../db/client';
import { companies, patients, providers, requests, users } from '../../db/schema';

/**
 * A request locked for a change (FOR UPDATE of its row) with what the staff e-mails name: firm, client,
 * provider, and the active main contact and requester. Used by notes and by the staff actions.
 */
const mainContact = alias(users, 'main_contact');
const requester = alias(users, 'requester_user');

export interface Recipient {
  name: string;
  email: string;
}

export interface LockedRequest {
  id: number;
  status: (typeof requests.$inferSelect)['status'];
  internalNumber: string;
  patientId: number;
  companyId: number;
  firmName: string;
  clientName: string;
  providerName: string;
  mainContact: Recipient | null;
  requester: Recipient | null;
}

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
    .leftJoin(mainContact, and(eq(mainContact.id, requests.userId), eq(mainContact.isActive, true)))
    .leftJoin(requester, and(eq(requester.id, requests.requesterId), eq(requester.isActive, true)))
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

/** The requester, or the main contact when the request has no (active) requester. */
export const requesterOrContact = (target: LockedRequest): Recipient | null =>
  target.requester ?? target.mainContact;

/** Main contact and requester, each once (by e-mail, case-insensitive). */
export function firmRecipients(target: LockedRequest): Recipient[] {
  const list = [target.mainContact, target.requester].filter((r): r is Recipient => r !== null);
  return list.filter(
    (r, i) => list.findIndex((other) => other.email.toLowerCase() === r.email.toLowerCase()) === i,
  );
}
