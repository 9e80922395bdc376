import { type FirstSend, formatDate } from '@dd/shared';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { listChosenTypes } from '../requests/requests.types.queries';
import { unsafeFirstSendFacts, userName } from './staffwork.queries';

/**
 * The first e-mail to the provider (staff spec: first-send view): a formal records request letter with
 * the client, date of birth, dates of service, record types, the firm and the special instructions, and
 * the documents to attach (storage keys the web downloads through POST /getFileUrl/).
 */
/**
 * Staff must confirm a law firm's provider before writing to it: the request's flag, or the provider
 * itself while unverified (covers a request moved to such a provider after it was created).
 */
export const isNewProvider = (row: { newProvider: boolean; providerVerifiedAt: Date | null }) =>
  row.newProvider || row.providerVerifiedAt === null;

export async function buildFirstSend(
  db: DbOrTx,
  auth: Auth,
  id: number,
  supportEmail: string,
): Promise<FirstSend> {
  const row = await unsafeFirstSendFacts(db, id);
  if (!row) throw notFound();
  const sender = await userName(db, auth.userId);

  const candidates: [label: string, url: string | null][] = [
    ['HIPAA Authorization', row.requestHipaa ?? row.clientHipaa],
    ['Intake Form', row.intakeFormUrl],
    [`${row.providerName} Request Form`, row.providerForm],
    ['Law Firm Release', row.releaseFormUrl],
  ];
  const attachments = candidates
    .filter((c): c is [string, string] => Boolean(c[1]))
    .map(([label, url]) => ({ label, url }));

  // A provider's form may be a page on their own site rather than an uploaded file: listed, not attached.
  const enclosed = attachments.filter((a) => !/^https?:\/\//i.test(a.url));
  const types = (await listChosenTypes(db, id)).map((t) => t.name);
  const dob = formatDate(row.dateOfBirth);
  const representedBy = row.attorneyName ? `${row.firmName} (attorney ${row.attorneyName})` : row.firmName;
  const details = [
    `Patient: ${row.clientName}`,
    `Date of birth: ${dob || 'see the enclosed authorization'}`,
    `Dates of service: ${formatDate(row.startDate) || 'all available'} to ${formatDate(row.endDate) || 'present'}`,
    `Records requested: ${types.length ? types.join(', ') : 'Medical Records'}`,
    ...(row.rush ? ['Priority: RUSH. Please process this request as soon as possible.'] : []),
    ...(row.specialInstructions ? [`Special instructions: ${row.specialInstructions}`] : []),
  ];
  const text = [
    `Dear ${row.providerName} Medical Records Department,`,
    '',
    `Direct Docs is requesting copies of the records listed below on behalf of ${representedBy}, who represents the patient. The patient's signed HIPAA authorization is attached.`,
    '',
    ...details,
    '',
    ...(enclosed.length ? [`Attached: ${enclosed.map((a) => a.label).join(', ')}.`, ''] : []),
    'Please send the records electronically in reply to this e-mail, and include an invoice for any copy or certification fees so we can arrange payment promptly. If you need anything else to process this request, please let us know.',
    '',
    `Our reference: Direct Docs request #${row.internalNumber}`,
    '',
    'Thank you,',
    sender?.name || 'Direct Docs',
    'Direct Docs',
    supportEmail,
  ].join('\n');

  return {
    subject: `Medical Records Request: ${row.clientName}${dob ? `, DOB ${dob}` : ''} (Direct Docs #${row.internalNumber})`,
    text,
    to: row.providerEmail || null,
    new_provider: isNewProvider(row),
    attachments,
  };
}
