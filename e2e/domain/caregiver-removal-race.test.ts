import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateCaregiver } from "@/lib/caregivers/update-caregiver";
import { createCaregiver } from "@/lib/caregivers/create-caregiver";
import { createClient } from "@/lib/clients/create-client";
import { toAppError } from "@/lib/gateway/handler";
import { CaregiverCreateRequest } from "@/lib/schemas/caregiver";
import { ClientCreateRequest } from "@/lib/schemas/client";
import { ScheduleSessionsRequest } from "@/lib/schemas/scheduling";
import { scheduleSessions } from "@/lib/sessions/schedule-sessions";
import { makeCaregiver, makeClient, makeClinic } from "@/prisma/factories";
import { db, makeWorld } from "./support/domain-world";
import { uid } from "../support/world";
import { raceOnOwnConnections } from "./support/race";

// A care provider taken out of a clinic must own no open session there (the removal refuses with
// 409 while they do). Found by the race review of 2026-12-02: a client created with a first session
// for them while the removal ran, or two removals of several clinics each, reached what no single
// request could: an open session owned by someone who no longer works in the clinic, or a 503.

const race = raceOnOwnConnections();
beforeAll(() => race.start());
afterAll(() => race.stop());

const settled = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

async function clinicOf(w: Awaited<ReturnType<typeof makeWorld>>, name: string) {
  const u = uid();
  return makeClinic(db, { name: `${name} ${u}`, email: `${name}-${u}@test.test`, instituteId: w.institute.id });
}

describe("a care provider's removal from a clinic racing what gives them work there", () => {
  it("a client created with a first session for them meanwhile: one of the two is refused, and no open session is left to someone gone", async () => {
    const w = await makeWorld();
    const second = await clinicOf(w, "second");
    const carer = await makeCaregiver(db, {
      clinicIds: [w.clinic.id, second.id],
      name: `Leaving ${w.u}`,
      email: `leaving-${w.u}@test.test`,
    });

    // The removal has read the clients of theirs it must lock (none) and waits at the membership.
    const membership = await race.holding(
      `select 1 from "CaregiverClinic" where "caregiverId" = ${carer.id} and "clinicId" = ${w.clinic.id} for key share`,
    );
    const removing = settled(updateCaregiver(await w.scope("inst"), carer.id, { removeClinicIds: [w.clinic.id] }, 0));
    await race.waiterOf(membership.pid);
    const creating = settled(
      createClient(
        await w.scope("staff"),
        ClientCreateRequest.parse({
          name: "Racing Client",
          email: `racing-${w.u}@test.test`,
          session: { caregiverId: carer.id },
        }),
        { offset: 0 },
      ),
    );
    // The creation either goes through at once or waits too; either way the membership then goes.
    await Promise.race([creating, new Promise((r) => setTimeout(r, 2_000))]);
    await membership.release();
    const [removal, creation] = [await removing, await creating];

    const refused = [removal, creation].filter((e) => e !== null);
    expect(refused, "both went through").toHaveLength(1);
    expect(["conflict", "unprocessable"]).toContain(toAppError(refused[0]).code);
    const member = await db.caregiverClinic.count({ where: { caregiverId: carer.id, clinicId: w.clinic.id } });
    const open = await db.session.count({ where: { caregiverId: carer.id, clinicId: w.clinic.id, closedAt: null } });
    expect({ member, open }).toEqual(removal === null ? { member: 0, open: 0 } : { member: 1, open: 1 });
  });

  it("a care provider added with clients named in falling order, while another's removal locks them, both go through", async () => {
    // Found by the attack review of 2026-12-02: the new care provider's care-team rows took their
    // clients (by the foreign key) in the order the request named them, the removal in id order.
    const w = await makeWorld();
    const second = await clinicOf(w, "second");
    const leaving = await makeCaregiver(db, {
      clinicIds: [w.clinic.id, second.id],
      name: `Leaving ${w.u}`,
      email: `leaving-${w.u}@test.test`,
    });
    const [low, high] = [
      await makeClient(db, {
        clinicId: w.clinic.id,
        name: `Low ${w.u}`,
        email: `low-${w.u}@test.test`,
        careTeam: [leaving.id],
      }),
      await makeClient(db, {
        clinicId: w.clinic.id,
        name: `High ${w.u}`,
        email: `high-${w.u}@test.test`,
        careTeam: [leaving.id],
      }),
    ];

    // The removal waits for the first of its clients, and the addition comes meanwhile. Naming the
    // clients in falling order, it took the second and waited for the first, and the removal, once
    // the first was free, waited for the second: a deadlock. In id order it waits for the first.
    const first = await race.holding(`select 1 from "Client" where id = ${low.id} for update`);
    const removing = settled(updateCaregiver(await w.scope("inst"), leaving.id, { removeClinicIds: [w.clinic.id] }, 0));
    await race.untilWaiting(1);
    const adding = settled(
      createCaregiver(
        await w.scope("staff"),
        CaregiverCreateRequest.parse({
          name: `New ${w.u}`,
          email: `new-${w.u}@test.test`,
          position: "Therapist",
          clientIds: [high.id, low.id],
        }),
        null,
      ),
    );
    await race.untilWaiting(2);
    await first.release();

    const [removal, addition] = [await removing, await adding];
    expect([removal && toAppError(removal).code, addition && toAppError(addition).code]).toEqual([null, null]);
    expect(await db.careTeamMember.count({ where: { caregiverId: leaving.id } })).toBe(0);
  });

  it("two removals of two clinics each, named in opposite orders, both go through", async () => {
    const w = await makeWorld();
    const [k, l, m] = [w.clinic, await clinicOf(w, "l"), await clinicOf(w, "m")];
    const carers = [];
    for (const n of [1, 2])
      carers.push(
        await makeCaregiver(db, {
          clinicIds: [k.id, l.id, m.id],
          name: `Carer ${n} ${w.u}`,
          email: `carer-${n}-${w.u}@test.test`,
        }),
      );
    const [one, two] = carers;
    if (!one || !two) throw new Error("no caregivers");
    const team = [one.id, two.id];
    const inK = await makeClient(db, { clinicId: k.id, name: `K ${w.u}`, email: `k-${w.u}@test.test`, careTeam: team });
    await makeClient(db, { clinicId: l.id, name: `L ${w.u}`, email: `l-${w.u}@test.test`, careTeam: team });

    // The first removal waits for the client in K; the second starts on its own order meanwhile.
    const client = await race.holding(`select 1 from "Client" where id = ${inK.id} for update`);
    const inst = await w.scope("inst");
    const first = settled(updateCaregiver(inst, one.id, { removeClinicIds: [k.id, l.id] }, 0));
    await race.untilWaiting(1);
    const second = settled(updateCaregiver(inst, two.id, { removeClinicIds: [l.id, k.id] }, 0));
    await race.untilWaiting(2);
    await client.release();

    expect([await first, await second]).toEqual([null, null]);
    expect(
      await db.caregiverClinic.count({ where: { caregiverId: { in: team }, clinicId: { in: [k.id, l.id] } } }),
    ).toBe(0);
  });
});

// The care provider's own change of care teams (addClientIds, removeClientIds; docs/care-providers.md,
// "Care teams") takes the clients' row locks as a client's edit and a scheduling do.
describe("a care provider's care-team change racing the scheduling and other changes of the same clients", () => {
  it("taken off a client's team while staff schedule a session of theirs for that client: one is refused, and no open session is left to someone off the team", async () => {
    const w = await makeWorld();
    const { id: clientId } = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Scheduled ${w.u}`,
      email: `scheduled-${w.u}@test.test`,
      careTeam: [w.carer.id],
    });
    const staff = await w.scope("staff");
    // The removal waits for the client; the scheduling comes meanwhile and waits behind it.
    const client = await race.holding(`select 1 from "Client" where id = ${clientId} for update`);
    const removing = settled(updateCaregiver(staff, w.carer.id, { removeClientIds: [clientId] }, 0));
    await race.untilWaiting(1);
    const scheduling = settled(
      scheduleSessions(staff, ScheduleSessionsRequest.parse({ clientId, caregiverId: w.carer.id }), { offset: 0 }),
    );
    await race.untilWaiting(2);
    await client.release();
    const [removal, schedule] = [await removing, await scheduling];

    const refused = [removal, schedule].filter((e) => e !== null);
    expect(refused, "both went through").toHaveLength(1);
    expect(["conflict", "unprocessable"]).toContain(toAppError(refused[0]).code);
    const onTeam = await db.careTeamMember.count({ where: { clientId, caregiverId: w.carer.id } });
    const open = await db.session.count({ where: { clientId, caregiverId: w.carer.id, closedAt: null } });
    expect({ onTeam, open }).toEqual(removal === null ? { onTeam: 0, open: 0 } : { onTeam: 1, open: 1 });
  });

  it("two care providers put on the same clients' teams, named in opposite orders while one client is held, both go through", async () => {
    const w = await makeWorld();
    const [low, high] = [
      await makeClient(db, { clinicId: w.clinic.id, name: `Low ${w.u}`, email: `low-${w.u}@test.test` }),
      await makeClient(db, { clinicId: w.clinic.id, name: `High ${w.u}`, email: `high-${w.u}@test.test` }),
    ];
    const staff = await w.scope("staff");
    const held = await race.holding(`select 1 from "Client" where id = ${high.id} for update`);
    const first = settled(updateCaregiver(staff, w.carer.id, { addClientIds: [high.id, low.id] }, 0));
    await race.untilWaiting(1);
    const second = settled(updateCaregiver(staff, w.outsider.id, { addClientIds: [low.id, high.id] }, 0));
    await race.untilWaiting(2);
    await held.release();

    expect([await first, await second]).toEqual([null, null]);
    expect(
      await db.careTeamMember.count({
        where: { clientId: { in: [low.id, high.id] }, caregiverId: { in: [w.carer.id, w.outsider.id] } },
      }),
    ).toBe(4);
  });
});
