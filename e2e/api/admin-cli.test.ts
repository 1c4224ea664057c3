import { describe, expect, it } from "vitest";
import { makeInstitute } from "@/prisma/factories";
import { admin, adminRead, adminThroughTsx, type Run } from "./support/admin-cli";
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
