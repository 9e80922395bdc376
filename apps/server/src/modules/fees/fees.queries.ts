import type { Cents } from '@dd/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { sameFirm, unsafeActiveRequestById, visibleRequests } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import {
  batesRanges,
  companies,
  feeApprovals,
  files,
  patients,
  providers,
  requests,
  users,
} from '../../db/schema';
import type { LockedRequest } from '../notes/notes.context';
import { lockRequestForChange } from '../notes/notes.context.queries';
import type { RequestKey } from '../requests/requests.ref';

/** The statements of fees: the firm's approvals, its limit, and what a charge is checked with. */
export type FeeApprovalRow = typeof feeApprovals.$inferSelect;
type NewFeeApproval = typeof feeApprovals.$inferInsert;

const approvalColumns = {
  row: feeApprovals,
  decidedBy: users.fullName,
};

/** The firm of the request if the caller may see it. */
export async function visibleRequestFirm(db: DbOrTx, auth: Auth, requestId: number) {
  const [visible] = await db
    .select({ companyId: requests.companyId })
    .from(requests)
    .where(and(eq(requests.id, requestId), visibleRequests(auth)));
  return visible;
}

/** The request's fee approvals with who decided each, newest first. */
export async function feeApprovalsOf(db: DbOrTx, request: { id: number; companyId: number }) {
  return db
    .select(approvalColumns)
    .from(feeApprovals)
    .leftJoin(
      users,
      and(eq(users.id, feeApprovals.decidedById), sameFirm(users.companyId, feeApprovals.companyId)),
    )
    .where(and(eq(feeApprovals.requestId, request.id), eq(feeApprovals.companyId, request.companyId)))
    .orderBy(desc(feeApprovals.askedAt), desc(feeApprovals.id));
}

/** Locks one approval of the request (FOR UPDATE); undefined when the request has no such approval. */
export async function lockFeeApproval(
  tx: Tx,
  approvalId: number,
  request: { id: number; companyId: number },
): Promise<FeeApprovalRow | undefined> {
  const [approval] = await tx
    .select()
    .from(feeApprovals)
    .where(
      and(
        eq(feeApprovals.id, approvalId),
        eq(feeApprovals.requestId, request.id),
        eq(feeApprovals.companyId, request.companyId),
      ),
    )
    .for('update');
  return approval;
}

/** Writes the firm's answer on the approval. */
export async function decideFeeApproval(
  tx: Tx,
  approval: FeeApprovalRow,
  decision: Pick<NewFeeApproval, 'state' | 'decidedById' | 'decidedAt' | 'declineAction' | 'declineReason'>,
): Promise<void> {
  await tx
    .update(feeApprovals)
    .set(decision)
    .where(and(eq(feeApprovals.id, approval.id), eq(feeApprovals.companyId, approval.companyId)));
}

/** The request's status, recorded provider cost, firm and the firm's auto-approve limit. */
export async function feeLimitFacts(tx: Tx, requestId: number) {
  const [r] = await tx
    .select({
      status: requests.status,
      charged: requests.providerCost,
      companyId: requests.companyId,
      limit: companies.autoApproveLimit,
    })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(eq(requests.id, requestId));
  return r;
}

/** The request's newest fee approval. */
export async function latestFeeApproval(tx: Tx, requestId: number): Promise<FeeApprovalRow | undefined> {
  const [latest] = await tx
    .select()
    .from(feeApprovals)
    .where(eq(feeApprovals.requestId, requestId))
    .orderBy(desc(feeApprovals.askedAt), desc(feeApprovals.id))
    .limit(1);
  return latest;
}

/** Locks and loads the request (already found by the caller in this transaction) for a change. */
export function lockRequestByIdForChange(tx: Tx, requestId: number): Promise<LockedRequest | undefined> {
  return lockRequestForChange(tx, eq(requests.id, requestId));
}

/** The pending approval asks about a new fee. */
export async function reaskFeeApproval(
  tx: Tx,
  approvalId: number,
  ask: Pick<NewFeeApproval, 'kind' | 'amount' | 'feeCheck' | 'askedAt' | 'askedById'>,
): Promise<void> {
  await tx.update(feeApprovals).set(ask).where(eq(feeApprovals.id, approvalId));
}

export async function insertFeeApproval(tx: Tx, approval: NewFeeApproval): Promise<void> {
  await tx.insert(feeApprovals).values(approval);
}

/** The request's recorded provider cost. */
export async function providerCostOf(tx: Tx, request: RequestKey): Promise<Cents | undefined> {
  const [r] = await tx
    .select({ charged: requests.providerCost })
    .from(requests)
    .where(and(eq(requests.id, request.id), eq(requests.companyId, request.companyId)));
  return r?.charged;
}

export async function setProviderCost(tx: Tx, request: RequestKey, amount: Cents): Promise<void> {
  await tx
    .update(requests)
    .set({ providerCost: amount })
    .where(and(eq(requests.id, request.id), eq(requests.companyId, request.companyId)));
}

/** Locks the active request of any firm (FOR UPDATE of its row) with its status, firm and the firm's limit. */
export async function unsafeLockRequestWithLimit(tx: Tx, requestId: number) {
  const [request] = await tx
    .select({ status: requests.status, limit: companies.autoApproveLimit, companyId: requests.companyId })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(unsafeActiveRequestById(requestId))
    .for('update', { of: requests });
  return request;
}

/** What a request's provider charge is checked with: the charge as recorded, the provider, client and firm. */
export async function feeCheckFacts(db: DbOrTx, requestId: number) {
  const [r] = await db
    .select({
      charged: requests.providerCost,
      pages: requests.providerPages,
      medium: requests.providerMedium,
      clericalMinutes: requests.providerClericalMinutes,
      postage: requests.providerPostage,
      basis: requests.legalBasis,
      orderedAt: requests.createdAt,
      internalNumber: requests.internalNumber,
      provider: providers.name,
      state: providers.state,
      kind: providers.kind,
      client: patients.fullName,
      firm: companies.name,
    })
    .from(requests)
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(eq(requests.id, requestId));
  return r;
}

/**
 * How many pages the firm received: the Bates ranges numbered on the request's delivered files (one
 * number per page). The pages billed should match; the screen flags a difference.
 */
export async function deliveredPages(db: DbOrTx, requestId: number): Promise<number | null> {
  const [row] = await db
    .select({
      pages: sql<number | null>`sum(${batesRanges.lastNumber} - ${batesRanges.firstNumber} + 1)::int`,
    })
    .from(batesRanges)
    .innerJoin(files, eq(files.id, batesRanges.fileId))
    .where(and(eq(files.requestId, requestId), eq(files.archived, false)));
  return row?.pages ?? null;
}
