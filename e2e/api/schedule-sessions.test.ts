// POST /gateway/profile/caregiver/session: the next sessions of an existing client, with homework
// (decisions.md "Further operations documented by OPTT"; docs/api-decisions.md "Scheduling").
import { describe, expect, it } from "vitest";
import { api, clinicRowCounts, db, makeWorld, uid, type World } from "./support/world";
import { expectProblem } from "./support/expect-problem";
import { siblingClinic } from "./support/sibling-clinic";

const SCHEDULE = "/gateway/profile/caregiver/session";
const DAY = 24 * 3600 * 1000;

/** Everything a scheduling could store in the world's clinic, and the idempotency keys of its people. */
async function stored(w: World) {
  const [counts, keys, reminders] = await Promise.all([
    clinicRowCounts(w.clinic.id),
    db.idempotencyKey.count({ where: { account: { username: { endsWith: w.u } } } }),
    db.assignmentReminder.count({ where: { assignment: { session: { clinicId: w.clinic.id } } } }),
  ]);
  return { ...counts, keys, reminders };
}

/** A body for the world's client, starting on a day far from the world's running session. */
const body = (w: World, extra: Record<string, unknown> = {}) => ({
  clientId: w.client.id,
  bookIdList: [w.book.id, w.book2.id],
  date: "2031/03/03",
  time: "09:00",
  ...extra,
});

describe("POST /gateway/profile/caregiver/session", () => {
  it("schedules consecutive 7-day sessions with every module of the books, from a local date in offset", async () => {
    const w = await makeWorld();
    // 00:30 on 3 March at +05:30 is 19:00 UTC on 2 March: the day is read in the caller's zone.
    const r = await api(SCHEDULE, {
      token: await w.token("carer"),
      headers: { offset: "5.5" },
      body: body(w, { time: "00:30", sessionCount: 3, designPlanId: 0, remindDays: 2, title: "Week" }),
    });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get("content-type")).toBe("application/json;charset=UTF-8");
    expect(r.json).toEqual([
      { id: expect.any(Number), title: "Week 1", startDate: "2031/03/03 00:30", runningStatus: "FUTURE" },
      { id: expect.any(Number), title: "Week 2", startDate: "2031/03/10 00:30", runningStatus: "FUTURE" },
      { id: expect.any(Number), title: "Week 3", startDate: "2031/03/17 00:30", runningStatus: "FUTURE" },
    ]);
    expect(r.headers.get("location")).toBe(`/session/${r.json[0].id}`);
    const sessions = await db.session.findMany({
      where: { id: { in: r.json.map((s: { id: number }) => s.id) } },
      orderBy: { startAt: "asc" },
      include: { assignments: { orderBy: { id: "asc" } } },
    });
    expect(sessions.map((s) => s.startAt.toISOString())).toEqual([
      "2031-03-02T19:00:00.000Z",
      "2031-03-09T19:00:00.000Z",
      "2031-03-16T19:00:00.000Z",
    ]);
    for (const s of sessions) {
      expect(s).toMatchObject({
        caregiverId: w.carer.id,
        clientId: w.client.id,
        designPlanId: null,
        remindDays: 2,
        closedAt: null,
      });
      expect(s.assignments.map((a) => a.moduleId)).toEqual([...w.book.modules, ...w.book2.modules].map((m) => m.id));
      expect(s.assignments.every((a) => a.status === "PENDING" && a.feedbackStatus === "NONE")).toBe(true);
      expect(s.assignments.every((a) => a.startAt.getTime() === s.startAt.getTime())).toBe(true);
    }
    // The same sessions read at -5 are on the evening before.
    const list = await api(`${SCHEDULE}?clientId=${w.client.id}&runningStatus=FUTURE`, {
      token: await w.token("carer"),
      headers: { offset: "-5" },
    });
    expect(list.json.content.map((s: { startDate: string }) => s.startDate).sort()).toEqual([
      "2031/03/02 14:00",
      "2031/03/09 14:00",
      "2031/03/16 14:00",
    ]);
  });

  it("starts now by default, as RUNNING, and lets clinic staff schedule for a care-team member", async () => {
    const w = await makeWorld();
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    const before = Date.now();
    const r = await api(SCHEDULE, {
      token: await w.token("staff"),
      body: { clientId: w.client.id, caregiverId: w.carer.id, clinicId: 0 },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toHaveLength(1);
    expect(r.json[0]).toMatchObject({ title: "Session", runningStatus: "RUNNING" });
    const s = await db.session.findUniqueOrThrow({
      where: { id: r.json[0].id },
      include: { assignments: { orderBy: { id: "asc" } } },
    });
    expect(s.startAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(s.caregiverId).toBe(w.carer.id);
    expect(s.assignments).toEqual([]);
  });

  it("accepts a new session that overlaps only a closed one, and refuses one overlapping an open one (409)", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const today = { date: undefined, time: undefined };
    const before = await stored(w);
    // The world's session started two days ago and is open: this week is taken.
    const refused = await api(SCHEDULE, { token, body: body(w, today) });
    expectProblem(refused, 409, "date");
    // The session by its id: a title is the clinic's words about the client's care, and callers log details.
    expect(refused.json.detail).toMatch(
      new RegExp(`overlap an open session .* \\(session ${String(w.session.id)}\\)$`),
    );
    expect(refused.json.detail).not.toContain(w.session.title);
    expect(await stored(w)).toEqual(before);
    // Another caregiver of the care team may run a program of their own in the same week.
    await db.careTeamMember.create({ data: { clientId: w.client.id, caregiverId: w.outsider.id } });
    const other = await api(SCHEDULE, { token, body: body(w, { ...today, caregiverId: w.outsider.id }) });
    expect(other.status, other.text).toBe(201);
    // Once closed, the week is free again.
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    expect((await api(SCHEDULE, { token, body: body(w, today) })).status).toBe(201);
  });

  it("the week after an open session, at the minute the API shows for its start, is the next week: the start's seconds are no overlap", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    // The world's session began at a moment with seconds; the API shows its start to the minute.
    const shown = await api(`${SCHEDULE}/${String(w.session.id)}`, { token, headers: { offset: "0" } });
    expect(shown.status, shown.text).toBe(200);
    const [date = "", time = ""] = String(shown.json.startDate).split(" ");
    const weekAfter = new Date(new Date(`${date.replaceAll("/", "-")}T${time}:00Z`).getTime() + 7 * DAY);
    const iso = weekAfter.toISOString();
    const next = await api(SCHEDULE, {
      token,
      headers: { offset: "0" },
      body: body(w, { date: iso.slice(0, 10).replaceAll("-", "/"), time: iso.slice(11, 16) }),
    });
    expect(next.status, next.text).toBe(201);
    // A minute earlier is still the open session's week.
    const earlier = new Date(weekAfter.getTime() - 60_000).toISOString();
    const refused = await api(SCHEDULE, {
      token,
      headers: { offset: "0" },
      body: body(w, { date: earlier.slice(0, 10).replaceAll("-", "/"), time: earlier.slice(11, 16) }),
    });
    expectProblem(refused, 409, "date");
  });

  it("refuses to schedule for an INACTIVE client (409), storing nothing", async () => {
    const w = await makeWorld();
    await db.client.update({ where: { id: w.client.id }, data: { status: "INACTIVE" } });
    const before = await stored(w);
    const r = await api(SCHEDULE, { token: await w.token("carer"), body: body(w) });
    expectProblem(r, 409);
    expect(r.json.detail).toContain("INACTIVE");
    expect(await stored(w)).toEqual(before);
  });

  it("answers 422 for a caregiver off the care team, a book or design plan of another clinic, storing nothing", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const before = await stored(w);
    const cases: [string, Record<string, unknown>, string][] = [
      ["staff", { caregiverId: w.outsider.id }, "caregiverId"],
      ["carer", { caregiverId: w.outsider.id }, "caregiverId"],
      ["carer", { caregiverId: other.carer.id }, "caregiverId"],
      ["carer", { bookIdList: [w.book.id, other.book.id] }, "bookIdList.1"],
      ["carer", { designPlanId: other.plan.id }, "designPlanId"],
      ["carer", { designPlanId: 2_000_000_000 }, "designPlanId"],
    ];
    for (const [who, extra, path] of cases) {
      const token = await w.token(who === "staff" ? "staff" : "carer");
      const r = await api(SCHEDULE, { token, body: body(w, { caregiverId: w.carer.id, ...extra }) });
      expectProblem(r, 422, path);
      expect(r.text).not.toContain(other.u);
    }
    expect(await stored(w)).toEqual(before);
  });

  it("answers 404 for a client outside the caller's scope: off the care team, another clinic or institute", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const sibling = await siblingClinic(w);
    const before = await stored(w);
    const tokens = {
      outsider: await w.token("outsider"),
      otherCarer: await other.token("carer"),
      otherStaff: await other.token("staff"),
      siblingStaff: sibling.staffToken,
      siblingCarer: sibling.carer.token,
    };
    for (const [who, token] of Object.entries(tokens)) {
      const r = await api(SCHEDULE, { token, body: body(w, { caregiverId: w.carer.id }) });
      expectProblem(r, 404);
      expect(r.text, who).not.toContain(w.u);
    }
    const carer = await w.token("carer");
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { clientId: other.client.id }) }), 404);
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { clientId: 2_000_000_000 }) }), 404);
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { clinicId: other.clinic.id }) }), 404);
    expect(await stored(w)).toEqual(before);
  });

  it("answers 403 to the client and institute roles, and 400 for bad input, storing nothing", async () => {
    const w = await makeWorld();
    const before = await stored(w);
    expectProblem(await api(SCHEDULE, { token: await w.token("client"), body: body(w) }), 403);
    expectProblem(await api(SCHEDULE, { token: await w.token("inst"), body: body(w) }), 403);
    const carer = await w.token("carer");
    const staff = await w.token("staff");
    expectProblem(await api(SCHEDULE, { token: staff, body: body(w) }), 400, "caregiverId");
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { clientId: undefined }) }), 400, "clientId");
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { date: "2031/02/30" }) }), 400, "date");
    // A year mistyped (1999 for 2029, 2203 for 2023) would make weeks nobody can attend.
    const farOff = await api(SCHEDULE, { token: carer, body: body(w, { date: "1999/03/01" }) });
    expectProblem(farOff, 400, "date");
    expect(farOff.json.detail).toMatch(/within 5 years before and 10 years after today/);
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { date: "2203/03/01" }) }), 400, "date");
    // The bounds are calendar days: five years before today is in, the day before it is out.
    const [y = "", m = "", d = ""] = new Date().toISOString().slice(0, 10).split("-");
    const dayBefore = new Date(Date.UTC(Number(y) - 5, Number(m) - 1, Number(d) - 1)).toISOString().slice(0, 10);
    expectProblem(
      await api(SCHEDULE, { token: carer, body: body(w, { date: dayBefore, time: "23:59" }) }),
      400,
      "date",
    );
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { time: "24:00" }) }), 400, "time");
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { sessionCount: 0 }) }), 400, "sessionCount");
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w, { designPlanId: -1 }) }), 400, "designPlanId");
    expectProblem(await api(SCHEDULE, { token: carer, body: body(w), headers: { offset: "15" } }), 400);
    expect(await stored(w)).toEqual(before);
  });

  it("takes a start five years back to the day, the last day the bound lets in", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    // Today as the server reads it, the database's day in UTC (no offset header), read just before
    // the request; five years before 29 February names no day, and the first day after it is in.
    const [row] = await db.$queryRaw<{ today: string }[]>`
      select to_char(now() at time zone 'UTC', 'YYYY/MM/DD') as today`;
    const today = row?.today ?? "";
    const fiveYearsBack = `${Number(today.slice(0, 4)) - 5}${today.slice(4)}`;
    const date = today.endsWith("/02/29") ? fiveYearsBack.replace("/02/29", "/03/01") : fiveYearsBack;
    const r = await api(SCHEDULE, { token, body: body(w, { date, time: "00:00" }) });
    expect(r.status, r.text).toBe(201);
  });

  it("replays a retry with the same Idempotency-Key and body, and refuses the key with another body (409)", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const key = `sched-${uid()}`;
    const first = await api(SCHEDULE, {
      token,
      headers: { "idempotency-key": key, offset: "1" },
      body: body(w, { sessionCount: 2 }),
    });
    expect(first.status, first.text).toBe(201);
    const after = await stored(w);
    const again = await api(SCHEDULE, {
      token,
      headers: { "idempotency-key": key, offset: "1" },
      body: body(w, { sessionCount: 2 }),
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.json).toEqual(first.json);
    expect(await stored(w)).toEqual(after);
    const other = await api(SCHEDULE, {
      token,
      headers: { "idempotency-key": key },
      body: body(w, { sessionCount: 2, date: "2031/06/02" }),
    });
    expectProblem(other, 409, "header.Idempotency-Key");
    expect(await stored(w)).toEqual(after);
  });

  it("creates one set of sessions when the same keyed request arrives several times at once", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const key = `sched-${uid()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(SCHEDULE, { token, headers: { "idempotency-key": key }, body: body(w, { sessionCount: 2 }) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(new Set(results.map((r) => JSON.stringify(r.json))).size).toBe(1);
    expect(await db.session.count({ where: { clientId: w.client.id } })).toBe(3);
  });

  it("schedules one of several overlapping requests sent at once, refusing the others (409)", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) => api(SCHEDULE, { token, body: body(w, { time: `0${i}:00`, bookIdList: [w.book.id] }) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const week = { gte: new Date(Date.UTC(2031, 2, 3)), lt: new Date(Date.UTC(2031, 2, 3) + DAY) };
    expect(await db.session.count({ where: { clientId: w.client.id, startAt: week } })).toBe(1);
  });
});
