import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { billings, companies, patients, requests, users } from '../db/schema';
import type { Auth } from './index';

/**
 * Which rows a caller may see, as SQL conditions to AND into every query (never filtered afterwards).
 * docs/decisions/008-who-sees-which-requests.md explains the rules.
 */

/** Requests: internal staff all; other internal users those they claimed; firm staff their firm's;
 *  other firm users their firm's requests where they are the main contact or the requester.
 *  A deleted request that had work on it stays as a row (active = false) and nobody sees it any more. */
export function visibleRequests(auth: Auth): SQL {
  // A bare column (not `= $1`) so the planner can use the partial indexes on active requests.
  return and(sql`${requests.active}`, requestsInReach(auth))!;
}

function requestsInReach(auth: Auth): SQL {
  if (auth.isInternal) return auth.isStaff ? sql`true` : eq(requests.workingOnId, auth.userId);
  const ownFirm = eq(requests.companyId, auth.companyId);
  if (auth.isStaff) return ownFirm;
  return and(ownFirm, or(eq(requests.userId, auth.userId), eq(requests.requesterId, auth.userId)))!;
}

/**
 * Clients (patients): internal staff all; other internal users the clients of requests they claimed
 * (the same rule as their requests, so a claim is what opens a client and its HIPAA form to them);
 * firm users their own firm's.
 */
export function visiblePatients(auth: Auth): SQL {
  if (!auth.isInternal) return eq(patients.companyId, auth.companyId);
  if (auth.isStaff) return sql`true`;
  return sql`exists (select 1 from ${requests} where ${requests.patientId} = ${patients.id} and ${requests.workingOnId} = ${auth.userId} and ${requests.active})`;
}

/**
 * Companies whose own documents (the law-firm release form) a caller may open: internal staff every
 * firm's; other internal users the firms of requests they claimed; firm users their own firm's.
 */
export function visibleCompanyDocuments(auth: Auth): SQL {
  if (!auth.isInternal) return eq(companies.id, auth.companyId);
  if (auth.isStaff) return sql`true`;
  return sql`exists (select 1 from ${requests} where ${requests.companyId} = ${companies.id} and ${requests.workingOnId} = ${auth.userId} and ${requests.active})`;
}

/** Billings: internal users every firm's (their abilities decide further), firm users their own firm's. */
export function visibleBillings(auth: Auth): SQL {
  return auth.isInternal ? sql`true` : eq(billings.companyId, auth.companyId);
}

/** Users: internal users every company's, firm users their own firm's (what 'company.reach' allows). */
export function reachableUsers(auth: Auth): SQL {
  return auth.isInternal ? sql`true` : eq(users.companyId, auth.companyId);
}

/**
 * The caller's own firm on any tenant table's `company_id`, for a law-firm caller; nothing for an internal
 * user, whose reach crosses firms (the visible* scopes above still decide what they see). AND it in beside
 * the scope that decides visibility, so a firm's every statement names its firm (docs/scale.md).
 */
export function ownFirm(auth: Auth, companyId: AnyPgColumn): SQL | undefined {
  return auth.isInternal ? undefined : eq(companyId, auth.companyId);
}

/** A join between two tenant tables keeps to one firm: ON … AND sameFirm(child.companyId, parent.companyId). */
export function sameFirm(a: AnyPgColumn, b: AnyPgColumn): SQL {
  return eq(a, b);
}

/**
 * One request by id with no tenant scope, for internal-staff code only (claiming, splitting, the
 * requisition, staff work: their routes admit internal staff alone, who reach every firm). A deleted
 * request (active = false) is left out all the same: nobody acts on it any more.
 */
export function unsafeActiveRequestById(id: number): SQL {
  return and(eq(requests.id, id), sql`${requests.active}`)!;
}
