import { hash, verify } from '@node-rs/argon2';

/** argon2id password hashing (the library's default algorithm, OWASP parameters). */
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal accounts. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-0');
  return dummy;
}
