// `npm run admin -- <command>`: the operator's onboarding ("created by hand" in the spec).
// Prints what it created; a secret it generated (password, apiKey) is shown once, at creation,
// and is never readable again: only hashes, or ciphertext for the IdP secret, are stored.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { disableAccount, enableAccount } from "@/lib/auth/disable-account";
import { sealSecret } from "@/lib/auth/secret-box";
import { sha256 } from "@/lib/auth/token-hash";
import { makeAccount, makeCaregiver, makeClinic, makeInstitute, makeStaff } from "@/lib/db/factories";
import { localDatabase, localSecretKey } from "@/lib/db/local-database";
import { scriptClient } from "@/lib/db/script-client";
import type { PrismaClient } from "@/lib/generated/prisma/client";

type Opts = Record<string, string | boolean | undefined>;
type Command = { usage: string; help: string; run: (p: PrismaClient, o: Opts) => Promise<void> };

const generated = () => randomBytes(12).toString("base64url");
const need = (o: Opts, k: string): string => {
  const v = o[k];
  if (typeof v !== "string" || v.trim() === "") throw new Error(`--${k} is required`);
  return v.trim();
};
const int = (o: Opts, k: string) => {
  const n = Number(need(o, k));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${k} must be a positive integer`);
  return n;
};
const show = (title: string, rows: Record<string, unknown>) => {
  console.log(title);
  for (const [k, v] of Object.entries(rows)) if (v !== undefined) console.log(`  ${k.padEnd(18)} ${v}`);
};
const idpFields = (o: Opts) => {
  const issuer = o["idp-issuer"], clientId = o["idp-client-id"], secret = o["idp-client-secret"];
  if (issuer === undefined && clientId === undefined && secret === undefined) return {};
  if (typeof issuer !== "string" || typeof clientId !== "string" || typeof secret !== "string") {
    throw new Error("--idp-issuer, --idp-client-id and --idp-client-secret go together");
  }
  if (!/^https?:\/\//.test(issuer)) throw new Error("--idp-issuer must be an http(s) URL");
  return { idpIssuer: issuer.replace(/\/$/, ""), idpClientId: clientId, idpClientSecretEnc: sealSecret(secret, localSecretKey()) };
};

const COMMANDS: Record<string, Command> = {
  "create-institute": {
    usage: "--name <name> --username <api user> [--password <pw>] [--api-key <key>] [--allow-provisioning] [--idp-issuer <url> --idp-client-id <id> --idp-client-secret <secret>]",
    help: "An API customer: its institute, its API sign-in and apiKey, and optionally its identity provider.",
    async run(p, o) {
      const password = typeof o.password === "string" ? o.password : generated();
      const apiKey = typeof o["api-key"] === "string" ? o["api-key"] : `ak_${randomBytes(24).toString("base64url")}`;
      const username = need(o, "username");
      const institute = await p.$transaction(async (tx) => {
        const t = tx as unknown as PrismaClient;
        const i = await makeInstitute(t, { name: need(o, "name"), apiKey, allowProvisioning: o["allow-provisioning"] === true, ...idpFields(o) });
        await makeAccount(t, { username, password, role: "INSTITUTE", instituteId: i.id });
        return i;
      });
      show(`Created institute ${institute.id}`, {
        name: institute.name, username, password: typeof o.password === "string" ? "(as given)" : `${password}  (shown once)`,
        apiKey: typeof o["api-key"] === "string" ? "(as given)" : `${apiKey}  (shown once)`,
        "identity provider": o["idp-issuer"] ? `${o["idp-issuer"]} (client ${o["idp-client-id"]}; secret stored encrypted)` : "none",
        provisioning: o["allow-provisioning"] === true ? "unknown SSO users are created" : "unknown SSO users are refused",
      });
    },
  },
  "set-institute-idp": {
    usage: "--institute <id> --idp-issuer <url> --idp-client-id <id> --idp-client-secret <secret> [--allow-provisioning | --deny-provisioning]",
    help: "Registers (or replaces) an institute's OpenID Connect identity provider.",
    async run(p, o) {
      const id = int(o, "institute");
      const data = { ...idpFields(o), ...(o["allow-provisioning"] ? { allowProvisioning: true } : o["deny-provisioning"] ? { allowProvisioning: false } : {}) };
      if (!("idpIssuer" in data)) throw new Error("--idp-issuer, --idp-client-id and --idp-client-secret are required");
      const i = await p.institute.update({ where: { id }, data, select: { id: true, name: true, idpIssuer: true, idpClientId: true, allowProvisioning: true } });
      show(`Updated institute ${i.id}`, { name: i.name, issuer: i.idpIssuer, "client id": i.idpClientId, "client secret": "stored encrypted", provisioning: i.allowProvisioning });
    },
  },
  "rotate-api-key": {
    usage: "--institute <id>",
    help: "Issues a new apiKey for an institute; the old one stops working.",
    async run(p, o) {
      const apiKey = `ak_${randomBytes(24).toString("base64url")}`;
      const i = await p.institute.update({ where: { id: int(o, "institute") }, data: { apiKeyHash: sha256(apiKey) }, select: { id: true } });
      show(`New apiKey for institute ${i.id}`, { apiKey: `${apiKey}  (shown once)` });
    },
  },
  "create-clinic": {
    usage: "--institute <id> --name <name> --email <email>",
    help: "A clinic of an institute; the email identifies it in SSO.",
    async run(p, o) {
      const c = await makeClinic(p, { instituteId: int(o, "institute"), name: need(o, "name"), email: need(o, "email") });
      show(`Created clinic ${c.id}`, { name: c.name, email: c.email });
    },
  },
  "create-staff": {
    usage: "--clinic <id> --name <name> --email <email> --username <u> [--password <pw>]",
    help: "A clinic administrator (role CLINIC) with a sign-in.",
    async run(p, o) {
      const password = typeof o.password === "string" ? o.password : generated();
      const s = await p.$transaction((tx) =>
        makeStaff(tx as unknown as PrismaClient, { clinicId: int(o, "clinic"), name: need(o, "name"), email: need(o, "email"), username: need(o, "username"), password }),
      );
      show(`Created staff ${s.id}`, { username: o.username, password: typeof o.password === "string" ? "(as given)" : `${password}  (shown once)` });
    },
  },
  "create-caregiver": {
    usage: "--clinic <id>[,<id>…] --name <name> --email <email> --position <position> --username <u> [--password <pw>]",
    help: "A care provider of one or more clinics (role CAREGIVER) with a sign-in.",
    async run(p, o) {
      const clinicIds = need(o, "clinic").split(",").map(Number);
      if (clinicIds.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--clinic must be positive integers separated by commas");
      const password = typeof o.password === "string" ? o.password : generated();
      const c = await p.$transaction((tx) =>
        makeCaregiver(tx as unknown as PrismaClient, { clinicIds, name: need(o, "name"), email: need(o, "email"), position: need(o, "position"), username: need(o, "username"), password }),
      );
      show(`Created caregiver ${c.id}`, { name: c.name, username: o.username, password: typeof o.password === "string" ? "(as given)" : `${password}  (shown once)` });
    },
  },
  "disable-account": {
    usage: "--username <u>",
    help: "Disables a sign-in and revokes its tokens and web sessions at once.",
    async run(p, o) {
      const a = await disableAccount(p, need(o, "username"));
      show(`Disabled account ${a.id}`, { username: a.username, "tokens and web sessions": "revoked" });
    },
  },
  "enable-account": {
    usage: "--username <u>",
    help: "Lets a disabled sign-in sign in again (its old tokens and sessions stay revoked).",
    async run(p, o) {
      const a = await enableAccount(p, need(o, "username"));
      show(`Enabled account ${a.id}`, { username: a.username });
    },
  },
  list: {
    usage: "",
    help: "Institutes, their clinics and sign-ins (never a secret).",
    async run(p) {
      const institutes = await p.institute.findMany({
        select: { id: true, name: true, idpIssuer: true, idpClientId: true, allowProvisioning: true, clinics: { select: { id: true, name: true, email: true } }, accounts: { select: { username: true } } },
        orderBy: { id: "asc" },
      });
      for (const i of institutes) {
        console.log(`Institute ${i.id} ${i.name}  users: ${i.accounts.map((a) => a.username).join(", ") || "-"}  IdP: ${i.idpIssuer ?? "-"}${i.idpClientId ? ` (${i.idpClientId})` : ""}  provisioning: ${i.allowProvisioning}`);
        for (const c of i.clinics) console.log(`  Clinic ${c.id} ${c.name} <${c.email}>`);
      }
    },
  },
};

function help() {
  console.log("Usage: npm run admin -- <command> [options]\n\nCommands:");
  for (const [name, c] of Object.entries(COMMANDS)) console.log(`  ${name} ${c.usage}\n      ${c.help}`);
  console.log("\nThe database is DATABASE_URL, or the embedded one under .data/ (started for the command when not running).");
}

const [name, ...rest] = process.argv.slice(2);
if (!name || name === "--help" || name === "-h" || name === "help") {
  help();
  process.exit(0);
}
const command = COMMANDS[name];
if (!command) {
  console.error(`Unknown command ${name}\n`);
  help();
  process.exit(2);
}
const options = ["name", "email", "username", "password", "api-key", "idp-issuer", "idp-client-id", "idp-client-secret", "institute", "clinic", "position"];
let parsed: Opts;
try {
  parsed = parseArgs({
    args: rest,
    options: {
      ...Object.fromEntries(options.map((o) => [o, { type: "string" as const }])),
      "allow-provisioning": { type: "boolean" },
      "deny-provisioning": { type: "boolean" },
    },
    strict: true,
  }).values as Opts;
} catch (e) {
  console.error(`${(e as Error).message}\nUsage: npm run admin -- ${name} ${command.usage}`);
  process.exit(2);
}
const db = await localDatabase();
const p = scriptClient(db.url);
try {
  await command.run(p, parsed);
} catch (e) {
  const msg = (e as { code?: string }).code === "P2002" ? "that name, email or username is already taken" : (e as { code?: string }).code === "P2025" ? "no such record" : (e as Error).message;
  console.error(`Error: ${msg}`);
  process.exitCode = 1;
} finally {
  await p.$disconnect();
  await db.stop();
}
