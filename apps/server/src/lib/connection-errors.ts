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

/**
 * The error and the errors it wraps, outermost first: Drizzle wraps the driver's error as `cause` (and a
 * failed rollback's error replaces the first one).
 */
function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; chain.length < 4 && current instanceof Error; current = current.cause)
    chain.push(current);
  return chain;
}

/** The string `code` of any error in the chain (a socket's 'ECONNRESET', a resolver's 'ENOTFOUND'). */
export function hasErrorCode(error: unknown, codes: ReadonlySet<string>): boolean {
  return errorChain(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' && codes.has(code);
  });
}

export function isConnectionLost(error: unknown): boolean {
  const sqlState = databaseErrorOf(error)?.code;
  if (typeof sqlState === 'string' && (LOST_SQLSTATES.has(sqlState) || sqlState.startsWith('08')))
    return true;
  return (
    hasErrorCode(error, LOST_SOCKET_CODES) ||
    errorChain(error).some((e) => LOST_MESSAGES.some((pattern) => pattern.test(e.message)))
  );
}
