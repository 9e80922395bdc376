import { type CertificationUpload, OUTCOME_MSG, type OutcomeResult, outcomeNote, STATUS } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { createRequestFile } from '../files/files.service';
import { firmRecipients } from '../notes/notes.context';
import { unsafeLockActiveRequest } from '../notes/notes.context.queries';
import { insertNote } from '../notes/notes.queries';
import { certificationReadyEmail } from './outcomes.emails';
import { certificationPdf } from './outcomes.pdf';
import {
  markCertifiesNoRecords,
  unsafeActiveRequestStatus,
  unsafeCertificationFacts,
} from './outcomes.queries';

/**
 * The certification of no records (decision 058): staff download the form filled from the request, the
 * provider's custodian signs it, and the signed copy staff upload is delivered to the firm as a verified
 * records file, so the firm finds and downloads it with the request's other files.
 */
async function unsafeStatus(db: DbOrTx, id: number) {
  const row = await unsafeActiveRequestStatus(db, id);
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
  const row = await unsafeCertificationFacts(db, id);
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
    const target = await unsafeLockActiveRequest(tx, id);
    if (!target) throw notFound();
    if (target.status !== STATUS.noRecordsFound) throw conflict(OUTCOME_MSG.notNoRecords);
    await markCertifiesNoRecords(tx, { id: file.id, requestId: id }, auth.userId);
    const noteId = await insertNote(tx, {
      text: outcomeNote.certification(name),
      requestId: id,
      companyId: target.companyId,
      userId: auth.userId,
    });
    for (const to of firmRecipients(target))
      await mail.enqueue(tx, certificationReadyEmail({ to, publicUrl: mail.publicUrl, target }));
    return { success: OUTCOME_MSG.certificationDelivered, status: target.status, note_id: noteId };
  });
}
