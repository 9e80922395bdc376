import { type CertificationUpload, OUTCOME_MSG, type OutcomeResult, outcomeNote, STATUS } from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { companies, files, notes, patients, providers, requests } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { createRequestFile } from '../files/files.service';
import { firmRecipients, lockRequestForChange } from '../notes/notes.context';
import { certificationReadyEmail } from './outcomes.emails';
import { certificationPdf } from './outcomes.pdf';

/**
 * The certification of no records (decision 058): staff download the form filled from the request, the
 * provider's custodian signs it, and the signed copy staff upload is delivered to the firm as a verified
 * records file, so the firm finds and downloads it with the request's other files.
 */
async function unsafeStatus(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ status: requests.status })
    .from(requests)
    .where(unsafeActiveRequestById(id));
  if (!row) throw notFound();
  if (row.status !== STATUS.noRecordsFound) throw conflict(OUTCOME_MSG.notNoRecords);
}

export async function certificationTemplate(
  db: DbOrTx,
  auth: Auth,
  id: number,
): Promise<{ name: string; pdf: Uint8Array }> {
  authorize(auth, 'request.staffWork');
  await unsafeStatus(db, id);
  const [row] = await db
    .select({
      number: requests.internalNumber,
      start: requests.startDate,
      end: requests.endDate,
      patient: patients.fullName,
      dob: patients.dateOfBirth,
      firm: companies.name,
      provider: providers.name,
      address1: providers.address1,
      address2: providers.address2,
      city: providers.city,
      state: providers.state,
      zip: providers.zipCode,
    })
    .from(requests)
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(eq(requests.id, id));
  const cityLine = [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const pdf = await certificationPdf({
    provider: {
      name: row.provider,
      address: [row.address1, row.address2, cityLine].filter((l): l is string => !!l),
    },
    patient: { name: row.patient, dateOfBirth: row.dob },
    datesOfService: { start: row.start, end: row.end },
    requestNumber: row.number,
    firmName: row.firm,
  });
  return { name: `Certification of No Records - request ${row.number}.pdf`, pdf };
}

/** The signed copy, uploaded to the records bucket by this staff member, attached verified and announced. */
export async function deliverCertification(
  deps: Pick<AppDeps, 'db' | 'mail' | 'storage'>,
  auth: Auth,
  id: number,
  body: CertificationUpload,
  ip: string | null,
): Promise<OutcomeResult> {
  authorize(auth, 'request.staffWork');
  const { db, mail } = deps;
  await unsafeStatus(db, id);
  const name = body.name ?? OUTCOME_MSG.certificationName;
  const file = await createRequestFile(
    db,
    deps.storage,
    auth,
    { name, url: body.url, request: id, supporting_file: false },
    ip,
  );
  return db.transaction(async (tx) => {
    const target = await lockRequestForChange(tx, unsafeActiveRequestById(id));
    if (!target) throw notFound();
    if (target.status !== STATUS.noRecordsFound) throw conflict(OUTCOME_MSG.notNoRecords);
    await tx
      .update(files)
      .set({ verifiedById: auth.userId, certifiesNoRecords: true })
      .where(and(eq(files.id, file.id), eq(files.requestId, id)));
    const [note] = await tx
      .insert(notes)
      .values({
        text: outcomeNote.certification(name),
        requestId: id,
        companyId: target.companyId,
        userId: auth.userId,
      })
      .returning({ id: notes.id });
    for (const to of firmRecipients(target))
      await mail.enqueue(tx, certificationReadyEmail({ to, publicUrl: mail.publicUrl, target }));
    return { success: OUTCOME_MSG.certificationDelivered, status: target.status, note_id: note.id };
  });
}
