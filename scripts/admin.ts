// `npm run admin -- <command>`: the operator's onboarding ("created by hand" in the spec).
// Prints what it created; a secret it generated (password, apiKey) is shown once, at creation,
// and is never readable again: only hashes, or ciphertext for the IdP secret, are stored.
// Passwords are hashed with production's parameters (lib/auth/password.ts), never the factories'
// cheap test ones: every factory call below that sets a password passes `hashPassword`.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { disableAccount, enableAccount } from "@/lib/auth/disable-account";
import { moveResetAddress } from "@/lib/auth/move-reset-address";
import { hashPassword } from "@/lib/auth/password";
import { sealSecret } from "@/lib/auth/secret-box";
import { sha256 } from "@/lib/auth/token-hash";
import { removeCaregiverFromClinic } from "@/lib/clinics/remove-caregiver-from-clinic";
import { addCaregiver, makeAccount, makeClinic, makeInstitute, makeStaff } from "@/prisma/factories";
import { errorKind, isDbUnavailable, isRecordNotFound, uniqueViolation } from "@/lib/db/errors";
import { localDatabase, localSecretKey } from "@/scripts/lib/local-database";
import { scriptClient } from "@/scripts/lib/script-client";
import { listJobs, retryJob } from "@/scripts/lib/admin-jobs";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { Email, IdParam } from "@/lib/schemas/common";
import { ChosenUsername, foldUsername } from "@/lib/schemas/username";
import { AppError } from "@/lib/errors";
import { discover } from "@/lib/sso/idp-client";

type Opts = Record<string, string | boolean | undefined>;
type Command = { usage: string; help: string; run: (p: PrismaClient, o: Opts) => Promise<void> };

const generated = () => randomBytes(12).toString("base64url");
const need = (o: Opts, k: string): string => {
  const v = o[k];
  if (typeof v !== "string" || v.trim() === "") throw new Error(`--${k} is required`);
  return v.trim();
};
/** An id as the API takes it: a positive 32-bit integer. */
const id = (k: string, v: string) => {
  const r = IdParam.safeParse(v.trim());
  if (!r.success) throw new Error(`--${k} must be a positive integer id (at most 2147483647)`);
  return r.data;
};
const int = (o: Opts, k: string) => id(k, need(o, k));
const email = (o: Opts, k = "email") => {
  const r = Email.safeParse(need(o, k));
  if (!r.success) throw new Error(`--${k} ${r.error.issues[0]?.message ?? "must be an email address"}`);
  return r.data;
};
/** A new sign-in's username, as an invitee's is checked and stored (lowercased). */
const username = (o: Opts) => {
  const r = ChosenUsername.safeParse(need(o, "username"));
  if (!r.success) throw new Error(`--username ${r.error.issues[0]?.message ?? "is not a valid username"}`);
  return r.data;
};
/** An existing sign-in's username, found in any case as a sign-in finds it. */
const existingUsername = (o: Opts) => foldUsername(need(o, "username"));
const MIN_PASSWORD = 12;
/** The password given with --password (at least 12 characters), or a generated one. */
const password = (o: Opts): { value: string; given: boolean } => {
  if (o.password === undefined) return { value: generated(), given: false };
  if (typeof o.password !== "string" || o.password.length < MIN_PASSWORD)
    throw new Error(`--password must be at least ${MIN_PASSWORD} characters`);
  return { value: o.password, given: true };
};
const show = (title: string, rows: Record<string, string | number | boolean | null | undefined>) => {
  console.log(title);
  for (const [k, v] of Object.entries(rows)) if (v !== undefined) console.log(`  ${k.padEnd(18)} ${v}`);
};
/**
 * The client secret given with --idp-client-secret, or read from the first line of
 * --idp-client-secret-file (`/dev/stdin` to pipe it): a file keeps it out of the process list and
 * the shell's history. Undefined when neither is given.
 */
const idpSecret = async (o: Opts): Promise<string | undefined> => {
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
const idpIssuer = (v: string | boolean | undefined) => {
  if (typeof v !== "string" || !/^https?:\/\/./.test(v)) throw new UsageError("--idp-issuer must be an http(s) URL");
  return v.replace(/\/$/, "");
};
/** All three of an identity provider, or none (create-institute). */
const idpFields = async (o: Opts) => {
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
const provisioning = (o: Opts): { allowProvisioning?: boolean } => {
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
async function warnUnlessDiscoverable(issuer: string) {
  try {
    await discover(issuer);
  } catch (e) {
    const why = e instanceof AppError ? e.detail : "could not be checked";
    console.error(`Warning: ${why} (${issuer}); sign-ins through it fail until it answers as that issuer`);
  }
}

const COMMANDS: Record<string, Command> = {
  "create-institute": {
    usage:
      "--name <name> --username <api user> [--password <pw>] [--api-key <key>] [--allow-provisioning] [--idp-issuer <url> --idp-client-id <id> (--idp-client-secret <secret> | --idp-client-secret-file <path>)]",
    help: "An API customer: its institute, its API sign-in and apiKey, and optionally its identity provider.",
    async run(p, o) {
      const pw = password(o);
      const idp = await idpFields(o);
      const apiKey = typeof o["api-key"] === "string" ? o["api-key"] : `ak_${randomBytes(24).toString("base64url")}`;
      const apiUser = username(o);
      const institute = await p.$transaction(async (tx) => {
        const t = tx as unknown as PrismaClient;
        const i = await makeInstitute(t, {
          name: need(o, "name"),
          apiKey,
          allowProvisioning: o["allow-provisioning"] === true,
          ...idp,
        });
        await makeAccount(
          t,
          { username: apiUser, password: pw.value, role: "INSTITUTE", instituteId: i.id },
          hashPassword,
        );
        return i;
      });
      show(`Created institute ${institute.id}`, {
        name: institute.name,
        username: apiUser,
        password: pw.given ? "(as given)" : `${pw.value}  (shown once)`,
        apiKey: typeof o["api-key"] === "string" ? "(as given)" : `${apiKey}  (shown once)`,
        "identity provider": o["idp-issuer"]
          ? `${o["idp-issuer"]} (client ${o["idp-client-id"]}; secret stored encrypted)`
          : "none",
        provisioning:
          o["allow-provisioning"] === true ? "unknown SSO users are created" : "unknown SSO users are refused",
      });
      if (idp.idpIssuer) await warnUnlessDiscoverable(idp.idpIssuer);
    },
  },
  "set-institute-idp": {
    usage:
      "--institute <id> [--idp-issuer <url> (needs the next two)] [--idp-client-id <id>] [--idp-client-secret <secret> | --idp-client-secret-file <path>] [--allow-provisioning | --deny-provisioning] | --institute <id> --remove",
    help: "Registers an institute's OpenID Connect identity provider (issuer, client id and secret together), changes its client id, secret or provisioning alone, or removes it (--remove: SSO refused until one is registered again). Sign-ins already made through it stay until they end.",
    async run(p, o) {
      const id = int(o, "institute");
      const named = ["idp-issuer", "idp-client-id", "idp-client-secret", "idp-client-secret-file"].filter(
        (k) => o[k] !== undefined,
      );
      const allow = provisioning(o);
      if (o.remove) {
        if (named.length || "allowProvisioning" in allow) throw new UsageError("--remove goes alone with --institute");
        const i = await p.institute.update({
          where: { id },
          data: { idpIssuer: null, idpClientId: null, idpClientSecretEnc: null, allowProvisioning: false },
          select: { id: true, name: true },
        });
        show(`Removed the identity provider of institute ${i.id}`, { name: i.name, sso: "refused (403)" });
        return;
      }
      if (!named.length && !("allowProvisioning" in allow)) throw new UsageError("nothing to change: name a setting");
      const secret = await idpSecret(o);
      // The stored secret is only ever sent to the issuer it was registered with: another issuer
      // comes with its own client id and secret, or the next sign-in would send ours to its host.
      if (o["idp-issuer"] !== undefined && (o["idp-client-id"] === undefined || secret === undefined))
        throw new UsageError("a new --idp-issuer needs its --idp-client-id and client secret too");
      const data = {
        ...(o["idp-issuer"] !== undefined && { idpIssuer: idpIssuer(o["idp-issuer"]) }),
        ...(typeof o["idp-client-id"] === "string" && { idpClientId: need(o, "idp-client-id") }),
        ...(secret !== undefined && { idpClientSecretEnc: sealSecret(secret, localSecretKey()) }),
        ...allow,
      };
      // One statement: the fields not given must be there already, so that no registration is left
      // in part (a removal racing this change included). Every SSO needs all three.
      const kept = {
        ...(!("idpIssuer" in data) && { idpIssuer: { not: null } }),
        ...(!("idpClientId" in data) && { idpClientId: { not: null } }),
        ...(!("idpClientSecretEnc" in data) && { idpClientSecretEnc: { not: null } }),
      };
      const [i] = await p.institute.updateManyAndReturn({
        where: { id, ...kept },
        data,
        select: { id: true, name: true, idpIssuer: true, idpClientId: true, allowProvisioning: true },
      });
      if (!i) {
        await p.institute.findUniqueOrThrow({ where: { id }, select: { id: true } });
        throw new UsageError(
          "the institute has no identity provider yet: --idp-issuer, --idp-client-id and a client secret register one",
        );
      }
      show(`Updated institute ${i.id}`, {
        name: i.name,
        issuer: i.idpIssuer,
        "client id": i.idpClientId,
        "client secret": secret === undefined ? "unchanged (stored encrypted)" : "stored encrypted",
        provisioning: i.allowProvisioning,
      });
      if (i.idpIssuer && data.idpIssuer) await warnUnlessDiscoverable(i.idpIssuer);
    },
  },
  "rotate-api-key": {
    usage: "--institute <id>",
    help: "Issues a new apiKey for an institute; the old one stops working.",
    async run(p, o) {
      const apiKey = `ak_${randomBytes(24).toString("base64url")}`;
      const i = await p.institute.update({
        where: { id: int(o, "institute") },
        data: { apiKeyHash: sha256(apiKey) },
        select: { id: true },
      });
      show(`New apiKey for institute ${i.id}`, { apiKey: `${apiKey}  (shown once)` });
    },
  },
  "create-clinic": {
    usage: "--institute <id> --name <name> --email <email>",
    help: "A clinic of an institute; the email identifies it in SSO.",
    async run(p, o) {
      const spec = { instituteId: int(o, "institute"), name: need(o, "name"), email: email(o) };
      // With its copy of the library, whole or not at all.
      const c = await p.$transaction((tx) => makeClinic(tx, spec));
      show(`Created clinic ${c.id}`, { name: c.name, email: c.email });
    },
  },
  "create-staff": {
    usage: "--clinic <id> --name <name> --email <email> --username <u> [--password <pw>]",
    help: "A clinic administrator (role CLINIC) with a sign-in.",
    async run(p, o) {
      const pw = password(o);
      const spec = {
        clinicId: int(o, "clinic"),
        name: need(o, "name"),
        email: email(o),
        username: username(o),
        password: pw.value,
      };
      const s = await p.$transaction((tx) => makeStaff(tx as unknown as PrismaClient, spec, hashPassword));
      show(`Created staff ${s.id}`, {
        username: spec.username,
        password: pw.given ? "(as given)" : `${pw.value}  (shown once)`,
      });
    },
  },
  "create-caregiver": {
    usage: "--clinic <id>[,<id>…] --name <name> --email <email> --position <position> --username <u> [--password <pw>]",
    help: "A care provider of one or more clinics of one institute (role CAREGIVER) with a sign-in. An email that is already a caregiver of that institute adds them to the clinics (their sign-in unchanged); the same email in another institute is a separate caregiver.",
    async run(p, o) {
      const clinicIds = need(o, "clinic")
        .split(",")
        .map((v) => id("clinic", v));
      const pw = password(o);
      const c = await p.$transaction((tx) =>
        addCaregiver(
          tx as unknown as PrismaClient,
          {
            clinicIds,
            name: need(o, "name"),
            email: email(o),
            position: need(o, "position"),
            username: username(o),
            password: pw.value,
          },
          hashPassword,
        ),
      );
      show(
        c.added === "new"
          ? `Created caregiver ${c.id}`
          : `Added caregiver ${c.id} (this email in this institute) to clinic ${clinicIds.join(", ")}`,
        {
          name: c.name,
          username: c.username ?? "(none)",
          password: !c.newSignIn ? "(unchanged)" : pw.given ? "(as given)" : `${pw.value}  (shown once)`,
        },
      );
    },
  },
  "remove-caregiver": {
    usage: "--caregiver <id> --clinic <id>",
    help: "Takes a caregiver out of a clinic and off its clients' care teams; the clinic keeps their sessions.",
    async run(p, o) {
      const r = await removeCaregiverFromClinic(p, int(o, "caregiver"), int(o, "clinic"));
      show(`Removed caregiver ${o.caregiver} from clinic ${o.clinic}`, {
        "care teams left": r.careTeamsLeft,
        "open sessions kept by the clinic": r.openSessions,
      });
    },
  },
  "disable-account": {
    usage: "--username <u>",
    help: "Disables a sign-in and revokes its tokens and web sessions at once.",
    async run(p, o) {
      const a = await disableAccount(p, existingUsername(o));
      show(`Disabled account ${a.id}`, { username: a.username, "tokens and web sessions": "revoked" });
    },
  },
  "enable-account": {
    usage: "--username <u>",
    help: "Lets a disabled sign-in sign in again (its old tokens and sessions stay revoked).",
    async run(p, o) {
      const a = await enableAccount(p, existingUsername(o));
      show(`Enabled account ${a.id}`, { username: a.username });
    },
  },
  "move-reset-address": {
    usage: "--username <u> --email <address>",
    help: "Moves where a sign-in's password reset links go (staff cannot: a person's email on their record does not move it) and revokes the links already sent to the old address; the password, tokens and sessions stay.",
    async run(p, o) {
      const a = await moveResetAddress(p, existingUsername(o), email(o));
      show(`Moved the reset address of account ${a.id}`, {
        username: a.username,
        "reset links go to": a.email,
        "open links revoked": a.linksRevoked,
      });
    },
  },
  jobs: {
    usage: "[--failed] [--retry <job id>]",
    help: "The job queue (emails, reminders, the digest): jobs pending, retrying, running and failed, with attempts, next run and last error (never a payload). --failed lists only jobs that used all their attempts; --retry runs one again now with all its attempts.",
    async run(p, o) {
      if (o.retry !== undefined) await retryJob(p, int(o, "retry"));
      else await listJobs(p, { failed: o.failed === true });
    },
  },
  list: {
    usage: "",
    help: "Institutes, their clinics, the clinics' staff and care providers, and their sign-ins (never a secret).",
    async run(p) {
      const account = { select: { username: true, disabled: true } };
      const clinics = {
        select: {
          id: true,
          name: true,
          email: true,
          staff: { select: { id: true, name: true, email: true, account }, orderBy: { id: "asc" as const } },
          caregivers: {
            select: { caregiver: { select: { id: true, name: true, email: true, position: true, account } } },
            orderBy: { caregiverId: "asc" as const },
          },
        },
        orderBy: { id: "asc" as const },
      };
      const institutes = await p.institute.findMany({
        select: {
          id: true,
          name: true,
          idpIssuer: true,
          idpClientId: true,
          allowProvisioning: true,
          clinics,
          accounts: account,
        },
        orderBy: { id: "asc" },
      });
      const signIn = (a: { username: string; disabled: boolean } | null) =>
        a ? `${a.username}${a.disabled ? " (disabled)" : ""}` : "no sign-in";
      const printClinic = (c: (typeof institutes)[number]["clinics"][number], indent: string) => {
        console.log(`${indent}Clinic ${c.id} ${c.name} <${c.email}>`);
        for (const s of c.staff) console.log(`${indent}  Staff ${s.id} ${s.name} <${s.email}>  ${signIn(s.account)}`);
        for (const { caregiver: g } of c.caregivers)
          console.log(`${indent}  Caregiver ${g.id} ${g.name} <${g.email}> ${g.position}  ${signIn(g.account)}`);
      };
      for (const i of institutes) {
        console.log(
          `Institute ${i.id} ${i.name}  users: ${i.accounts.map(signIn).join(", ") || "-"}  IdP: ${i.idpIssuer ?? "-"}${i.idpClientId ? ` (${i.idpClientId})` : ""}  provisioning: ${i.allowProvisioning}`,
        );
        for (const c of i.clinics) printClinic(c, "  ");
      }
    },
  },
};

function help() {
  console.log("Usage: npm run admin -- <command> [options]\n\nCommands:");
  for (const [name, c] of Object.entries(COMMANDS)) console.log(`  ${name} ${c.usage}\n      ${c.help}`);
  console.log(
    "\nThe database is DATABASE_URL, or the embedded one under .data/ (started for the command when not running).",
  );
}

/**
 * The one line an operator reads for a failed command: what went wrong in words, never a stack or
 * a Prisma frame (whose message quotes the query). Every command gets it by throwing.
 */
function reason(e: unknown): string {
  const taken = uniqueViolation(e);
  if (taken)
    return `already taken: ${taken.fields.join(", ") || taken.constraint || "a unique value"} (choose another)`;
  const kind = errorKind(e);
  if (kind.code === "P2003" || kind.sqlState === "23503") return "an id given (--institute or --clinic) does not exist";
  if (isRecordNotFound(e)) return "no such record: check the id given";
  if (isDbUnavailable(e)) return "the database cannot be reached";
  if (kind.sqlState || /^P\d{4}$/.test(kind.code ?? "") || /^(Prisma|DriverAdapter)/.test(kind.type))
    return `unexpected database error (${[kind.type, kind.code, kind.sqlState].filter(Boolean).join(" ")})`;
  const first = e instanceof Error ? (e.message.split("\n")[0] ?? "").trim() : "";
  return first || `unexpected error (${kind.type})`;
}

/** Runs the command; the exit status is 0 only when it did all it was asked. */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    help();
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command ${name} (npm run admin -- --help lists them)`);
  const options = [
    "name",
    "email",
    "username",
    "password",
    "api-key",
    "idp-issuer",
    "idp-client-id",
    "idp-client-secret",
    "idp-client-secret-file",
    "institute",
    "clinic",
    "position",
    "caregiver",
    "retry",
  ];
  let parsed: Opts;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        ...Object.fromEntries(options.map((o) => [o, { type: "string" as const }])),
        "allow-provisioning": { type: "boolean" },
        "deny-provisioning": { type: "boolean" },
        remove: { type: "boolean" },
        failed: { type: "boolean" },
      },
      strict: true,
    }).values;
  } catch (e) {
    throw new UsageError(`${reason(e)} (usage: npm run admin -- ${name} ${command.usage})`);
  }
  const db = await localDatabase();
  const p = scriptClient(db.url);
  try {
    await command.run(p, parsed);
    return 0;
  } finally {
    await p.$disconnect().catch(() => {});
    await db.stop().catch(() => {});
  }
}

/** A mistake in the command line itself (exit status 2, as usual for usage errors). */
class UsageError extends Error {}

let status: number;
try {
  status = await main(process.argv.slice(2));
} catch (e) {
  console.error(`Error: ${reason(e)}`);
  status = e instanceof UsageError ? 2 : 1;
}
// Explicitly: a library's handle left open (or its exit handler) must not decide the status. What
// was printed goes out first: exiting cuts off output still queued for a pipe.
await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write("", done))));
process.exit(status);
