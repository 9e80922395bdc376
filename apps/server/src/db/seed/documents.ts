import { STATUS } from '@dd/shared';
import type { Tx } from '../client';
import { fileAccesses, files } from '../schema';
import { hipaaLetter, intakeLetter, recordsLetter } from './letters';
import type { SeedPatient } from './patients';
import { type Letter, makeLetterPdf, writeStoredFile } from './pdf';
import type { SeedUser } from './people';
import { addDays, addHours, addMinutes, earliest, type Random } from './random';
import type { PlannedRequest } from './requests';

/** Files on the requests (real PDFs on disk), their upload and download audit rows, and the clients' HIPAA forms. */
export interface InsertedRequest {
  id: number;
  internalNumber: string;
  plan: PlannedRequest;
}

interface PlannedFile {
  requestId: number;
  /** The request's firm. */
  companyId: number;
  name: string;
  key: string;
  letter: Letter;
  createdAt: Date;
  uploader: SeedUser;
  uploaderIsStaff: boolean;
  verifiedBy: SeedUser | null;
  supporting: boolean;
  archived: boolean;
  downloads: { user: SeedUser; at: Date }[];
}

/** Documentation addresses (RFC 5737): staff in one range, law firms in another. */
const ip = (user: SeedUser, staff: boolean) => `${staff ? '192.0.2' : '203.0.113'}.${10 + user.id}`;

function planFiles(rng: Random, now: Date, request: InsertedRequest): PlannedFile[] {
  const { plan, id, internalNumber } = request;
  const { timeline, patient } = plan;
  const base = `demo-${internalNumber}`;
  const planned: PlannedFile[] = [];
  const records = (k: number, createdAt: Date, verified: boolean, archived = false): PlannedFile => {
    const type = plan.types[k % plan.types.length];
    return {
      requestId: id,
      companyId: plan.firm.id,
      name: `${type} - ${patient.fullName}${archived ? ' (duplicate)' : ''}.pdf`,
      key: `provider-records/${base}-${k + 1}${archived ? '-duplicate' : ''}.pdf`,
      letter: recordsLetter(rng, plan, internalNumber, type, createdAt),
      createdAt,
      uploader: plan.worker,
      uploaderIsStaff: true,
      verifiedBy: verified ? plan.worker : null,
      supporting: false,
      archived,
      downloads: [],
    };
  };
  const supporting = (kind: 'hipaa' | 'intake', createdAt: Date): PlannedFile => ({
    requestId: id,
    companyId: plan.firm.id,
    name: kind === 'hipaa' ? 'Signed HIPAA Authorization.pdf' : 'Client Intake Summary.pdf',
    key: `supporting-documents/${base}-${kind}.pdf`,
    letter: kind === 'hipaa' ? hipaaLetter(patient, plan.firm, createdAt) : intakeLetter(plan),
    createdAt,
    uploader: plan.paralegal,
    uploaderIsStaff: false,
    verifiedBy: null,
    supporting: true,
    archived: false,
    downloads: [],
  });

  const lastNote = timeline.notes.at(-1);
  if (timeline.receivedAt) {
    const count = rng.chance(0.35) ? 2 : 1;
    for (let k = 0; k < count; k++)
      planned.push(records(k, addHours(timeline.receivedAt, -rng.int(2, 30)), true));
    if (id % 8 === 0) planned.push(records(0, addHours(timeline.receivedAt, -rng.int(31, 40)), false, true));
    const firstDownload = plan.values.firstDownloadedAt ?? null;
    if (firstDownload) {
      const later = rng.chance(0.3) ? earliest(addDays(firstDownload, rng.int(1, 10)), now) : null;
      for (const file of planned.filter((f) => !f.archived)) {
        file.downloads.push({ user: plan.paralegal, at: addMinutes(firstDownload, planned.indexOf(file)) });
        if (later) file.downloads.push({ user: plan.firm.attorney, at: later });
      }
    }
  } else if (plan.values.status === STATUS.documentsEnRoute && lastNote && rng.chance(0.4)) {
    planned.push(
      records(0, earliest(addHours(lastNote.createdAt, rng.int(1, 20)), addMinutes(now, -30)), false),
    );
  }
  const firmNote = timeline.notes.find((n) => n.by === 'firm');
  if (firmNote) planned.push(supporting('hipaa', addMinutes(firmNote.createdAt, -5)));
  if (id % 9 === 4) planned.push(supporting('intake', addMinutes(plan.values.createdAt!, 2)));
  return planned;
}

export async function insertDocuments(
  tx: Tx,
  rng: Random,
  now: Date,
  inserted: InsertedRequest[],
  filesDir: string,
): Promise<number> {
  const planned = inserted.flatMap((request) => planFiles(rng, now, request));
  const sizes = await Promise.all(
    planned.map(async (f) => writeStoredFile(filesDir, f.key, await makeLetterPdf(f.letter, f.createdAt))),
  );
  if (planned.length === 0) return 0;
  const rows = await tx
    .insert(files)
    .values(
      planned.map((f, i) => ({
        name: f.name,
        url: f.key,
        requestId: f.requestId,
        companyId: f.companyId,
        archived: f.archived,
        verifiedById: f.verifiedBy?.id ?? null,
        supportingFile: f.supporting,
        sizeBytes: sizes[i],
        contentType: 'application/pdf',
        createdAt: f.createdAt,
      })),
    )
    .returning({ id: files.id, url: files.url });
  const idByKey = new Map(rows.map((r) => [r.url, r.id]));
  const accesses = planned.flatMap((f) => {
    const fileId = idByKey.get(f.key)!;
    const upload = {
      action: 'UPLOAD' as const,
      ip: ip(f.uploader, f.uploaderIsStaff),
      fileId,
      companyId: f.companyId,
      fileKey: f.key,
      userId: f.uploader.id,
      createdAt: f.createdAt,
    };
    const downloads = f.downloads.map((d) => ({
      action: 'DOWNLOAD' as const,
      ip: ip(d.user, false),
      fileId,
      companyId: f.companyId,
      fileKey: f.key,
      userId: d.user.id,
      createdAt: d.at,
    }));
    return [upload, ...downloads];
  });
  await tx.insert(fileAccesses).values(accesses);
  return planned.length;
}

/** Each client's signed HIPAA authorization, referenced by patients.hipaa_consent_url. */
export async function writePatientForms(filesDir: string, patients: SeedPatient[], now: Date): Promise<void> {
  await Promise.all(
    patients.map(async (p, i) => {
      const signedAt = addDays(now, -330 + i);
      await writeStoredFile(
        filesDir,
        p.hipaaConsentUrl,
        await makeLetterPdf(hipaaLetter(p, p.firm, signedAt), signedAt),
      );
    }),
  );
}
