import { hash, randomBytes } from "node:crypto";

// Tokens and API keys are random and long, so a fast hash is enough to keep them useless if the
// table leaks; passwords, which people choose, get argon2id instead.
export const sha256 = (value: string) => hash("sha256", value, "base64url");

export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
