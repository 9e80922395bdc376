import type { DashboardInfo } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import { visibleRequests } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  clientOfCompany,
  companyIdIfAny,
  type DashboardScope,
  dashboardHeading,
  userOfCompany,
} from './dashboard.queries';

/**
 * Who may open which dashboard. Firm users reach only their own company (another one is a 404);
 * internal users reach any. Viewing the dashboard as another user (`user`) is for staff of that
 * company and internal staff; anyone may name themselves.
 */
export async function dashboardScope(
  db: DbOrTx,
  auth: Auth,
  companyId: number,
  viewAsUserId?: number,
): Promise<DashboardScope> {
  authorize(auth, 'company.reach', { companyId: companyId });
  if (viewAsUserId !== undefined) {
    authorize(auth, 'dashboard.viewAs', { userId: viewAsUserId });
    const user = await userOfCompany(db, viewAsUserId, companyId);
    if (!user) throw notFound();
  } else if (auth.isInternal && companyId !== auth.companyId) {
    const company = await companyIdIfAny(db, companyId);
    if (!company) throw notFound();
  }
  return { auth, companyId, visible: visibleRequests(auth), userId: viewAsUserId };
}

/** A client named in a query must belong to the dashboard's company. */
export async function assertClientOfCompany(db: DbOrTx, companyId: number, clientId: number): Promise<void> {
  const patient = await clientOfCompany(db, companyId, clientId);
  if (!patient) throw notFound();
}

/** The heading of a dashboard page: the company, and the user in the view-as page. */
export async function getDashboardInfo(
  db: DbOrTx,
  auth: Auth,
  companyId: number,
  viewAsUserId?: number,
): Promise<DashboardInfo> {
  await dashboardScope(db, auth, companyId, viewAsUserId);
  const { company, user } = await dashboardHeading(db, companyId, viewAsUserId);
  if (!company) throw notFound();
  return { company, user: user ?? null };
}
