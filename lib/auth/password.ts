import "server-only";
import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with OWASP's recommended memory and time cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against this when the user does not exist keeps timing from telling who exists.
const DUMMY = hash("not-a-password", OPTIONS);

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await DUMMY, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
