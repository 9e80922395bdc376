import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DataCipher } from '../lib/crypto';
import { removeLeftoverUploads } from '../modules/files/files.upload';
import { checkDataKey, dataKeyRefusal } from './data-key-check';
import { demoAccountsRefusal, findDemoAccounts } from './demo-accounts';

/**
 * What a server start checks once the database is migrated: the DATA_KEY opens this database's data,
 * and a production database has no demo account. Returns why it must not start, or null; on the way it
 * removes the upload spool folders a stopped server left behind.
 */
export async function checkBeforeStart(config: Config, db: Db, cipher: DataCipher): Promise<string | null> {
  await removeLeftoverUploads(config.dataDir);
  if (!(await checkDataKey(db, cipher))) {
    const source = config.DATA_KEY
      ? 'DATA_KEY'
      : `DATA_KEY (unset: the key generated into ${path.join(config.dataDir, 'keys.json')})`;
    return dataKeyRefusal(source);
  }
  if (config.NODE_ENV === 'production') {
    const accounts = await findDemoAccounts(db);
    if (accounts.length > 0) return demoAccountsRefusal(accounts);
  }
  return null;
}
