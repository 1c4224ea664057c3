// The operator's care-provider creation follows "Accounts belong to one institute": the same email
// in the same institute is the same caregiver, added to the clinic; in another institute, another.
import { describe, expect, it } from "vitest";
import { makeCaregiver, makeClinic, makeInstitute } from "@/prisma/factories";
import { admin as runAdmin } from "./support/admin-cli";
import { db, uid } from "./support/world";

const admin = async (...args: string[]) => {
  const r = await runAdmin(...args);
  return { code: r.code, out: r.stdout + r.stderr };
};

describe("npm run admin -- create-caregiver", () => {
  it("adds an existing caregiver of the same institute to another clinic, and makes a separate one in another institute", async () => {
    const u = uid();
    const home = await makeInstitute(db, { name: `Admin Home ${u}` });
    const away = await makeInstitute(db, { name: `Admin Away ${u}` });
    const [north, south, other] = await Promise.all([
      makeClinic(db, { name: "North", email: `north-${u}@test.test`, instituteId: home.id }),
      makeClinic(db, { name: "South", email: `south-${u}@test.test`, instituteId: home.id }),
      makeClinic(db, { name: "Other", email: `other-${u}@test.test`, instituteId: away.id }),
    ]);
    const email = `kim-${u}@test.test`;
    const create = (clinicId: number, username: string) =>
      admin(
        "create-caregiver",
        "--clinic",
        String(clinicId),
        "--name",
        "Kim Carer",
        "--email",
        email,
        "--position",
        "Psychologist",
        "--username",
        username,
        "--password",
        "a-long-password-1",
      );

    expect((await create(north.id, `kim-${u}`)).code).toBe(0);
    const added = await create(south.id, `kim2-${u}`);
    expect(added.code, added.out).toBe(0);
    expect(added.out).toMatch(/Added caregiver/);
    const separate = await create(other.id, `kim-away-${u}`);
    expect(separate.code, separate.out).toBe(0);
    expect(separate.out).toMatch(/Created caregiver/);

    const caregivers = await db.caregiver.findMany({
      where: { email },
      orderBy: { id: "asc" },
      select: {
        clinics: { select: { clinicId: true }, orderBy: { clinicId: "asc" } },
        account: { select: { username: true } },
      },
    });
    expect(caregivers).toEqual([
      // The clinics were made side by side, so which of them has the lower id is not fixed.
      {
        clinics: [north.id, south.id].sort((a, b) => a - b).map((clinicId) => ({ clinicId })),
        account: { username: `kim-${u}` },
      },
      { clinics: [{ clinicId: other.id }], account: { username: `kim-away-${u}` } },
    ]);

    // (The exit status of a failed command belongs to the CLI's error handling; here, what it says and leaves.)
    const twice = await create(south.id, `kim3-${u}`);
    expect(twice.out).toMatch(/Error: .*already a caregiver of that clinic/);
    const mixed = await admin(
      "create-caregiver",
      "--clinic",
      `${north.id},${other.id}`,
      "--name",
      "Mixed",
      "--email",
      `mixed-${u}@test.test`,
      "--position",
      "Nurse",
      "--username",
      `mixed-${u}`,
    );
    expect(mixed.out).toMatch(/Error: .*different institutes/);
    expect(await db.account.count({ where: { username: { in: [`kim2-${u}`, `kim3-${u}`, `mixed-${u}`] } } })).toBe(0);
    expect(await db.caregiver.count({ where: { email: `mixed-${u}@test.test` } })).toBe(0);
  }, 120_000);

  it("gives an existing INVITED or INACTIVE care provider a sign-in that their status holds", async () => {
    const u = uid();
    const home = await makeInstitute(db, { name: `Admin Held ${u}` });
    const north = await makeClinic(db, { name: "North", email: `hn-${u}@test.test`, instituteId: home.id });
    const south = await makeClinic(db, { name: "South", email: `hs-${u}@test.test`, instituteId: home.id });
    for (const activationStatus of ["INVITED", "INACTIVE"] as const) {
      const email = `held-${activationStatus}-${u}@test.test`;
      await makeCaregiver(db, { clinicIds: [north.id], name: "Held", email, activationStatus });
      const username = `held-${activationStatus}-${u}`.toLowerCase();
      const r = await admin(
        "create-caregiver",
        "--clinic",
        String(south.id),
        "--name",
        "Held",
        "--email",
        email,
        "--position",
        "Nurse",
        "--username",
        username,
        "--password",
        "a-long-password-1",
      );
      expect(r.code, r.out).toBe(0);
      const account = await db.account.findUniqueOrThrow({ where: { username }, select: { heldByStatus: true } });
      expect(account.heldByStatus, activationStatus).toBe(true);
    }
  }, 120_000);
});
