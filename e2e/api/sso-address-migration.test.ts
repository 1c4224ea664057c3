// Sign-ins made by single sign-on had no address of their own until 2026-12-06, and were reached
// by the person's email, which staff may change (docs/RELIABILITY.md). A migration gives those made
// before the person's email as it then is; an erased client's sign-in keeps none.
import { describe, expect, it } from "vitest";
import { eraseClient } from "@/lib/clients/erase-client";
import { makeClient } from "@/prisma/factories";
import { migrationRolledBack } from "./support/rolled-back-migration";
import { db, makeWorld } from "./support/world";

const MIGRATION = "20261206233000_sso_sign_in_address";

describe(`migration ${MIGRATION}`, () => {
  it("gives an earlier SSO-made sign-in the person's email, leaves an own address and an erased client's none", async () => {
    const w = await makeWorld();
    // As SSO made them before: no password and no address.
    const made = await makeClient(db, { clinicId: w.clinic.id, name: `Made ${w.u}`, email: `Made-${w.u}@Test.test` });
    const account = await db.account.create({
      data: { username: `sso-client-${made.id}`, role: "CLIENT", clientId: made.id },
    });
    const erased = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Erased ${w.u}`,
      email: `gone-${w.u}@test.test`,
    });
    await db.account.create({ data: { username: `sso-client-${erased.id}`, role: "CLIENT", clientId: erased.id } });
    await eraseClient(db, w.clinic.id, erased.id);
    const own = await db.account.findUniqueOrThrow({ where: { username: w.client.username } });
    // Staff changed this person's email since their sign-in was made with a password.
    await db.client.update({ where: { id: w.client.id }, data: { email: `changed-${w.u}@test.test` } });
    const seen = await migrationRolledBack(MIGRATION, async (tx) => {
      const email = async (where: { id: number } | { clientId: number }) =>
        (await tx.account.findUniqueOrThrow({ where })).email;
      return [await email({ id: account.id }), await email({ id: own.id }), await email({ clientId: erased.id })];
    });
    expect(seen).toEqual([`made-${w.u}@test.test`, own.email, null]);
    expect(own.email).not.toBe(`changed-${w.u}@test.test`);
  });
});
