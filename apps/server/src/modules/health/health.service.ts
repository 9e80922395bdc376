import type { DbOrTx } from '../../db/client';
import { pingDatabase } from './health.queries';

/** A database that does not answer within this is unreachable, whatever the network does meanwhile. */
const READINESS_TIMEOUT_MS = 2000;

/** Readiness: whether the database answers a trivial query in time. */
export async function isDatabaseReachable(db: DbOrTx): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  const query = pingDatabase(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
