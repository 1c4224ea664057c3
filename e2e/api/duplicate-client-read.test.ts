// Found by the review as a privacy officer (2026-12-06): a client creation or change that names
// another client's email or externalClientId answers 409 (decisions.md), and so tells the caller
// that this person is a client of the clinic, which is health data (api-decisions.md, "The lists of
// clients"). A search that matched the person writes a READ_CLIENT row for them; the 409 wrote none,
// so an integration could ask "is alice@… a client here?" of every clinic of its institute and the
// clinic's audit log said nothing. The 409 now writes the READ_CLIENT row of the client it found.
import { describe, expect, it } from "vitest";
import { makeClient } from "@/prisma/factories";
import { api, db, makeWorld } from "./support/world";

const accountOf = (username: string) =>
  db.account.findFirstOrThrow({ where: { username }, select: { id: true } }).then((a) => a.id);

const clientReadsBy = (accountId: number) =>
  db.auditLog.findMany({
    where: { accountId, action: "READ_CLIENT" },
    select: { clinicId: true, targetId: true },
    orderBy: { id: "asc" },
  });

describe("a 409 that says someone is a client here is an audited read of that client", () => {
  it("creating a client with another's email or externalClientId writes the found client's row, for staff and institute", async () => {
    const w = await makeWorld();
    await db.client.update({ where: { id: w.client.id }, data: { externalClientId: `ext-${w.u}` } });
    const staff = await accountOf(`staff-${w.u}`);
    const byEmail = await api("/gateway/profile/clinic/client", {
      token: await w.token("staff"),
      body: { name: "Someone Else", email: w.client.email.toUpperCase() },
    });
    expect(byEmail.status, byEmail.text).toBe(409);
    expect(await clientReadsBy(staff)).toEqual([{ clinicId: w.clinic.id, targetId: w.client.id }]);

    const inst = await accountOf(`inst-${w.u}`);
    const byExternalId = await api("/gateway/profile/clinic/client", {
      token: await w.token("inst"),
      body: {
        name: "Someone Else",
        email: `else-${w.u}@example.test`,
        externalClientId: `ext-${w.u}`,
        clinicId: w.clinic.id,
      },
    });
    expect(byExternalId.status, byExternalId.text).toBe(409);
    expect(await clientReadsBy(inst)).toEqual([{ clinicId: w.clinic.id, targetId: w.client.id }]);
  });

  it("changing a client's email to another's writes the found client's row", async () => {
    const w = await makeWorld();
    const other = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Other ${w.u}`,
      email: `other-${w.u}@example.test`,
    });
    const staff = await accountOf(`staff-${w.u}`);
    const changed = await api(`/gateway/profile/clinic/client/${String(other.id)}`, {
      method: "PATCH",
      token: await w.token("staff"),
      body: { email: w.client.email },
    });
    expect(changed.status, changed.text).toBe(409);
    expect(await clientReadsBy(staff)).toEqual([{ clinicId: w.clinic.id, targetId: w.client.id }]);
  });
});
