import {
  type Cents,
  COMPANY_MSG,
  type Company,
  type CompanyBody,
  CompanyNameSchema,
  companyInUseMessage,
  formatAmount,
  isEmailAddress,
  isValidPrice,
  toCents,
} from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize, can, companyAbilities } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { isStillReferenced } from '../../lib/constraint-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkUploadRef } from '../files/files.refs';
import { deleteFormsOfFirm } from '../pdfforms/pdfforms.queries';
import {
  type CompanyColumns,
  type CompanyRow,
  companyUsage,
  deleteCompanyRow,
  findCompany,
  insertCompany,
  lockCompany,
  lockCompanyId,
  updateCompanyRow,
} from './companies.queries';

/**
 * Company rules: who may read and change which company, the form's validation, and deletion.
 * Firm staff edit their own company's details; the price and the automatic surcharge decide what the
 * firm is charged, so only internal staff set them.
 */
export interface CompanyContext {
  internalCompanyId: number;
}

const trimmed = (value: string | null | undefined) => {
  const v = value?.trim();
  return v ? v : null;
};

export function presentCompany(row: CompanyRow, auth: Auth, ctx: CompanyContext): Company {
  return {
    id: row.id,
    name: row.name,
    admin_name: row.adminName,
    admin_email: row.adminEmail,
    admin_phone: row.adminPhone,
    admin_fax: row.adminFax,
    address_1: row.address1,
    address_2: row.address2,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    phone_number: row.phoneNumber,
    fax_number: row.faxNumber,
    request_price: formatAmount(row.requestPrice),
    release_form_url: row.releaseFormUrl,
    ...(can(auth, 'company.seeSurcharge') && { auto_surcharge: row.autoSurcharge }),
    follow_up_days: row.followUpDays,
    follow_up_every: row.followUpEvery,
    auto_approve_limit: row.autoApproveLimit === null ? null : formatAmount(row.autoApproveLimit),
    stale_after_business_days: row.staleAfterBusinessDays,
    is_internal: row.id === ctx.internalCompanyId,
    abilities: companyAbilities(auth, row.id),
  };
}

/** The company row a caller may reach; another firm's company answers 404. */
export async function reachableCompany(db: DbOrTx, auth: Auth, id: number): Promise<CompanyRow> {
  authorize(auth, 'company.reach', { companyId: id });
  const row = await findCompany(db, id);
  if (!row) throw notFound();
  return row;
}

function parsePrice(value: CompanyBody['request_price']): Cents | undefined | 'invalid' {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return isValidPrice(n) ? toCents(n) : 'invalid';
}

/** The columns to write: the body over the current row; validation messages per field. */
function columnsFrom(auth: Auth, body: CompanyBody, current?: CompanyRow): CompanyColumns {
  const errors: Record<string, string> = {};
  const pick = (key: keyof CompanyBody, stored: string | null | undefined) =>
    body[key] === undefined ? (stored ?? null) : trimmed(body[key] as string | null);
  const name = pick('name', current?.name);
  if (!name) errors.name = COMPANY_MSG.nameRequired;
  else if (name !== current?.name) {
    // A new name must be plain text: invitations and e-mails quote it, so it must not carry a link.
    const checked = CompanyNameSchema.safeParse(name);
    if (!checked.success) errors.name = checked.error.issues[0].message;
  }
  const adminEmail = pick('admin_email', current?.adminEmail);
  if (adminEmail && !isEmailAddress(adminEmail)) errors.admin_email = COMPANY_MSG.invalidEmail;
  const price = parsePrice(body.request_price);
  if (price === 'invalid') errors.request_price = COMPANY_MSG.invalidPrice;
  const releaseFormUrl = pick('release_form_url', current?.releaseFormUrl);
  const urlError = checkUploadRef(auth, releaseFormUrl, [current?.releaseFormUrl], 'company-forms');
  if (urlError) errors.release_form_url = urlError;
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);

  const requestPrice = price === undefined || price === 'invalid' ? current?.requestPrice : price;
  const autoSurcharge = body.auto_surcharge ?? current?.autoSurcharge;
  const priceChanged = requestPrice !== undefined && requestPrice !== (current?.requestPrice ?? requestPrice);
  const surchargeChanged = autoSurcharge !== undefined && autoSurcharge !== (current?.autoSurcharge ?? false);
  if (priceChanged || surchargeChanged) authorize(auth, 'company.editPricing');
  return {
    name: name as string,
    adminName: pick('admin_name', current?.adminName),
    adminEmail,
    adminPhone: pick('admin_phone', current?.adminPhone),
    adminFax: pick('admin_fax', current?.adminFax),
    address1: pick('address_1', current?.address1),
    address2: pick('address_2', current?.address2),
    city: pick('city', current?.city),
    state: pick('state', current?.state),
    zipCode: pick('zip_code', current?.zipCode),
    phoneNumber: pick('phone_number', current?.phoneNumber),
    faxNumber: pick('fax_number', current?.faxNumber),
    releaseFormUrl,
    // The follow-up cadence applies to schedules made from now on (a first send), not to planned ones.
    ...(body.follow_up_days && { followUpDays: body.follow_up_days }),
    ...(body.follow_up_every && { followUpEvery: body.follow_up_every }),
    ...(requestPrice !== undefined && { requestPrice }),
    ...(autoSurcharge !== undefined && { autoSurcharge }),
    // Left out, the limit stays; sent empty, the firm approves no charge by hand.
    ...(body.auto_approve_limit !== undefined && {
      autoApproveLimit: body.auto_approve_limit === null ? null : toCents(body.auto_approve_limit),
    }),
    ...(body.stale_after_business_days && { staleAfterBusinessDays: body.stale_after_business_days }),
  };
}

/** Internal staff open a new law firm; the price defaults to the base price (35). */
export async function createCompany(db: Db, auth: Auth, body: CompanyBody): Promise<CompanyRow> {
  return insertCompany(db, columnsFrom(auth, body));
}

export async function updateCompany(db: Db, auth: Auth, id: number, body: CompanyBody): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    authorize(auth, 'company.manage', { companyId: id });
    const current = await lockCompany(tx, id);
    if (!current) throw notFound();
    return updateCompanyRow(tx, id, columnsFrom(auth, body, current));
  });
}

/**
 * Deletes an empty law firm. A company with users or clients is refused (its requests, files and
 * invoices hang off those), and the retrieval company itself is never deleted.
 */
export async function deleteCompany(db: Db, id: number, ctx: CompanyContext): Promise<void> {
  if (id === ctx.internalCompanyId) throw conflict(COMPANY_MSG.internalCompany);
  await db.transaction(async (tx) => {
    const current = await lockCompanyId(tx, id);
    if (!current) throw notFound();
    const usage = await companyUsage(tx, id);
    if (usage.users > 0 || usage.clients > 0) throw conflict(companyInUseMessage(usage.users, usage.clients));
    try {
      await deleteFormsOfFirm(tx, id);
      await deleteCompanyRow(tx, id);
    } catch (error) {
      // Billings or other records still point at it.
      if (isStillReferenced(error)) throw conflict(COMPANY_MSG.hasRecords);
      throw error;
    }
  });
}
