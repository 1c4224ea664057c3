// GET /gateway/profile/client/assignment: the client's own assignments, by the running status of
// the session they are in, paged, each exactly the session detail's assignment object.
import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/dates";
import { makeClient, makeSession } from "@/prisma/factories";
import { api, db, readBy, makeWorld, type World } from "./support/world";

const LIST = "/gateway/profile/client/assignment";
const DAY = 24 * 3600 * 1000;

type Item = { id: number; sessionId: number; clientId: number; assignDate: string };

const list = (token: string, query: string, headers: Record<string, string> = {}) =>
  api(`${LIST}?${query}`, { token, headers });

/**
 * The world's client with a session in every running status: the world's RUNNING one (2 days
 * ago), an older RUNNING one (5 days ago), a FUTURE one and a COMPLETED one; and a client of the
 * same clinic with a RUNNING session of its own.
 */
async function clientWithEverySession() {
  const w = await makeWorld();
  const m = w.book.modules;
  const session = (title: string, startAt: Date, moduleIds: number[], closed = false) =>
    makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `${title} ${w.u}`,
      startAt,
      closed,
      assignments: moduleIds.map((moduleId) => ({ bookId: w.book.id, moduleId })),
    });
  const ids = (i: number) => m.slice(0, i).map((x) => x.id);
  const older = await session("Older", new Date(Date.now() - 5 * DAY), ids(2));
  const future = await session("Future", new Date(Date.now() + 3 * DAY), ids(3));
  const done = await session("Done", new Date(Date.now() - 14 * DAY), ids(1), true);
  const neighbour = await makeClient(db, {
    clinicId: w.clinic.id,
    name: `Neighbour ${w.u}`,
    email: `neighbour-${w.u}@test.test`,
    careTeam: [w.carer.id],
  });
  const theirs = await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: neighbour.id,
    caregiverId: w.carer.id,
    title: `Theirs ${w.u}`,
    startAt: new Date(Date.now() - DAY),
    assignments: [{ bookId: w.book.id, moduleId: m[0]!.id }],
  });
  return { w, older, future, done, theirs };
}

const detailOf = async (w: World, sessionId: number, offset = "0") =>
  (await api(`/gateway/profile/caregiver/session/${sessionId}`, { token: await w.token("carer"), headers: { offset } }))
    .json;

describe("GET /gateway/profile/client/assignment", () => {
  it("answers each time-state with the client's own assignments, exactly as the session detail shows them", async () => {
    const { w, older, future, done, theirs } = await clientWithEverySession();
    const token = await w.token("client");
    const running = await list(token, "time-state=RUNNING");
    expect(running.status, running.text).toBe(200);
    expect(running.headers.get("content-type")).toMatch(/^application\/json/);
    // Ordered by the session's start, then by assignment id.
    const olderDetail = await detailOf(w, older.id);
    const worldDetail = await detailOf(w, w.session.id);
    expect(running.json).toEqual({
      content: [...olderDetail.assignments, ...worldDetail.assignments],
      page: 0,
      size: 20,
      totalElements: 2 + 4,
      totalPages: 1,
    });
    const futureR = await list(token, "time-state=FUTURE");
    expect(futureR.json.content).toEqual((await detailOf(w, future.id)).assignments);
    expect(futureR.json.totalElements).toBe(3);
    const completed = await list(token, "time-state=COMPLETED");
    expect(completed.json.content).toEqual((await detailOf(w, done.id)).assignments);
    expect(completed.json.totalElements).toBe(1);
    // The neighbour's session (same clinic, same caregiver) is never in the client's list.
    const all = [...running.json.content, ...futureR.json.content, ...completed.json.content] as Item[];
    expect(all.every((a) => a.clientId === w.client.id)).toBe(true);
    expect(all.some((a) => a.sessionId === theirs.id)).toBe(false);
  });

  it("pages with page and size, in a stable order, and past the last page answers an empty page with the totals", async () => {
    const { w } = await clientWithEverySession();
    const token = await w.token("client");
    const whole = (await list(token, "time-state=RUNNING&size=100")).json.content as Item[];
    expect(whole).toHaveLength(6);
    const pages = [];
    for (const page of [0, 1, 2]) {
      const r = await list(token, `time-state=RUNNING&page=${page}&size=2`);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ page, size: 2, totalElements: 6, totalPages: 3 });
      pages.push(...(r.json.content as Item[]));
    }
    expect(pages.map((a) => a.id)).toEqual(whole.map((a) => a.id));
    const past = await list(token, "time-state=RUNNING&page=7&size=2");
    expect(past.json).toEqual({ content: [], page: 7, size: 2, totalElements: 6, totalPages: 3 });
    for (const bad of ["size=0", "size=101", "page=-1", "page=x"]) {
      const r = await list(token, `time-state=RUNNING&${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
  });

  it("answers only the statuses asked for, in the same order, and the timing list the same items", async () => {
    const { w, older } = await clientWithEverySession();
    const token = await w.token("client");
    const every = (await list(token, "time-state=RUNNING&size=100")).json.content as (Item & { status: string })[];
    const open = every.filter((a) => a.status === "PENDING" || a.status === "IN_PROGRESS");
    // The world's session has one of each status and one more pending; the older one, two pending.
    expect(open.map((a) => a.sessionId)).toEqual([older.id, older.id, w.session.id, w.session.id]);
    const r = await list(token, "time-state=RUNNING&status=PENDING,IN_PROGRESS&size=100");
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ content: open, totalElements: 4, totalPages: 1 });
    const done = await list(token, "time-state=RUNNING&status=COMPLETE,COMPLETE");
    expect((done.json.content as Item[]).map((a) => a.id)).toEqual(
      every.filter((a) => a.status === "COMPLETE").map((a) => a.id),
    );
    const timing = await api(
      `/gateway/profile/client/assignment-timing?time-state=RUNNING&status=PENDING,IN_PROGRESS&size=3`,
      {
        token,
      },
    );
    expect(timing.json).toMatchObject({ totalElements: 4, totalPages: 2 });
    expect((timing.json.content as { assignmentId: number }[]).map((t) => t.assignmentId)).toEqual(
      open.slice(0, 3).map((a) => a.id),
    );
    for (const bad of [
      "status=",
      "status=DONE",
      "status=pending",
      "status=PENDING,,COMPLETE",
      "status=PENDING;COMPLETE",
    ]) {
      const b = await list(token, `time-state=RUNNING&${bad}`);
      expect(b.status, bad).toBe(400);
      expect(b.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(b.json.errors.map((e: { path: string }) => e.path)).toContain("query.status");
    }
  });

  it("renders dates in the offset header's zone", async () => {
    const { w } = await clientWithEverySession();
    const token = await w.token("client");
    const stored = await db.assignment.findMany({
      where: { sessionId: w.session.id },
      orderBy: { id: "asc" },
      select: { id: true, assignedAt: true, startAt: true, submittedAt: true },
    });
    for (const [header, minutes] of [
      ["+05:30", 330],
      ["-5", -300],
      ["0", 0],
    ] as const) {
      const r = await list(token, "time-state=RUNNING&size=100", { offset: header });
      expect(r.status, r.text).toBe(200);
      const items = (r.json.content as (Item & { startDate: string; submitDate: string | null })[]).filter(
        (a) => a.sessionId === w.session.id,
      );
      expect(
        items.map((a) => [a.id, a.assignDate, a.startDate, a.submitDate]),
        header,
      ).toEqual(
        stored.map((s) => [
          s.id,
          formatDate(s.assignedAt, minutes),
          formatDate(s.startAt, minutes),
          formatDate(s.submittedAt, minutes),
        ]),
      );
      expect(items).toEqual((await detailOf(w, w.session.id, header)).assignments);
    }
    const bad = await list(token, "time-state=RUNNING", { offset: "+15" });
    expect(bad.status).toBe(400);
  });

  it("answers 400 naming time-state when it is missing or not a running status", async () => {
    const w = await makeWorld();
    const token = await w.token("client");
    for (const query of ["", "page=0", "time-state=", "time-state=running", "time-state=CLOSED", "timeState=RUNNING"]) {
      const r = await list(token, query);
      expect(r.status, query).toBe(400);
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(r.json).toMatchObject({ status: 400, title: expect.any(String), detail: expect.any(String) });
      expect(r.json.errors.map((e: { path: string }) => e.path)).toContain("query.time-state");
    }
    expect(await db.auditLog.count({ where: { accountId: await readBy({ clientId: w.client.id }) } })).toBe(0);
  });

  it("is the client's own: other roles get 403, no token 401, and another client's token sees only theirs", async () => {
    const { w } = await clientWithEverySession();
    for (const who of ["carer", "staff", "inst", "outsider"] as const) {
      const r = await list(await w.token(who), "time-state=RUNNING");
      expect(r.status, who).toBe(403);
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
    const anonymous = await api(`${LIST}?time-state=RUNNING`);
    expect(anonymous.status).toBe(401);
    const other = await makeWorld();
    const theirs = await list(await other.token("client"), "time-state=RUNNING&size=100");
    expect(theirs.status).toBe(200);
    expect((theirs.json.content as Item[]).map((a) => a.id).sort()).toEqual([...other.session.assignmentIds].sort());
  });

  it("records the read in the clinic's audit log, once per session shown, as the client's account", async () => {
    const { w, older } = await clientWithEverySession();
    const token = await w.token("client");
    const accountId = await readBy({ clientId: w.client.id });
    const since = new Date();
    const r = await list(token, "time-state=RUNNING&size=3");
    expect(r.json.content.map((a: Item) => a.sessionId)).toEqual([older.id, older.id, w.session.id]);
    const rows = await db.auditLog.findMany({
      where: { accountId, at: { gte: new Date(since.getTime() - 1000) } },
      select: { clinicId: true, action: true, targetId: true },
      orderBy: { targetId: "asc" },
    });
    expect(rows).toEqual(
      [older.id, w.session.id]
        .sort((a, b) => a - b)
        .map((targetId) => ({ clinicId: w.clinic.id, action: "READ_SESSION", targetId })),
    );
    // An empty page reads nothing, so it records nothing.
    const before = await db.auditLog.count({ where: { accountId } });
    await list(token, "time-state=RUNNING&page=9");
    expect(await db.auditLog.count({ where: { accountId } })).toBe(before);
  });
});
