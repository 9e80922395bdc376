/**
 * What the logs may say about a request or an error, at any level. The product holds health information,
 * so logs never carry query strings (search text, SSNs, tokens), download tokens, SQL text or its
 * parameters, nor the values a database error quotes back.
 */

/**
 * Log fields pino blanks out wherever they appear. @fastify/multipart logs its busboy options at trace
 * level, and those carry the request headers: the bearer token, cookies and an API key.
 */
export const LOG_REDACT_PATHS = [
  'busboyOptions.headers',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
];

/** A request URL as logged: the path only; a download link's token and file name are hidden. */
export function redactUrl(url: string): string {
  const path = url.split('?', 1)[0];
  return path.startsWith('/files/') ? '/files/[redacted]' : path;
}

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
  /** Stack frames only ('' when there are none). */
  stack: string;
  [key: string]: unknown;
}

type ErrorLike = Error & Record<string, unknown>;

/** The PostgreSQL error behind an error, if any: drizzle wraps it as `cause` of a DrizzleQueryError. */
export function databaseErrorOf(error: unknown): ErrorLike | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const candidate = current as ErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && 'severity' in candidate)
      return candidate;
    current = candidate.cause;
  }
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The stack frames only: the header repeats the message, which for a failed query holds SQL and params. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const lines = stack.split('\n');
  let first = lines.length;
  while (first > 0 && /^\s+at \S/.test(lines[first - 1])) first -= 1;
  return lines.slice(first).join('\n');
}

/**
 * The `err` log serializer: name, code, and the first line of the message. A database error keeps its
 * SQLSTATE and the table/column/constraint names but not its message's quoted values or detail
 * ("Key (email)=(…)"); a failed query's SQL and parameters are never written, nor is any `cause`.
 */
export function safeError(error: unknown): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'A non-error value was thrown', stack: '' };
  const err = error as ErrorLike;
  const logged: LoggedError = { type: err.name || err.constructor.name, message: '', stack: '' };
  const db = databaseErrorOf(err);
  if (db) {
    Object.assign(logged, {
      code: db.code as string,
      table: text(db.table),
      column: text(db.column),
      constraint: text(db.constraint),
      message: db.message
        .split('\n', 1)[0]
        .replace(/:\s.*$/, '')
        .replace(/"[^"]*"/g, '"…"'),
    });
  } else {
    if (typeof err.code === 'string') logged.code = err.code;
    logged.message =
      'query' in err || 'params' in err || /^Failed query/.test(err.message)
        ? 'Failed query'
        : err.message.split('\n', 1)[0].slice(0, 500);
  }
  logged.stack = framesOf(err.stack);
  return logged;
}

/**
 * pino's logMethod hook: pino turns `log.error(err)` (or `{err}` without a message) into a line whose
 * message is `err.message`, which for a failed query holds the SQL and its parameters. Give such lines
 * the sanitized message instead, and never repeat `err.message` when a caller passes it explicitly.
 */
export function safeLogMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  const [first, second, ...rest] = args;
  const objectErr = first && typeof first === 'object' ? (first as { err?: unknown }).err : undefined;
  const err = first instanceof Error ? first : objectErr instanceof Error ? objectErr : undefined;
  if (!err) {
    method.apply(this, args);
    return;
  }
  const message = typeof second === 'string' && second !== err.message ? second : safeError(err).message;
  method.apply(this, [first instanceof Error ? { err } : first, message, ...rest]);
}
