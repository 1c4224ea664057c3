import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A random, unguessable identifier (default 16 characters of base62, ~95 bits). */
export function randomId(length = 16): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (const b of bytes) {
    if (out.length === length) break;
    if (b < 248) out += ALPHABET.charAt(b % 62);
  }
  return out;
}
