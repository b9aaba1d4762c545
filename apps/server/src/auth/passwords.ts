// Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes), from @node-rs/argon2's prebuilt binary.
import { hash, verify } from '@node-rs/argon2';

/** Spec-free rule of the sign-up form: at least 8 characters. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the log-in is unknown, so that "no such account" takes as long as
 * "wrong password" and the answer time does not tell which log-ins exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-valid');
  return decoyHash;
}
