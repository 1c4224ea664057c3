// The admin CLI's commands (`npm run admin -- <command>`): the operator's onboarding ("created by
// hand" in the spec). Prints what it created; a secret it generated (password, apiKey) is shown
// once, at creation, and is never readable again: only hashes, or ciphertext for the IdP secret,
// are stored. Passwords are hashed with production's parameters (lib/auth/password.ts), never the
// factories' cheap test ones: every factory call below that sets a password passes `hashPassword`.
import { randomBytes } from "node:crypto";
import { disableAccount, enableAccount } from "@/lib/auth/disable-account";
import { moveResetAddress } from "@/lib/auth/move-reset-address";
import { hashPassword } from "@/lib/auth/password";
import { sealSecret } from "@/lib/auth/secret-box";
import { sha256 } from "@/lib/auth/token-hash";
import { eraseClient, fromExpiredClients } from "@/lib/clients/erase-client";
import { readErasureLog, reapplyErasures } from "@/lib/clients/reapply-erasures";
import { removeCaregiverFromClinic } from "@/lib/clinics/remove-caregiver-from-clinic";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addCaregiver, makeAccount, makeClinic, makeInstitute, makeStaff } from "@/prisma/factories";
import { listJobs, retryJob } from "@/scripts/lib/admin-jobs";
import {
  UsageError,
  email,
  existingUsername,
  idpFields,
  idpIssuer,
  idpSecret,
  inputLines,
  int,
  need,
  password,
  provisioning,
  retentionYears,
  show,
  username,
  warnUnlessDiscoverable,
  id,
  type Opts,
} from "@/scripts/lib/admin-options";
import { localSecretKey } from "@/scripts/lib/local-database";
export type Command = { usage: string; help: string; run: (p: PrismaClient, o: Opts) => Promise<void> };

export const COMMANDS: Record<string, Command> = {
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
  "erase-client": {
    usage: "--clinic <id> --client <id>",
    help: "Erases a client's record at the clinic's request: homework, answers, scores, messages, documents, feedback, care team and sign-in go; the ids stay for the audit trail, which keeps every row. Cannot be undone.",
    async run(p, o) {
      const clinic = int(o, "clinic"),
        client = int(o, "client");
      const r = await eraseClient(p, clinic, client);
      show(`Erased client ${client} of clinic ${clinic}`, {
        assignments: r.assignments,
        "answers and drafts": r.answers,
        feedback: r.feedback,
        messages: r.messages,
        documents: r.documents,
        "care team": r.careTeam,
        "sessions kept as ids": r.sessions,
        "sign-in": r.signIn ? "disabled, reduced to its id" : "none",
        "queued emails": r.queuedEmails,
        // Not the line's words: this output kept with the log must not read as a line cut short.
        "log line": "written, ids only (keep it with the logs: reapply-erasures reads it after a restore)",
      });
    },
  },
  "reapply-erasures": {
    usage: "--from <log file, or - for stdin>",
    help: "After a backup is restored, before the instances start: erases again, as erase-client does, every client whose erasure the log records (the line erase-client and the retention job write) and the restore brought back. Other lines are skipped; a second run erases nothing. Exit status 1 when a line mentions an erasure but cannot be read.",
    async run(p, o) {
      const read = await readErasureLog(await inputLines(o, "from"));
      const r = await reapplyErasures(p, read.erasures);
      show("Erasures reapplied from the log", {
        "lines read": read.lines,
        "erasure lines": read.erasureLines,
        "other lines": `${read.other} (skipped)`,
        malformed: read.malformed,
        "clients named": read.erasures.length,
        "erased again": r.erasedAgain,
        "already erased": r.alreadyErased,
        "not found": r.notFound,
        "id reused, left": r.newer,
      });
      // Each such line may be an erasure the restore brought back: the run is not all it should be.
      if (read.malformed > 0)
        throw new Error(
          `${read.malformed} line(s) mention an erasure but are not its log line as written (cut short, or wrapped by a log collector): give them as the product wrote them, and run again`,
        );
    },
  },
  "set-retention": {
    usage: "--institute <id> (--years <1-100> | --keep)",
    help: "How many years a client's record is kept after the client became INACTIVE; a daily job then erases it as erase-client does. --keep: kept until erased on request (the default).",
    async run(p, o) {
      const institute = int(o, "institute");
      if ((o.years === undefined) === (o.keep !== true)) throw new UsageError("give either --years <1-100> or --keep");
      const years = o.keep === true ? null : retentionYears(need(o, "years"));
      await p.institute.update({ where: { id: institute }, data: { retentionYears: years } });
      const [past] = await p.$queryRaw<{ n: number }[]>`
        select count(*)::int as n ${fromExpiredClients} and i.id = ${institute}::int`;
      show(`Retention of institute ${institute}`, {
        "records kept": years === null ? "until erased on request" : `${years} years after the client became INACTIVE`,
        "erased at the next daily run": past?.n ?? 0,
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
