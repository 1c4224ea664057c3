// The admin CLI's options as its commands read them: each checked as the API checks the same field,
// with the option's name in the message (scripts/admin.ts prints it as the command's one line).
import { randomBytes } from "node:crypto";
import { open, readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { sealSecret } from "@/lib/auth/secret-box";
import { AppError } from "@/lib/errors";
import { Email, IdParam } from "@/lib/schemas/common";
import { ChosenUsername, foldUsername } from "@/lib/schemas/username";
import { discover } from "@/lib/sso/idp-client";
import { localSecretKey } from "@/scripts/lib/local-database";

export type Opts = Record<string, string | boolean | undefined>;

/** A mistake in the command line itself (exit status 2, as usual for usage errors). */
export class UsageError extends Error {}

const generated = () => randomBytes(12).toString("base64url");
export const need = (o: Opts, k: string): string => {
  const v = o[k];
  if (typeof v !== "string" || v.trim() === "") throw new Error(`--${k} is required`);
  return v.trim();
};
/** An id as the API takes it: a positive 32-bit integer. */
export const id = (k: string, v: string) => {
  const r = IdParam.safeParse(v.trim());
  if (!r.success) throw new Error(`--${k} must be a positive integer id (at most 2147483647)`);
  return r.data;
};
export const int = (o: Opts, k: string) => id(k, need(o, k));
export const email = (o: Opts, k = "email") => {
  const r = Email.safeParse(need(o, k));
  if (!r.success) throw new Error(`--${k} ${r.error.issues[0]?.message ?? "must be an email address"}`);
  return r.data;
};
/** A new sign-in's username, as an invitee's is checked and stored (lowercased). */
export const username = (o: Opts) => {
  const r = ChosenUsername.safeParse(need(o, "username"));
  if (!r.success) throw new Error(`--username ${r.error.issues[0]?.message ?? "is not a valid username"}`);
  return r.data;
};
/** An existing sign-in's username, found in any case as a sign-in finds it. */
export const existingUsername = (o: Opts) => foldUsername(need(o, "username"));
const MIN_PASSWORD = 12;
/** The password given with --password (at least 12 characters), or a generated one. */
export const password = (o: Opts): { value: string; given: boolean } => {
  if (o.password === undefined) return { value: generated(), given: false };
  if (typeof o.password !== "string" || o.password.length < MIN_PASSWORD)
    throw new Error(`--password must be at least ${MIN_PASSWORD} characters`);
  return { value: o.password, given: true };
};
export const show = (title: string, rows: Record<string, string | number | boolean | null | undefined>) => {
  console.log(title);
  for (const [k, v] of Object.entries(rows)) if (v !== undefined) console.log(`  ${k.padEnd(18)} ${v}`);
};
/**
 * The client secret given with --idp-client-secret, or read from the first line of
 * --idp-client-secret-file (`/dev/stdin` to pipe it): a file keeps it out of the process list and
 * the shell's history. Undefined when neither is given.
 */
export const idpSecret = async (o: Opts): Promise<string | undefined> => {
  const given = o["idp-client-secret"],
    file = o["idp-client-secret-file"];
  if (given !== undefined && file !== undefined)
    throw new UsageError("give either --idp-client-secret or --idp-client-secret-file, not both");
  if (typeof file === "string") {
    const text = await readFile(file, "utf8").catch(() => {
      throw new Error("--idp-client-secret-file cannot be read");
    });
    const first = (text.split(/\r?\n/)[0] ?? "").trim();
    if (!first) throw new Error("--idp-client-secret-file holds no secret on its first line");
    return first;
  }
  if (typeof given !== "string") return undefined;
  if (!given.trim()) throw new UsageError("--idp-client-secret must not be empty");
  return given;
};
export const idpIssuer = (v: string | boolean | undefined) => {
  if (typeof v !== "string" || !/^https?:\/\/./.test(v)) throw new UsageError("--idp-issuer must be an http(s) URL");
  return v.replace(/\/$/, "");
};
/** All three of an identity provider, or none (create-institute). */
export const idpFields = async (o: Opts) => {
  const issuer = o["idp-issuer"],
    clientId = o["idp-client-id"],
    secret = await idpSecret(o);
  if (issuer === undefined && clientId === undefined && secret === undefined) return {};
  if (typeof issuer !== "string" || typeof clientId !== "string" || secret === undefined) {
    throw new UsageError("--idp-issuer, --idp-client-id and a client secret go together");
  }
  return {
    idpIssuer: idpIssuer(issuer),
    idpClientId: clientId,
    idpClientSecretEnc: sealSecret(secret, localSecretKey()),
  };
};
/** --allow-provisioning or --deny-provisioning, as a change; none: unchanged. */
export const provisioning = (o: Opts): { allowProvisioning?: boolean } => {
  if (o["allow-provisioning"] && o["deny-provisioning"])
    throw new UsageError("give either --allow-provisioning or --deny-provisioning");
  if (o["allow-provisioning"]) return { allowProvisioning: true };
  if (o["deny-provisioning"]) return { allowProvisioning: false };
  return {};
};
/**
 * Told at once rather than at the institute's first sign-in: whether the issuer answers its
 * discovery as the issuer it was registered as (the check every sign-in makes). The registration is
 * kept either way; the provider may not be set up yet.
 */
export async function warnUnlessDiscoverable(issuer: string) {
  try {
    await discover(issuer);
  } catch (e) {
    const why = e instanceof AppError ? e.detail : "could not be checked";
    console.error(`Warning: ${why} (${issuer}); sign-ins through it fail until it answers as that issuer`);
  }
}

/** A retention period in whole years, as the database's check allows it. */
export const retentionYears = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new UsageError("--years must be a whole number from 1 to 100");
  return n;
};

/**
 * The lines of the file named by --<k>, or of stdin for `-` (a log piped from its store), read as
 * they come: a deployment's log can be larger than memory.
 */
export const inputLines = async (o: Opts, k: string): Promise<AsyncIterable<string>> => {
  const from = need(o, k);
  if (from === "-") return createInterface({ input: process.stdin, crlfDelay: Infinity });
  const file = await open(from).catch(() => {
    throw new Error(`--${k} cannot be read`);
  });
  return file.readLines();
};
