// Usernames are stored lowercased and found typed in any case (docs/care-providers.md). Migration
// 20261202030000 lowercases the names the operator's CLI stored as typed, and stops, changing
// nothing, where two names differ only in case.
import { readFile } from "node:fs/promises";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { makeStaff } from "@/prisma/factories";
import { db, login, makeWorld, uid } from "./support/world";

const MIGRATION = "prisma/migrations/20261202030000_usernames_lowercase/migration.sql";

/** The migration's script sent whole, as the migration runs it: one transaction. */
async function migrate() {
  const sql = new pg.Client({ connectionString: inject("databaseUrl") });
  await sql.connect();
  try {
    await sql.query(await readFile(MIGRATION, "utf8"));
  } finally {
    await sql.end();
  }
}

describe("migration 20261202030000_usernames_lowercase", () => {
  it("lets a sign-in the CLI stored in capitals sign in in any case, and stops at two names differing only in case", async () => {
    const w = await makeWorld();
    const u = uid();
    const person = (name: string) => ({ clinicId: w.clinic.id, name, email: `${name}-${u}@test.test` });
    // As the operator's CLI stored them before: as typed.
    await makeStaff(db, { ...person("capital"), username: `Capital.Staff-${u}`, password: "long enough password" });
    const twin = await makeStaff(db, { ...person("twin-a"), username: `Twin-${u}`, password: "long enough password" });
    await makeStaff(db, { ...person("twin-b"), username: `twin-${u}`, password: "long enough password" });

    const refused = await migrate().then(
      () => "",
      (e: unknown) => String(e),
    );
    expect(refused).toMatch(/usernames that differ only in case: /);
    expect(refused).toContain(`Twin-${u}`);
    expect(refused).toContain(`twin-${u}`);
    const names = await db.account.findMany({
      where: { username: { in: [`Capital.Staff-${u}`, `Twin-${u}`, `twin-${u}`] } },
      select: { username: true },
    });
    expect(names).toHaveLength(3);

    await db.account.updateMany({ where: { staffId: twin.id }, data: { username: `Twin-renamed-${u}` } });
    await migrate();
    for (const typed of [`capital.staff-${u}`, `Capital.Staff-${u}`, `CAPITAL.STAFF-${u}`])
      expect(await login(typed, "long enough password")).toBeTruthy();
    expect(await db.account.count({ where: { username: { in: [`twin-renamed-${u}`, `twin-${u}`] } } })).toBe(2);
  });
});
