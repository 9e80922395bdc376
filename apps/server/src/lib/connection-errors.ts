import { databaseErrorOf } from './redact';

/**
 * Whether an error means the database connection broke (a PostgreSQL restart or failover, an operator
 * ending the session, a network cut) rather than anything about the call itself. Such a call is answered
 * 503 and may be sent again: its transaction was rolled back with the connection.
 */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const LOST_SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// node-postgres says so in words only: a socket that ended, a client left unusable by it, a pool that
// could not open a new connection in time.
const LOST_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
];

export function isConnectionLost(error: unknown): boolean {
  const sqlState = databaseErrorOf(error)?.code;
  if (typeof sqlState === 'string' && (LOST_SQLSTATES.has(sqlState) || sqlState.startsWith('08')))
    return true;
  let current = error;
  // Drizzle wraps the driver's error as `cause` (and a failed rollback's error replaces the first one).
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && LOST_SOCKET_CODES.has(code)) return true;
    if (LOST_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true;
    current = current.cause;
  }
  return false;
}
