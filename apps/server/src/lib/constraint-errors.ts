import { databaseErrorOf } from './redact';

/**
 * The one place that turns a constraint the database enforced into an answer a person can read.
 * Services check first and give the precise message (an address already taken, a
 * duplicate request); the database's constraints catch what slips between the check and the write (two
 * requests at the same moment) or a check that was forgotten, and then the caller gets this 409/400
 * instead of a 500. The messages name no table, column, constraint or value.
 */
export const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** A delete refused by an ON DELETE RESTRICT key (NO ACTION keys answer FOREIGN_KEY_VIOLATION instead). */
const RESTRICT_VIOLATION = '23001';
const CHECK_VIOLATION = '23514';

export const CONSTRAINT_MSG = {
  duplicate:
    'This record already exists: someone may have saved the same thing at the same moment. Reload the page and try again.',
  missingReference: 'Something this refers to no longer exists. Reload the page and try again.',
  stillReferenced: 'This record is still used by other records, so it cannot be removed or changed this way.',
  notAllowed: 'One of the values is not allowed.',
} as const;

/** The SQLSTATE of a failed query (drizzle wraps the driver's error in `cause`), or undefined. */
export function pgErrorCode(error: unknown): string | undefined {
  const code = databaseErrorOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A delete refused because other rows still point at the row (NO ACTION or RESTRICT keys). */
export function isStillReferenced(error: unknown): boolean {
  const db = databaseErrorOf(error);
  if (db?.code === RESTRICT_VIOLATION) return true;
  return db?.code === FOREIGN_KEY_VIOLATION && !String(db.message).startsWith('insert or update');
}

/** The status and message for a constraint violation, or undefined for any other error. */
export function constraintViolationAnswer(error: unknown): { status: number; message: string } | undefined {
  const db = databaseErrorOf(error);
  switch (db?.code) {
    case UNIQUE_VIOLATION:
      return { status: 409, message: CONSTRAINT_MSG.duplicate };
    case FOREIGN_KEY_VIOLATION:
      // PostgreSQL words the two directions differently: a write that points at a missing row ("insert or
      // update on table … violates …") is bad input; removing a row others still point at is a conflict.
      return String(db.message).startsWith('insert or update')
        ? { status: 400, message: CONSTRAINT_MSG.missingReference }
        : { status: 409, message: CONSTRAINT_MSG.stillReferenced };
    case RESTRICT_VIOLATION:
      return { status: 409, message: CONSTRAINT_MSG.stillReferenced };
    case CHECK_VIOLATION:
      return { status: 400, message: CONSTRAINT_MSG.notAllowed };
    default:
      return undefined;
  }
}
