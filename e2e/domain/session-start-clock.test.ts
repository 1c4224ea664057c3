import { describe, expect, it } from "vitest";
import { addHomework } from "@/lib/assignments/add-homework";
import { createClient } from "@/lib/clients/create-client";
import { scheduleSessions } from "@/lib/sessions/schedule-sessions";
import { ClientCreateRequest } from "@/lib/schemas/client";
import { ScheduleSessionsRequest } from "@/lib/schemas/scheduling";
import { makeClient } from "@/prisma/factories";
import { uid } from "../support/world";
import { databaseNowMs, onClockAhead, onClockBehind } from "./support/clock-off";
import { db, makeWorld } from "./support/domain-world";

// A session or homework given no start begins now on the database's clock, by which every
// instance tells a session RUNNING from FUTURE: made on a host whose clock is ahead, it was FUTURE
// (no "running" session for the client's care team) until the database caught up; made on one
// behind, a start time without a date fell on the host's day. Here the work is done in this
// process on a clock set off.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function teamedClient() {
  const w = await makeWorld();
  const u = uid();
  const client = await makeClient(db, {
    clinicId: w.clinic.id,
    name: `Start ${u}`,
    email: `start-${u}@test.test`,
    careTeam: [w.carer.id],
  });
  return { w, clientId: client.id, carer: await w.scope("carer") };
}

const schedule = (body: Record<string, unknown>) => ScheduleSessionsRequest.parse(body);
const startOf = async (sessionId: number) =>
  (await db.session.findUniqueOrThrow({ where: { id: sessionId }, select: { startAt: true } })).startAt.getTime();

describe("a start left to the server, on an instance whose clock is off from the database's", () => {
  it("sessions scheduled without a date on a clock an hour ahead are running at once", async () => {
    const { clientId, carer } = await teamedClient();
    const before = await databaseNowMs();
    const done = await onClockAhead(HOUR, () => scheduleSessions(carer, schedule({ clientId }), { offset: 0 }));
    const after = await databaseNowMs();
    expect(done.value.map((s) => s.runningStatus)).toEqual(["RUNNING"]);
    const start = await startOf(done.value[0]!.id);
    expect(start).toBeGreaterThanOrEqual(before);
    expect(start).toBeLessThanOrEqual(after);
  });

  it("a start time without a date, on a clock 8 days behind, is on the database's day", async () => {
    const { clientId, carer } = await teamedClient();
    const dayOf = (ms: number) => `${new Date(ms).toISOString().slice(0, 10)}T00:00:00.000Z`;
    const before = dayOf(await databaseNowMs());
    const done = await onClockBehind(8 * DAY, () =>
      scheduleSessions(carer, schedule({ clientId, time: "00:00" }), { offset: 0 }),
    );
    const after = dayOf(await databaseNowMs());
    // The database's day when it was scheduled: either, should its midnight pass meanwhile.
    expect([before, after]).toContain(new Date(await startOf(done.value[0]!.id)).toISOString());
  });

  it("a client created with a first session and no date on a clock an hour ahead has it running", async () => {
    const { w } = await teamedClient();
    const u = uid();
    const body = ClientCreateRequest.parse({
      name: `Created ${u}`,
      email: `created-${u}@test.test`,
      session: { caregiverId: w.carer.id },
    });
    const before = await databaseNowMs();
    const created = await onClockAhead(HOUR, async () => createClient(await w.scope("staff"), body, { offset: 0 }));
    const after = await databaseNowMs();
    const [session] = await db.session.findMany({ where: { clientId: created.id }, select: { id: true } });
    const start = await startOf(session!.id);
    expect(start).toBeGreaterThanOrEqual(before);
    expect(start).toBeLessThanOrEqual(after);
  });

  it("homework added without a start on a clock an hour ahead starts when it is assigned", async () => {
    const { w, carer } = await teamedClient();
    const added = await onClockAhead(HOUR, () =>
      addHomework(carer, { sessionId: w.session.id, bookIds: [w.book2.id] }, { offset: 0 }),
    );
    const rows = await db.assignment.findMany({
      where: { id: { in: added.map((a) => a.id) } },
      select: { startAt: true, assignedAt: true },
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.startAt.getTime()).toBe(r.assignedAt.getTime());
  });

  it("homework due in an hour, added without a start on a clock two hours ahead, is taken", async () => {
    const { w, carer } = await teamedClient();
    const due = new Date((await databaseNowMs()) + HOUR).toISOString();
    const endDate = due.slice(0, 10).replaceAll("-", "/");
    const endTime = due.slice(11, 16);
    const added = await onClockAhead(2 * HOUR, () =>
      addHomework(carer, { sessionId: w.session.id, bookIds: [w.book2.id], endDate, endTime }, { offset: 0 }),
    );
    expect(added.length).toBeGreaterThan(0);
  });
});
