import { eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { patients, serverSettings } from '../db/schema';
import type { DataCipher } from '../lib/crypto';

/**
 * A known text encrypted with DATA_KEY, kept in the database, so a start with another key stops with a
 * message instead of answering 500 to every SSN read. A database from before the check value existed
 * is checked against one stored SSN before the value is written, so a wrong key is never recorded.
 */
const CHECK_NAME = 'data_key_check';
const CHECK_TEXT = 'Direct Docs DATA_KEY check';

export async function checkDataKey(db: DbOrTx, cipher: DataCipher): Promise<boolean> {
  const stored = await storedCheck(db);
  if (stored !== undefined) return opens(cipher, stored);
  const [sample] = await db
    .select({ ssn: patients.ssnEncrypted })
    .from(patients)
    .where(isNotNull(patients.ssnEncrypted))
    .limit(1);
  if (sample?.ssn && !opens(cipher, sample.ssn, null)) return false;
  await db
    .insert(serverSettings)
    .values({ name: CHECK_NAME, value: cipher.encrypt(CHECK_TEXT) })
    .onConflictDoNothing();
  // Another instance starting at the same moment may have written its own: the stored one decides.
  return opens(cipher, (await storedCheck(db))!);
}

async function storedCheck(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.name, CHECK_NAME));
  return row?.value;
}

/** The value decrypts under this key (to `expected`, unless that is null: any text will do). */
function opens(cipher: DataCipher, stored: string, expected: string | null = CHECK_TEXT): boolean {
  try {
    const plain = cipher.decrypt(stored);
    return expected === null || plain === expected;
  } catch {
    return false;
  }
}

export function dataKeyRefusal(keySource: string): string {
  return [
    `Refusing to start: ${keySource} is not the key this database's data was encrypted with, so no SSN could be read.`,
    'Set DATA_KEY to the key the database was created with (kept with your backups; docs/deploy.md).',
  ].join('\n');
}
