// PUT /gateway/profile/caregiver/session/assignment: more homework in an open session, with a start,
// a due moment and reminders (decisions.md "Further operations documented by OPTT"), and the timing
// read beside the contract's fixed assignment object (docs/api-decisions.md "Adding homework").
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { makeCaregiver, makeClinic, makeSession, makeStaff } from "@/prisma/factories";
import { api, clinicRowCounts, db, login, makeWorld, uid, type World } from "./support/world";
import { expectProblem } from "./support/expect-problem";
import { untilWaitingOnLock } from "./support/lock-wait";

const ADD = "/gateway/profile/caregiver/session/assignment";
const timing = (id: number) => `/gateway/profile/caregiver/session/${id}/assignment-timing`;

async function stored(w: World) {
  const [counts, reminders] = await Promise.all([
    clinicRowCounts(w.clinic.id),
    db.assignmentReminder.count({ where: { assignment: { session: { clinicId: w.clinic.id } } } }),
  ]);
  return { ...counts, reminders };
}

const put = (token: string, body: unknown, offset?: string) =>
  api(ADD, { method: "PUT", token, body, headers: offset ? { offset } : {} });

const homework = (w: World, extra: Record<string, unknown> = {}) => ({
  sessionId: w.session.id,
  bookIds: [w.book2.id, w.book.id],
  startDate: "2031/03/03",
  startTime: "00:30",
  endDate: "2031/03/06",
  endTime: "23:00",
  remindDates: [
    { date: "2031/03/04", time: "00:15" },
    { date: "2031/03/05", time: "09:00" },
  ],
  ...extra,
});

describe("PUT /gateway/profile/caregiver/session/assignment", () => {
  it("adds every module of the books as PENDING assignments, each exactly as the session detail shows it", async () => {
    const w = await makeWorld();
    const r = await put(await w.token("carer"), homework(w), "5.5");
    expect(r.status, r.text).toBe(200);
    const modules = [...w.book2.modules, ...w.book.modules];
    expect(r.json.map((a: { moduleId: number }) => a.moduleId)).toEqual(modules.map((m) => m.id));
    for (const a of r.json) {
      expect(a).toMatchObject({
        sessionId: w.session.id,
        sessionTitle: w.session.title,
        status: "PENDING",
        feedbackStatus: "NONE",
        startDate: "2031/03/03 00:30",
        submitDate: null,
        score: 0,
        drafts: [],
        answers: [],
      });
    }
    const detail = await api(`/gateway/profile/caregiver/session/${w.session.id}`, {
      token: await w.token("carer"),
      headers: { offset: "5.5" },
    });
    const ids = new Set(r.json.map((a: { id: number }) => a.id));
    expect(detail.json.assignments.filter((a: { id: number }) => ids.has(a.id))).toEqual(r.json);
    expect(detail.json.assignmentCount).toBe(4 + modules.length);

    // Stored in UTC: 00:30 at +05:30 is 19:00 the day before.
    const rows = await db.assignment.findMany({
      where: { id: { in: [...ids] as number[] } },
      include: { reminders: { orderBy: { remindAt: "asc" } } },
    });
    for (const a of rows) {
      expect(a.startAt.toISOString()).toBe("2031-03-02T19:00:00.000Z");
      expect(a.dueAt?.toISOString()).toBe("2031-03-06T17:30:00.000Z");
      expect(a.reminders.map((x) => [x.remindAt.toISOString(), x.sentAt])).toEqual([
        ["2031-03-03T18:45:00.000Z", null],
        ["2031-03-05T03:30:00.000Z", null],
      ]);
    }
    // Read back at -5: across midnight, the evening before.
    const t = await api(timing(w.session.id), { token: await w.token("staff"), headers: { offset: "-5" } });
    expect(t.status, t.text).toBe(200);
    const added = t.json.assignments.filter((a: { assignmentId: number }) => ids.has(a.assignmentId));
    expect(added).toHaveLength(modules.length);
    for (const a of added)
      expect(a).toEqual({
        assignmentId: expect.any(Number),
        startDate: "2031/03/02 14:00",
        dueDate: "2031/03/06 12:30",
        remindDates: ["2031/03/03 13:45", "2031/03/04 22:30"],
      });
    const older = t.json.assignments.filter((a: { assignmentId: number }) => !ids.has(a.assignmentId));
    expect(older.map((a: { dueDate: null }) => a.dueDate)).toEqual([null, null, null, null]);
    // Beside the timing, the language the client reads the homework in (a module without French is
    // shown in English to a client who reads French).
    expect(t.json.clientLanguage).toBe("EN");
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    const fr = await api(timing(w.session.id), { token: await w.token("carer") });
    expect(fr.json).toMatchObject({ sessionId: w.session.id, clientLanguage: "FR" });
  });

  it("starts now by default, with no due moment or reminder, also for the clinic's staff", async () => {
    const w = await makeWorld();
    const before = Date.now();
    const r = await put(await w.token("staff"), { sessionId: w.session.id, bookIds: [w.book2.id] });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toHaveLength(w.book2.modules.length);
    const a = await db.assignment.findUniqueOrThrow({ where: { id: r.json[0].id }, include: { reminders: true } });
    expect(a.startAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(a.dueAt).toBeNull();
    expect(a.reminders).toEqual([]);
    // A due day without a time: due by the end of that day.
    const dueDay = await put(await w.token("carer"), {
      sessionId: w.session.id,
      bookIds: [w.book2.id],
      endDate: "2031/01/01",
    });
    const due = await db.assignment.findUniqueOrThrow({ where: { id: dueDay.json[0].id } });
    expect(due.dueAt?.toISOString()).toBe("2031-01-01T23:59:00.000Z");
  });

  it("starts a date without a time at the current local time of day on that date, and now when that date is today", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    // At +05:30: the local time of day of a moment, in milliseconds since midnight.
    const timeOfDay = (ms: number) => (ms + 330 * 60_000) % 86_400_000;
    // Both requests fall in one local day: a run that reaches 18:30 UTC within the next minute
    // waits for it to pass.
    const toMidnight = 86_400_000 - timeOfDay(Date.now());
    if (toMidnight < 60_000) await new Promise((r) => setTimeout(r, toMidnight + 100));
    const before = Date.now();
    const later = await put(token, { sessionId: w.session.id, bookIds: [w.book2.id], startDate: "2031/03/03" }, "5.5");
    const after = Date.now();
    expect(later.status, later.text).toBe(200);
    const a = await db.assignment.findUniqueOrThrow({ where: { id: later.json[0].id } });
    // 2031/03/03 00:00 at +05:30 is 2031-03-02T18:30Z; the start is that day at the time of day of the request.
    const dayStart = Date.parse("2031-03-02T18:30:00.000Z");
    const sinceMidnight = a.startAt.getTime() - dayStart;
    expect(sinceMidnight).toBeGreaterThanOrEqual(timeOfDay(before));
    expect(sinceMidnight).toBeLessThanOrEqual(timeOfDay(after));
    const todayAt = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).replaceAll("-", "/");
    const start = Date.now();
    const today = await put(token, { sessionId: w.session.id, bookIds: [w.book2.id], startDate: todayAt }, "5.5");
    const end = Date.now();
    expect(today.status, today.text).toBe(200);
    const b = await db.assignment.findUniqueOrThrow({ where: { id: today.json[0].id } });
    expect(b.startAt.getTime()).toBeGreaterThanOrEqual(start - 1000);
    expect(b.startAt.getTime()).toBeLessThanOrEqual(end + 1000);
  }, 90_000);

  it("answers a retry with the same Idempotency-Key and body with the first assignments, and the key with another body 409", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const key = `hw-${uid()}`;
    const send = (body: unknown) =>
      api(ADD, { method: "PUT", token, body, headers: { "idempotency-key": key, offset: "1" } });
    const first = await send(homework(w));
    expect(first.status, first.text).toBe(200);
    const after = await stored(w);
    // Meanwhile the client starts one of them: the retry still answers what the first request made.
    await db.assignment.update({ where: { id: first.json[0].id }, data: { status: "IN_PROGRESS" } });
    const again = await send(homework(w));
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await stored(w)).toEqual(after);
    expectProblem(await send(homework(w, { endDate: "2031/03/07" })), 409, "header.Idempotency-Key");
    expect(await stored(w)).toEqual(after);
  });

  it("adds the homework once when two requests with one Idempotency-Key arrive together", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const before = await stored(w);
    const headers = { "idempotency-key": `hw-${uid()}` };
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => api(ADD, { method: "PUT", token, body: homework(w), headers })),
    );
    for (const r of answers) expect(r.status, r.text).toBe(200);
    const ids = answers.map((r) => r.json.map((a: { id: number }) => a.id));
    for (const each of ids) expect(each).toEqual(ids[0]);
    const modules = w.book2.modules.length + w.book.modules.length;
    expect((await stored(w)).assignments).toBe(before.assignments + modules);
  });

  it("answers 400 for a due moment not after the start, a reminder outside start..due, and bad fields; storing nothing", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const before = await stored(w);
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: "2031/03/03", endTime: "00:30" }, "endDate"],
      [{ endDate: "2031/03/02", endTime: "23:00" }, "endDate"],
      [{ endDate: undefined, endTime: "10:00" }, "endDate"],
      [{ remindDates: [{ date: "2031/03/03", time: "00:29" }] }, "remindDates.0"],
      [
        {
          remindDates: [
            { date: "2031/03/04", time: "09:00" },
            { date: "2031/03/07", time: "09:00" },
          ],
        },
        "remindDates.1",
      ],
      [{ remindDates: [{ date: "2031/03/04" }] }, "remindDates.0.time"],
      [{ bookIds: [] }, "bookIds"],
      [{ bookIds: [w.book.id, w.book.id] }, "bookIds"],
      [{ sessionId: undefined }, "sessionId"],
      [{ startDate: "2031/13/01" }, "startDate"],
      [{ startTime: "7:00" }, "startTime"],
    ];
    for (const [extra, path] of cases) expectProblem(await put(token, homework(w, extra)), 400, path);
    expect(await stored(w)).toEqual(before);
  });

  it("answers 409 for a closed session or an INACTIVE client, and 422 for a book of another clinic; storing nothing", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const token = await w.token("carer");
    const before = await stored(w);
    const unknown = await put(token, homework(w, { bookIds: [w.book.id, other.book.id] }));
    expectProblem(unknown, 422, "bookIds.1");
    expect(unknown.text).not.toContain(other.u);
    await db.client.update({ where: { id: w.client.id }, data: { status: "INACTIVE" } });
    expectProblem(await put(token, homework(w)), 409);
    await db.client.update({ where: { id: w.client.id }, data: { status: "ACTIVE" } });
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    const closed = await put(token, homework(w));
    expectProblem(closed, 409);
    expect(closed.json.detail).toContain("closed");
    expect(await stored(w)).toEqual(before);
  });

  it("answers 404 for a session outside the caller's scope, and 403 to the client role; storing nothing", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const u = uid();
    const sibling = await makeClinic(db, {
      name: `Sib ${u}`,
      email: `sib-${u}@test.test`,
      instituteId: w.institute.id,
    });
    await makeStaff(db, {
      clinicId: sibling.id,
      name: "Sib",
      email: `s-${u}@test.test`,
      username: `sib-${u}`,
      password: w.password,
    });
    // A caregiver who works in both clinics but is on no care team of this client.
    await makeCaregiver(db, {
      clinicIds: [w.clinic.id, sibling.id],
      name: "Both",
      email: `both-${u}@test.test`,
      username: `both-${u}`,
      password: w.password,
    });
    const before = await stored(w);
    const tokens = {
      outsider: await w.token("outsider"),
      both: await login(`both-${u}`, w.password),
      siblingStaff: await login(`sib-${u}`, w.password),
      otherStaff: await other.token("staff"),
      otherCarer: await other.token("carer"),
    };
    for (const [who, token] of Object.entries(tokens)) {
      const r = await put(token, homework(w, { bookIds: [w.book.id] }));
      expectProblem(r, 404);
      expect(r.text, who).not.toContain(w.u);
      expectProblem(await api(timing(w.session.id), { token }), 404);
    }
    expectProblem(await put(await w.token("carer"), homework(w, { sessionId: 2_000_000_000 })), 404);
    expectProblem(await put(await w.token("client"), homework(w)), 403);
    expectProblem(await put(await w.token("inst"), homework(w)), 403);
    expect(await stored(w)).toEqual(before);
  });

  it("never adds homework to a closed session when adding races against closing", async () => {
    const w = await makeWorld();
    const carer = await w.token("carer");
    const staff = await w.token("staff");
    for (let round = 0; round < 4; round++) {
      const s = await makeSession(db, {
        clinicId: w.clinic.id,
        clientId: w.client.id,
        caregiverId: w.carer.id,
        title: `Race ${round}`,
        startAt: new Date(Date.now() - 3600_000),
      });
      const adds = Array.from({ length: 12 }, (_, i) =>
        put(i % 2 ? carer : staff, { sessionId: s.id, bookIds: [w.book2.id] }),
      );
      const close = api(`/gateway/profile/caregiver/session/${s.id}/close`, { method: "POST", token: carer });
      const [closed, ...added] = await Promise.all([close, ...adds]);
      expect(closed.status, closed.text).toBe(200);
      for (const r of added) {
        expect([200, 409]).toContain(r.status);
        if (r.status === 409) expectProblem(r, 409);
      }
      const session = await db.session.findUniqueOrThrow({
        where: { id: s.id },
        include: { assignments: { orderBy: { id: "asc" } } },
      });
      expect(session.closedAt).not.toBeNull();
      expect(session.assignments).toHaveLength(added.filter((r) => r.status === 200).length * w.book2.modules.length);
      // Each was added while the session was open: before the moment it closed.
      for (const a of session.assignments)
        expect(a.assignedAt.getTime()).toBeLessThanOrEqual(session.closedAt!.getTime());
    }
  });

  it("answers 409 and adds nothing while a close holds the session, once that close commits", async () => {
    const w = await makeWorld();
    const s = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: "Held",
      startAt: new Date(Date.now() - 3600_000),
    });
    // A close in progress, as closeSession runs it: the session row locked, closedAt written, not
    // yet committed. Homework sent meanwhile must wait for it and then see the session closed.
    const sql = new pg.Client({ connectionString: inject("databaseUrl") });
    await sql.connect();
    try {
      await sql.query("begin");
      await sql.query(`select id from "Session" where id = $1 for no key update`, [s.id]);
      await sql.query(
        `update "Session" set "closedAt" = (clock_timestamp() at time zone 'UTC')::timestamp(3) where id = $1`,
        [s.id],
      );
      const token = await w.token("carer");
      const adds = Promise.all(Array.from({ length: 4 }, () => put(token, { sessionId: s.id, bookIds: [w.book2.id] })));
      // Commit once every request waits for the row (one holds its tuple lock and waits for this
      // transaction, the others queue behind it), or has answered without waiting.
      await Promise.race([untilWaitingOnLock(sql, "%", { count: 4 }), adds]);
      await sql.query("commit");
      const results = await adds;
      for (const r of results) expectProblem(r, 409);
      expect(await db.assignment.count({ where: { sessionId: s.id } })).toBe(0);
    } finally {
      await sql.end();
    }
  });
});
