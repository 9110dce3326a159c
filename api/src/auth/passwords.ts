import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the library exports it as a const enum, which isolated modules cannot inline.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash, so a log-in with an unknown email spends the same
 * argon2 time as a wrong password and the answer time does not tell which it was.
 */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('corkboard-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
