import type { requests } from '../../db/schema';

/**
 * A request locked for a change (FOR UPDATE of its row, notes.context.queries.ts) with what the staff
 * e-mails name: firm, client, provider, and the active main contact and requester. Used by notes and by
 * the staff actions.
 */
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
