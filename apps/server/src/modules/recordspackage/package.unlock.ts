import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { RECORDS_PACKAGE_MSG } from '@dd/shared';
import { badRequest } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { uploadStagingDir } from '../files/files.upload';
import { pdfPool } from '../pdfforms/pdf-pool';

/**
 * A delivered PDF as pdf-lib can stamp it: read from storage, checked in the PDF worker, and, when it is
 * encrypted, decrypted by `qpdf` (a PDF with only an owner password opens for anyone; one that needs a
 * user password is refused, naming the file). The stored original is never changed.
 */
export interface RecordsDeps {
  storage: Storage;
  dataDir: string;
}

const run = promisify(execFile);

async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** qpdf's copy without encryption, or null when it needs a password we do not have. */
async function decrypt(bytes: Uint8Array, dataDir: string): Promise<Buffer | null> {
  // Records are PHI: the copy is made on the data volume, never in the system's temp folder (decision 012).
  const staging = uploadStagingDir(dataDir);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(staging, 'dd-qpdf-'));
  try {
    const [input, output] = [path.join(dir, 'in.pdf'), path.join(dir, 'out.pdf')];
    await writeFile(input, bytes);
    try {
      await run('qpdf', ['--decrypt', '--password=', input, output], { timeout: 60_000 });
    } catch (error) {
      // Exit status 3: done, with warnings about the file's structure.
      if ((error as { code?: number }).code !== 3) return null;
    }
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function readablePdf(
  deps: RecordsDeps,
  file: { url: string; name: string },
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const original = await readStored(deps.storage, file.url);
  const pool = pdfPool();
  // pdf-lib cannot always read an encrypted file's structure (encrypted object streams): qpdf is asked then.
  const facts = await pool.inspect(original).catch(() => null);
  if (facts && !facts.encrypted) {
    if (facts.pageCount < 1) throw badRequest(RECORDS_PACKAGE_MSG.unreadable(file.name));
    return { bytes: original, pageCount: facts.pageCount };
  }
  const plain = await decrypt(original, deps.dataDir);
  if (!plain) {
    const locked = facts?.encrypted || original.includes('/Encrypt');
    throw badRequest((locked ? RECORDS_PACKAGE_MSG.encrypted : RECORDS_PACKAGE_MSG.unreadable)(file.name));
  }
  const bytes: Uint8Array = plain;
  const pageCount = await pool
    .inspect(plain)
    .then((f) => f.pageCount)
    .catch(() => 0);
  if (pageCount < 1) throw badRequest(RECORDS_PACKAGE_MSG.unreadable(file.name));
  return { bytes, pageCount };
}
