// The `time-zone` header: local dates and times read by a time zone's rules, so weekly sessions,
// their reminders and homework due after a change of clock keep their hour
// (docs/api-decisions.md, "Dates, offsets and time zones").
import { describe, expect, it } from "vitest";
import { api, clinicRowCounts, db, makeWorld, type World } from "./support/world";
import { expectProblem } from "./support/expect-problem";
import { jobDue } from "./support/jobs";

const SCHEDULE = "/gateway/profile/caregiver/session";
const ADD = "/gateway/profile/caregiver/session/assignment";

// Paris changes from +01:00 to +02:00 on Sunday 30 March 2031.
const schedule = async (w: World, headers: Record<string, string>) =>
  api(SCHEDULE, {
    token: await w.token("carer"),
    headers,
    body: {
      clientId: w.client.id,
      bookIdList: [w.book.id],
      date: "2031/03/28",
      time: "09:30",
      sessionCount: 3,
      remindDays: 3,
    },
  });

const startsOf = (ids: number[]) =>
  db.session
    .findMany({ where: { id: { in: ids } }, orderBy: { startAt: "asc" }, select: { startAt: true } })
    .then((rows) => rows.map((s) => s.startAt.toISOString()));

describe("the time-zone header", () => {
  it("keeps weekly sessions and their reminder at the local hour across a change of clock", async () => {
    const w = await makeWorld();
    const r = await schedule(w, { offset: "2", "time-zone": "Europe/Paris" });
    expect(r.status, r.text).toBe(201);
    const ids = r.json.map((s: { id: number }) => s.id);
    // 09:30 in Paris each week: +01:00 before the change, +02:00 after it.
    expect(await startsOf(ids)).toEqual([
      "2031-03-28T08:30:00.000Z",
      "2031-04-04T07:30:00.000Z",
      "2031-04-11T07:30:00.000Z",
    ]);
    expect(r.json.map((s: { startDate: string }) => s.startDate)).toEqual([
      "2031/03/28 10:30",
      "2031/04/04 09:30",
      "2031/04/11 09:30",
    ]);
    // Three days after a Friday 09:30 before the change is Monday 09:30 after it.
    expect((await jobDue(`session-reminder:${String(ids[0])}`))?.toISOString()).toBe("2031-03-31T07:30:00.000Z");
  });

  it("without it, the offset holds for every week, as OPTT's integrations expect", async () => {
    const w = await makeWorld();
    const r = await schedule(w, { offset: "1" });
    expect(r.status, r.text).toBe(201);
    expect(await startsOf(r.json.map((s: { id: number }) => s.id))).toEqual([
      "2031-03-28T08:30:00.000Z",
      "2031-04-04T08:30:00.000Z",
      "2031-04-11T08:30:00.000Z",
    ]);
  });

  it("the week after, at the same local hour, is the next week, not an overlap", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const next = (date: string) =>
      api(SCHEDULE, {
        token,
        headers: { offset: "1", "time-zone": "Europe/Paris" },
        body: { clientId: w.client.id, bookIdList: [w.book.id], date, time: "09:30" },
      });
    expect((await next("2031/03/28")).status).toBe(201);
    const after = await next("2031/04/04");
    expect(after.status, after.text).toBe(201);
  });

  it("reads homework's start, due moment and reminders each by the rules of its own day", async () => {
    const w = await makeWorld();
    const r = await api(ADD, {
      method: "PUT",
      token: await w.token("carer"),
      headers: { offset: "1", "time-zone": "Europe/Paris" },
      body: {
        sessionId: w.session.id,
        bookIds: [w.book2.id],
        startDate: "2031/03/28",
        startTime: "10:00",
        endDate: "2031/04/02",
        endTime: "18:00",
        remindDates: [{ date: "2031/03/31", time: "09:00" }],
      },
    });
    expect(r.status, r.text).toBe(200);
    const added = await db.assignment.findFirstOrThrow({
      where: { id: r.json[0].id },
      include: { reminders: true },
    });
    expect(added.startAt.toISOString()).toBe("2031-03-28T09:00:00.000Z");
    expect(added.dueAt?.toISOString()).toBe("2031-04-02T16:00:00.000Z");
    expect(added.reminders.map((x) => x.remindAt.toISOString())).toEqual(["2031-03-31T07:00:00.000Z"]);
  });

  it("refuses a name that is no time zone with a problem, and stores nothing", async () => {
    const w = await makeWorld();
    const before = await clinicRowCounts(w.clinic.id);
    for (const zone of ["Mars/Olympus_Mons", "+02:00", "x".repeat(300)]) {
      const r = await schedule(w, { offset: "1", "time-zone": zone });
      expectProblem(r, 400, "header.time-zone");
    }
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
  });
});
