import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { patients, requests } from '../db/schema';
import type { Auth } from './index';

/**
 * Which rows a caller may see, as SQL conditions to AND into every query (never filtered afterwards).
 * docs/decisions/008-who-sees-which-requests.md explains the rules.
 */

/** Requests: internal staff all; other internal users those they claimed; firm staff their firm's;
 *  other firm users their firm's requests where they are the main contact or the requester. */
export function visibleRequests(auth: Auth): SQL {
  if (auth.isInternal) return auth.isStaff ? sql`true` : eq(requests.workingOnId, auth.userId);
  const ownFirm = eq(requests.companyId, auth.companyId);
  if (auth.isStaff) return ownFirm;
  return and(ownFirm, or(eq(requests.userId, auth.userId), eq(requests.requesterId, auth.userId)))!;
}

/** Clients (patients): internal users all; firm users their own firm's. */
export function visiblePatients(auth: Auth): SQL {
  return auth.isInternal ? sql`true` : eq(patients.companyId, auth.companyId);
}
