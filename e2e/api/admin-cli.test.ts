import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { openSecret } from "@/lib/auth/secret-box";
import { makeInstitute } from "@/prisma/factories";
import { admin, adminRead, adminThroughTsx, adminWithEnv, type Run } from "./support/admin-cli";
import { idpIssuer } from "./support/sso";
import { db, login, makeWorld, uid } from "./support/world";

// The operator's CLI (`npm run admin`) as the operator runs it, against the test database: every
// error is a non-zero exit with one line on stderr and no stack; a good command exits 0.
const failsLoudly = (r: Run, reason: RegExp) => {
  expect(r.code, r.stdout + r.stderr).not.toBe(0);
  const lines = r.stderr.trim().split("\n");
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Error: /);
  expect(lines[0]).toMatch(reason);
  expect(r.stderr + r.stdout).not.toMatch(/\n\s+at |invocation|prisma|node_modules|\.ts:\d/i);
};

describe("npm run admin", { timeout: 240_000 }, () => {
  it("refuses every bad command with a non-zero exit and one line", async () => {
    const w = await makeWorld();
    const u = uid();
    const good = [
      "--name",
      `Staff ${u}`,
      "--email",
      `s-${u}@x.test`,
      "--username",
      `cli-${u}`,
      "--password",
      "long enough password",
    ];
    // One after another: each is a Node process, and the suite's other files share the machine.
    const commands = [
      [
        "create-staff",
        "--clinic",
        String(w.clinic.id),
        ...good.slice(0, 5),
        `Staff-${w.u}`,
        "--password",
        "long enough password",
      ],
      ["create-staff", "--clinic", "2147483000", ...good],
      ["create-clinic", "--institute", "2147483000", "--name", "Nowhere", "--email", `n-${u}@x.test`],
      ["create-clinic", "--institute", String(w.institute.id), "--name", "Bad", "--email", "not-an-email"],
      ["create-staff", "--clinic", String(w.clinic.id), ...good.slice(0, 7), "short"],
      ["create-staff", "--clinic", String(w.clinic.id), ...good.slice(0, 5), "two words", ...good.slice(6)],
      [
        "create-caregiver",
        "--clinic",
        `${w.clinic.id},9999999999`,
        "--name",
        "C",
        "--email",
        `c-${u}@x.test`,
        "--position",
        "Nurse",
        "--username",
        `cg-${u}`,
      ],
      ["rotate-api-key", "--institute", "2147483000"],
      ["create-staff", "--clinic", String(w.clinic.id)],
      ["create-staff", "--bogus", "1"],
      ["no-such-command"],
    ];
    const results: Run[] = [];
    for (const args of commands) results.push(await admin(...args));
    const [
      duplicate,
      unknownClinic,
      unknownInstitute,
      badEmail,
      shortPassword,
      badUsername,
      bigId,
      noInstitute,
      missing,
      badOption,
      unknownCommand,
    ] = results;
    failsLoudly(duplicate!, /already taken.*username/);
    failsLoudly(unknownClinic!, /does not exist/);
    failsLoudly(unknownInstitute!, /does not exist/);
    failsLoudly(badEmail!, /--email must be an email address/);
    failsLoudly(shortPassword!, /--password must be at least 12 characters/);
    failsLoudly(badUsername!, /--username may hold letters, digits and \. _ @ \+ - only/);
    failsLoudly(bigId!, /--clinic must be a positive integer id/);
    failsLoudly(noInstitute!, /no such record/);
    failsLoudly(missing!, /--name is required/);
    failsLoudly(badOption!, /bogus/);
    failsLoudly(unknownCommand!, /unknown command no-such-command/);
  });

  it("runs from its TypeScript source through tsx, as `npm run admin` starts it, as the tests' bundle runs", async () => {
    // A command that reaches the database and fails there: the whole CLI loads, connects and words
    // the error the same way from either entry.
    const args = ["rotate-api-key", "--institute", "2147483000"];
    const [throughTsx, bundled] = await Promise.all([adminThroughTsx(...args), admin(...args)]);
    failsLoudly(throughTsx, /no such record/);
    expect(throughTsx).toEqual(bundled);
  });

  it("creates with a good command (exit 0), and lists the clinics' staff and care providers", async () => {
    const w = await makeWorld();
    const u = uid();
    const created = await admin(
      "create-staff",
      "--clinic",
      String(w.clinic.id),
      "--name",
      `Cli Staff ${u}`,
      "--email",
      `CLI-${u}@X.test`,
      "--username",
      `Cli-${u}`,
      "--password",
      "long enough password",
    );
    expect(created.code, created.stderr).toBe(0);
    // Stored as it signs in, in any case.
    expect(await login(`CLI-${u}`, "long enough password")).toBeTruthy();
    expect(created.stdout).toMatch(/^Created staff \d+/);
    const list = await admin("list");
    expect(list.code, list.stderr).toBe(0);
    const block = list.stdout.slice(list.stdout.indexOf(`Clinic ${w.clinic.id} `));
    expect(block).toMatch(new RegExp(`Staff \\d+ Cli Staff ${u} <cli-${u}@x.test>  cli-${u}`));
    expect(block).toMatch(new RegExp(`Staff \\d+ Staff ${w.u} <staff-${w.u}@test.test>  staff-${w.u}`));
    expect(block).toMatch(
      new RegExp(`Caregiver ${w.caregiver.id} Carer ${w.u} <carer-${w.u}@test.test> Psychologist  carer-${w.u}`),
    );
    expect(list.stdout).not.toMatch(/\$argon2|passwordHash/);
  });

  it("hashes the passwords of the sign-ins it creates with production's argon2 parameters, unlike test data", async () => {
    const w = await makeWorld();
    const u = uid();
    const pass = "long enough password";
    const runs = [
      await admin(
        "create-institute",
        "--name",
        `Cli Institute ${u}`,
        "--username",
        `cli-inst-${u}`,
        "--password",
        pass,
      ),
      await admin(
        "create-staff",
        "--clinic",
        String(w.clinic.id),
        "--name",
        `Cli Staff ${u}`,
        "--email",
        `cli-staff-${u}@x.test`,
        "--username",
        `cli-staff-${u}`,
        "--password",
        pass,
      ),
      await admin(
        "create-caregiver",
        "--clinic",
        String(w.clinic.id),
        "--name",
        `Cli Carer ${u}`,
        "--email",
        `cli-carer-${u}@x.test`,
        "--position",
        "Nurse",
        "--username",
        `cli-carer-${u}`,
        "--password",
        pass,
      ),
    ];
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const hashes = await db.account.findMany({
      where: { username: { in: [`cli-inst-${u}`, `cli-staff-${u}`, `cli-carer-${u}`] } },
      select: { passwordHash: true },
    });
    expect(hashes).toHaveLength(3);
    // OWASP's argon2id: 19 MiB, two passes (lib/auth/password.ts), whatever the factories use.
    for (const { passwordHash } of hashes) expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The test world's accounts are cheap to make, and still sign in through the product's code.
    const staff = await db.account.findUniqueOrThrow({ where: { username: `staff-${w.u}` } });
    expect(staff.passwordHash).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await w.token("staff")).toBeTruthy();
    expect(await w.token("carer")).toBeTruthy();
  });

  it("registers an institute's identity provider with the secret from a file, changes one setting alone, and removes it", async () => {
    const u = uid();
    const institute = await makeInstitute(db, { name: `Idp Cli ${u}` });
    const at = ["--institute", String(institute.id)];
    const dir = await mkdtemp(path.join(tmpdir(), "idp-secret-"));
    const secretFile = path.join(dir, "secret");
    const registration = async () =>
      db.institute.findUniqueOrThrow({
        where: { id: institute.id },
        select: { idpIssuer: true, idpClientId: true, idpClientSecretEnc: true, allowProvisioning: true },
      });
    const secretOf = (r: { idpClientSecretEnc: string | null }) =>
      r.idpClientSecretEnc && openSecret(r.idpClientSecretEnc, inject("secretKey"));
    try {
      // Kept out of the process list and the shell's history: the file's first line is the secret.
      await writeFile(secretFile, `first-secret-${u}\n`);
      const set = await admin(
        "set-institute-idp",
        ...at,
        "--idp-issuer",
        idpIssuer,
        "--idp-client-id",
        `app-${u}`,
        "--idp-client-secret-file",
        secretFile,
      );
      expect(set.code, set.stderr).toBe(0);
      // The provider answered its discovery as the issuer it was registered as: no warning.
      expect(set.stderr).toBe("");
      expect(set.stdout).not.toContain(`first-secret-${u}`);
      expect(await registration()).toMatchObject({ idpIssuer, idpClientId: `app-${u}`, allowProvisioning: false });
      expect(secretOf(await registration())).toBe(`first-secret-${u}`);

      // A new secret alone, then provisioning alone: what is not named stays as it was.
      await writeFile(secretFile, `second-secret-${u}`);
      const rotated = await admin("set-institute-idp", ...at, "--idp-client-secret-file", secretFile);
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(await registration()).toMatchObject({ idpIssuer, idpClientId: `app-${u}` });
      expect(secretOf(await registration())).toBe(`second-secret-${u}`);
      const provisioning = await admin("set-institute-idp", ...at, "--allow-provisioning");
      expect(provisioning.code, provisioning.stderr).toBe(0);
      expect(await registration()).toMatchObject({ idpIssuer, idpClientId: `app-${u}`, allowProvisioning: true });
      expect(secretOf(await registration())).toBe(`second-secret-${u}`);

      // Saved, and the operator told at once that sign-ins through it will fail.
      const unreachable = await admin(
        "set-institute-idp",
        ...at,
        "--idp-issuer",
        "http://127.0.0.1:9",
        "--idp-client-id",
        `app-${u}`,
        "--idp-client-secret-file",
        secretFile,
      );
      expect(unreachable.code, unreachable.stderr).toBe(0);
      expect(unreachable.stderr.trim()).toMatch(/^Warning: the identity provider could not be reached/);
      expect((await registration()).idpIssuer).toBe("http://127.0.0.1:9");

      // Mistakes in the command line: exit 2, nothing changed.
      const before = await registration();
      const usage = [
        await admin("set-institute-idp", ...at),
        await admin("set-institute-idp", ...at, "--remove", "--idp-client-id", "x"),
        await admin("set-institute-idp", ...at, "--idp-client-secret", "s", "--idp-client-secret-file", secretFile),
        await admin("set-institute-idp", ...at, "--allow-provisioning", "--deny-provisioning"),
        // The stored secret never goes to another host: a new issuer brings its own.
        await admin("set-institute-idp", ...at, "--idp-issuer", "https://elsewhere.example"),
        await admin("set-institute-idp", ...at, "--idp-client-secret", "  "),
        await admin(
          "set-institute-idp",
          ...at,
          "--idp-issuer",
          "ftp://x",
          "--idp-client-id",
          "x",
          "--idp-client-secret",
          "s",
        ),
      ];
      const reasons = [
        /nothing to change/,
        /--remove goes alone/,
        /either --idp-client-secret or --idp-client-secret-file/,
        /either --allow-provisioning or --deny-provisioning/,
        /a new --idp-issuer needs its --idp-client-id and client secret too/,
        /--idp-client-secret must not be empty/,
        /--idp-issuer must be an http\(s\) URL/,
      ];
      usage.forEach((r, n) => {
        expect(r.code, r.stderr).toBe(2);
        failsLoudly(r, reasons[n] ?? /never/);
      });
      const missingFile = await admin("set-institute-idp", ...at, "--idp-client-secret-file", `${secretFile}-none`);
      failsLoudly(missingFile, /--idp-client-secret-file cannot be read/);
      expect(await registration()).toEqual(before);

      const removed = await admin("set-institute-idp", ...at, "--remove");
      expect(removed.code, removed.stderr).toBe(0);
      expect(await registration()).toEqual({
        idpIssuer: null,
        idpClientId: null,
        idpClientSecretEnc: null,
        allowProvisioning: false,
      });
      // A first registration needs all three.
      const partial = await admin("set-institute-idp", ...at, "--idp-client-id", "x");
      expect(partial.code).toBe(2);
      failsLoudly(partial, /has no identity provider yet: --idp-issuer, --idp-client-id and a client secret/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses to seal an IdP secret without the servers' SECRET_KEY when DATABASE_URL names the database", async () => {
    // Found by the review as an operator (2026-12-06): run from the operator's own machine with
    // DATABASE_URL and no SECRET_KEY, the CLI sealed the secret under a key it generated into that
    // checkout's .data/secret-key, said "stored encrypted" and exited 0; every SSO of the institute
    // then answered 500, the servers unable to open it.
    const u = uid();
    const institute = await makeInstitute(db, { name: `Key Cli ${u}` });
    const dir = await mkdtemp(path.join(tmpdir(), "idp-secret-"));
    const secretFile = path.join(dir, "secret");
    try {
      await writeFile(secretFile, `secret-${u}\n`);
      const register = (env: Record<string, string | undefined>) =>
        adminWithEnv(
          env,
          "set-institute-idp",
          "--institute",
          String(institute.id),
          "--idp-issuer",
          idpIssuer,
          "--idp-client-id",
          `app-${u}`,
          "--idp-client-secret-file",
          secretFile,
        );
      const unset = await register({ SECRET_KEY: undefined });
      expect(unset.code, unset.stdout + unset.stderr).toBe(1);
      failsLoudly(unset, /SECRET_KEY is required when DATABASE_URL is set/);
      const short = await register({ SECRET_KEY: "too-short" });
      expect(short.code, short.stdout + short.stderr).toBe(1);
      failsLoudly(short, /SECRET_KEY must be at least 32 characters/);
      const stored = await db.institute.findUniqueOrThrow({ where: { id: institute.id } });
      expect(stored).toMatchObject({ idpIssuer: null, idpClientSecretEnc: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("prints the whole of a listing larger than a pipe's buffer before it exits", async () => {
    // An institute whose name alone is 2 MB, more than the pipe and the reader buffer: exiting at once
    // used to cut off what was still queued.
    const u = uid();
    const marker = `end-of-listing-${u}`;
    const institute = await makeInstitute(db, { name: `${"long name ".repeat(200_000)}${marker}` });
    const list = await adminRead(["list"], true);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout.length).toBeGreaterThan(2_000_000);
    expect(list.stdout).toContain(`${marker}  users:`);
    expect(list.stdout).toContain(`Institute ${institute.id} `);
  });
});
