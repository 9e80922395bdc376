import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-types';
import type { Db } from '../db/client';
import { hasErrorCode, isConnectionLost } from './connection-errors';
import { databaseErrorOf } from './redact';

/**
 * Reads from the streaming replica (DATABASE_READ_URL, decision 068), for the routes that may show data a
 * moment old: the staff data dashboard, the staff reports, the completed-with-fees table, CSV exports and
 * records search. Everything else reads and writes the primary.
 */

/** How long after a caller's last changing call their reads stay on the primary (read-your-writes). */
export const READ_YOUR_WRITES_SECONDS = 5;

/** After the replica failed a read, this instance reads from the primary for this long before trying it again. */
const REPLICA_REST_MS = 10_000;

/** Per replica database: until when it is left alone after a failure. */
const restingUntil = new WeakMap<Db, number>();

// Beside a lost connection: a name that does not resolve, a refused login or a missing database (a wrong
// URL), too many connections, and a query the standby cancelled because replay needed its rows (40001).
const UNAVAILABLE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', '40001', '3D000', '53300']);

function replicaUnavailable(error: unknown): boolean {
  if (isConnectionLost(error)) return true;
  const sqlState = databaseErrorOf(error)?.code;
  if (typeof sqlState === 'string' && (UNAVAILABLE_CODES.has(sqlState) || sqlState.startsWith('28')))
    return true;
  return hasErrorCode(error, UNAVAILABLE_CODES);
}

/**
 * Runs `read` on the replica, or on the primary when there is no replica, the caller wrote less than
 * READ_YOUR_WRITES_SECONDS ago, or the replica cannot be reached (then with a warning, never an error).
 */
export async function readOnReplica<T>(
  deps: Pick<AppDeps, 'db' | 'reader'>,
  request: FastifyRequest,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  const { db, reader } = deps;
  if (reader === db || request.wroteRecently || (restingUntil.get(reader) ?? 0) > Date.now()) return read(db);
  try {
    return await read(reader);
  } catch (error) {
    if (!replicaUnavailable(error)) throw error;
    restingUntil.set(reader, Date.now() + REPLICA_REST_MS);
    request.log.warn({ err: error }, 'The read replica could not be reached; reading from the primary');
    return read(db);
  }
}
