import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { formatDate, PDF_FORM_MSG, type PdfFormKind, SSN_FIELD, todayIn } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { notFound } from '../../lib/errors';
import { signedFileUrl } from '../files/files.download';
import { sanitizeFileName } from '../files/files.upload';
import { pdfPool } from './pdf-pool';
import { formMappings, formPages, newestFormOf, requestWithParties } from './pdfforms.queries';
import { readStored } from './pdfforms.render';

/**
 * GET /writeDataToPDF/{request_id}/company/ and /provider/: the law firm's or the provider's
 * newest form filled with the request's data at its mapped positions, stored as the caller's own file
 * and answered with a link that opens it. Dates are mm/dd/yyyy, in the caller's time zone for moments.
 */

type Values = Record<string, string | null | undefined>;

async function requestValues(deps: AppDeps, auth: Auth, requestId: number) {
  const row = await requestWithParties(deps.db, requestId);
  if (!row?.request.active) throw notFound();
  const { request: r, patient: p, provider: v, company: c } = row;
  const inZone = (moment: Date) => formatDate(todayIn(auth.timezone, moment));
  const address = (o: {
    address1: string | null;
    address2: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
  }) => ({
    address_1: o.address1,
    address_2: o.address2,
    city: o.city,
    state: o.state,
    zip_code: o.zipCode,
  });
  const prefixed = (model: string, values: Values) =>
    Object.fromEntries(Object.entries(values).map(([k, value]) => [`${model}.${k}`, value]));
  const values: Values = {
    ...prefixed('Patient', {
      first_name: p.firstName,
      last_name: p.lastName,
      full_name: p.fullName,
      maiden_name: p.maidenName,
      date_of_birth: formatDate(p.dateOfBirth),
      ...address(p),
      email: p.email,
      phone_number: p.phoneNumber,
      fax_number: p.faxNumber,
    }),
    ...prefixed('Request', {
      internal_number: r.internalNumber,
      request_type: r.requestType,
      start_date: formatDate(r.startDate),
      end_date: formatDate(r.endDate),
      special_instructions: r.specialInstructions,
      attorney_name: r.attorneyName,
      created_at: inZone(r.createdAt),
      today: inZone(new Date()),
    }),
    ...prefixed(
      'Provider',
      v ? { name: v.name, email: v.email, phone: v.phone, fax: v.fax, ...address(v) } : {},
    ),
    ...prefixed('Company', {
      name: c.name,
      admin_name: c.adminName,
      admin_email: c.adminEmail,
      admin_phone: c.adminPhone,
      admin_fax: c.adminFax,
      ...address(c),
      phone_number: c.phoneNumber,
      fax_number: c.faxNumber,
    }),
  };
  return {
    values,
    ssn: p.ssnEncrypted,
    companyId: r.companyId,
    providerId: r.providerId,
    client: p.fullName,
  };
}

export async function writeDataToPdf(deps: AppDeps, auth: Auth, requestId: number, kind: PdfFormKind) {
  const data = await requestValues(deps, auth, requestId);
  const form = await newestFormOf(deps.db, kind, data);
  if (!form) throw notFound(PDF_FORM_MSG.noForm);
  const [pages, mappings] = await Promise.all([formPages(deps.db, form.id), formMappings(deps.db, form.id)]);
  const pageNumber = new Map(pages.map((p) => [p.id, p.pageNumber]));
  const text = (name: string) => {
    if (name === SSN_FIELD) return form.includeSsn && data.ssn ? deps.cipher.decrypt(data.ssn) : '';
    return data.values[name] ?? '';
  };
  const byName = Object.fromEntries(
    [...Object.keys(data.values), SSN_FIELD].map((name) => [name, text(name)]),
  );
  const filled = await pdfPool().fill(
    await readStored(deps, form.url),
    mappings.map((m) => ({
      name: m.name,
      pageNumber: pageNumber.get(m.pageId) ?? 0,
      x: m.positionX,
      y: m.positionY,
      text: text(m.name),
    })),
    byName,
  );
  const name = `${form.name} - ${data.client}.pdf`;
  const key = `${kind === 'company' ? 'company-forms' : 'provider-forms'}/u${auth.userId}/${randomUUID()}-${sanitizeFileName(name)}`;
  await deps.storage.put(key, Readable.from([Buffer.from(filled)]), { contentType: 'application/pdf' });
  return { url: signedFileUrl(deps, auth, key, { name }, { inline: true }), name };
}
