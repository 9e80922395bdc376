/**
 * The password rule, without zod, so the sign-up and reset screens check it in the browser without
 * loading the schema library on the first page. PasswordSchema applies the same rule.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_RULE = 'At least 8 characters.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters.';
export const PASSWORD_TOO_LONG = 'Password is too long.';

/** The first problem with a new password, or undefined (the same rule the server applies). */
export function passwordProblem(password: string): string | undefined {
  if (!password) return undefined;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return undefined;
}
