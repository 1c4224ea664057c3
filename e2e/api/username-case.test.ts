// Usernames are stored folded (A-Z in lower case, trimmed) and found typed in any case
// (lib/schemas/username.ts; docs/care-providers.md). Migration 20261202030000 folds the names the
// operator's CLI stored as typed, stops, changing nothing, where two differ only in case, and keeps
// every later write folded.
import { readFile } from "node:fs/promises";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { makeStaff } from "@/prisma/factories";
import { db, login, makeWorld, uid } from "./support/world";

const MIGRATION = "prisma/migrations/20261202030000_usernames_lowercase/migration.sql";

/** Runs `work` on a connection of its own; `replica` sets it past triggers, as rows written before the migration were. */
async function onConnection<T>(work: (sql: pg.Client) => Promise<T>, replica = false): Promise<T> {
  const sql = new pg.Client({ connectionString: inject("databaseUrl") });
  await sql.connect();
  try {
    if (replica) await sql.query("set session_replication_role = replica");
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/** The migration's script sent whole, as the migration runs it: one transaction. */
const migrate = async () => {
  const script = await readFile(MIGRATION, "utf8");
  await onConnection((sql) => sql.query(script));
};

/** A staff sign-in named as the operator's CLI stored it before the migration: as typed. */
async function legacyStaff(clinicId: number, name: string, username: string) {
  const staff = await makeStaff(db, {
    clinicId,
    name,
    email: `${name}@test.test`,
    username: `tmp-${uid()}`,
    password: "long enough password",
  });
  await onConnection(
    (sql) => sql.query(`update "Account" set username = $1 where "staffId" = $2`, [username, staff.id]),
    true,
  );
  return db.account.findFirstOrThrow({ where: { staffId: staff.id }, select: { id: true } });
}

describe("migration 20261202030000_usernames_lowercase", () => {
  it("lets a sign-in the CLI stored in capitals sign in in any case, and stops at two names differing only in case", async () => {
    const w = await makeWorld();
    const u = uid();
    await legacyStaff(w.clinic.id, `capital-${u}`, `Capital.Staff-${u}`);
    // Only A-Z are folded: Ö stays as stored, and the name signs in as it did.
    await legacyStaff(w.clinic.id, `umlaut-${u}`, `Özlem.Staff-${u}`);
    const twinA = await legacyStaff(w.clinic.id, `twin-a-${u}`, `Twin-${u}`);
    const twinB = await legacyStaff(w.clinic.id, `twin-b-${u}`, `twin-${u}`);

    const refused = await migrate().then(
      () => "",
      (e: unknown) => String(e),
    );
    expect(refused).toMatch(/accounts whose usernames differ only in case \(ids: [^)]*\)/);
    expect(refused).toContain(`${String(twinA.id)}, ${String(twinB.id)}`);
    expect(refused).not.toContain(`twin-${u}`);
    const names = await db.account.count({
      where: { username: { in: [`Capital.Staff-${u}`, `Özlem.Staff-${u}`, `Twin-${u}`, `twin-${u}`] } },
    });
    expect(names).toBe(4);

    await onConnection(
      (sql) => sql.query(`update "Account" set username = $1 where id = $2`, [`Twin-renamed-${u}`, twinA.id]),
      true,
    );
    await migrate();
    for (const typed of [`capital.staff-${u}`, `Capital.Staff-${u}`, ` CAPITAL.STAFF-${u} `])
      expect(await login(typed, "long enough password")).toBeTruthy();
    for (const typed of [`Özlem.Staff-${u}`, `ÖZLEM.STAFF-${u}`])
      expect(await login(typed, "long enough password")).toBeTruthy();
    expect(await db.account.count({ where: { username: { in: [`twin-renamed-${u}`, `twin-${u}`] } } })).toBe(2);
  });

  it("keeps every later write folded: a name with a capital is refused by the database", async () => {
    const w = await makeWorld();
    const staff = await db.account.findFirstOrThrow({ where: { username: `staff-${w.u}` }, select: { id: true } });
    await expect(db.account.update({ where: { id: staff.id }, data: { username: `Staff-${w.u}` } })).rejects.toThrow(
      /stored without capitals/,
    );
    expect(await login(`STAFF-${w.u}`, w.password)).toBeTruthy();
  });
});
