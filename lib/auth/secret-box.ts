// Secrets we must use again (an institute's IdP client secret) are stored encrypted with
// AES-256-GCM under SECRET_KEY; hashes are for what we only compare (passwords, tokens, API keys).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const keyOf = (secretKey: string) => createHash("sha256").update(secretKey).digest();

export function sealSecret(plaintext: string, secretKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secretKey), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(
    ".",
  );
}

export function openSecret(sealed: string, secretKey: string): string {
  const [v, iv, tag, data] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || !data) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secretKey), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
