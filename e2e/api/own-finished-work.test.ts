// GET /gateway/profile/client/finished-assignment: the client's own submitted assignments, newest
// submit first, paged, each exactly the session detail's assignment object.
import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/dates";
import { makeClient, makeSession } from "@/prisma/factories";
import { api, db, readBy, makeWorld, type World } from "./support/world";

const LIST = "/gateway/profile/client/finished-assignment";
const DAY = 24 * 3600 * 1000;

type Item = { id: number; sessionId: number; status: string; submitDate: string | null };

const list = (token: string, query = "", headers: Record<string, string> = {}) =>
  api(`${LIST}${query ? `?${query}` : ""}`, { token, headers });

/**
 * The world's client (its running session of two days ago: Intro submitted a day and a half ago,
 * the test a day ago, the rest not) with three more sessions: a running one of five days ago whose
 * first two assignments were submitted at the same moment, three days ago, and its third is in
 * progress; a completed one of two weeks ago, its first submitted thirteen days ago; a future one.
 * A neighbour of the same clinic has submitted work of its own.
 */
async function clientWithFinishedWork() {
  const w = await makeWorld();
  const [m0, m1, m2] = w.book.modules.map((m) => ({ bookId: w.book.id, moduleId: m.id }));
  if (!m0 || !m1 || !m2) throw new Error("the world's book has three modules");
  const session = (
    title: string,
    daysAgo: number,
    assignments: Parameters<typeof makeSession>[1]["assignments"],
    closed = false,
  ) =>
    makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `${title} ${w.u}`,
      startAt: new Date(Date.now() - daysAgo * DAY),
      closed,
      assignments,
    });
  const older = await session("Older", 5, [
    { ...m0, status: "COMPLETE", submittedAfterDays: 2 },
    { ...m1, status: "COMPLETE", feedbackStatus: "GIVEN", submittedAfterDays: 2, feedback: "Nice work" },
    { ...m2, status: "IN_PROGRESS" },
  ]);
  const done = await session("Done", 14, [{ ...m0, status: "COMPLETE", submittedAfterDays: 1 }, { ...m1 }], true);
  await session("Future", -3, [{ ...m0 }]);
  const neighbour = await makeClient(db, {
    clinicId: w.clinic.id,
    name: `Neighbour ${w.u}`,
    email: `neighbour-${w.u}@test.test`,
    careTeam: [w.carer.id],
  });
  await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: neighbour.id,
    caregiverId: w.carer.id,
    title: `Theirs ${w.u}`,
    startAt: new Date(Date.now() - DAY),
    assignments: [{ ...m0, status: "COMPLETE", submittedAfterDays: 0.5 }],
  });
  const [intro, , test] = w.session.assignmentIds;
  const [olderFirst, olderSecond] = older.assignmentIds;
  // Newest submit first; the two submitted together, the later made (higher id) first.
  const order = [test, intro, olderSecond, olderFirst, done.assignmentIds[0]];
  return { w, older, done, order };
}

const detailsOf = async (w: World, sessionIds: number[]) => {
  const token = await w.token("carer");
  const details = await Promise.all(
    sessionIds.map(async (id) => (await api(`/gateway/profile/caregiver/session/${id}`, { token })).json),
  );
  return new Map(details.flatMap((d: { assignments: Item[] }) => d.assignments.map((a) => [a.id, a] as const)));
};

describe("GET /gateway/profile/client/finished-assignment", () => {
  it("answers the client's own submitted work of every session, newest first, exactly as the session detail shows it", async () => {
    const { w, older, done, order } = await clientWithFinishedWork();
    const r = await list(await w.token("client"));
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    const detail = await detailsOf(w, [w.session.id, older.id, done.id]);
    expect(r.json).toEqual({
      content: order.map((id) => detail.get(id ?? -1)),
      page: 0,
      size: 20,
      totalElements: 5,
      totalPages: 1,
    });
    expect((r.json.content as Item[]).every((a) => a.status === "COMPLETE" && a.submitDate)).toBe(true);
  });

  it("pages with page and size in the same order, and past the last page answers an empty page with the totals", async () => {
    const { w, order } = await clientWithFinishedWork();
    const token = await w.token("client");
    const pages = [];
    for (const page of [0, 1, 2]) {
      const r = await list(token, `page=${page}&size=2`);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ page, size: 2, totalElements: 5, totalPages: 3 });
      pages.push(...(r.json.content as Item[]));
    }
    expect(pages.map((a) => a.id)).toEqual(order);
    const past = await list(token, "page=7&size=2");
    expect(past.json).toEqual({ content: [], page: 7, size: 2, totalElements: 5, totalPages: 3 });
    for (const bad of ["size=0", "size=101", "page=-1", "page=x"]) {
      const r = await list(token, bad);
      expect(r.status, bad).toBe(400);
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
  });

  it("writes dates in the offset header's zone", async () => {
    const { w, order } = await clientWithFinishedWork();
    const token = await w.token("client");
    const stored = await db.assignment.findMany({
      where: { id: { in: order.filter((id) => id !== undefined) } },
      select: { id: true, assignedAt: true, submittedAt: true },
    });
    const byId = new Map(stored.map((s) => [s.id, s]));
    for (const [header, minutes] of [
      ["+05:30", 330],
      ["-5", -300],
    ] as const) {
      const r = await list(token, "", { offset: header });
      expect(r.status, r.text).toBe(200);
      expect(
        (r.json.content as (Item & { assignDate: string })[]).map((a) => [a.id, a.assignDate, a.submitDate]),
      ).toEqual(
        order.map((id) => {
          const s = byId.get(id ?? -1);
          return [id, formatDate(s?.assignedAt ?? null, minutes), formatDate(s?.submittedAt ?? null, minutes)];
        }),
      );
    }
    expect((await list(token, "", { offset: "+15" })).status).toBe(400);
  });

  it("is the client's own: other roles get 403, no token 401, and another client sees only theirs", async () => {
    const { w } = await clientWithFinishedWork();
    for (const who of ["carer", "staff", "inst", "outsider"] as const) {
      const r = await list(await w.token(who));
      expect(r.status, who).toBe(403);
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
    expect((await api(LIST)).status).toBe(401);
    const other = await makeWorld();
    const theirs = await list(await other.token("client"), "size=100");
    expect(theirs.status).toBe(200);
    const [intro, , test] = other.session.assignmentIds;
    expect((theirs.json.content as Item[]).map((a) => a.id)).toEqual([test, intro]);
  });

  it("records the read in the clinic's audit log, once per session shown, as the client's account", async () => {
    const { w, older } = await clientWithFinishedWork();
    const token = await w.token("client");
    const accountId = await readBy({ clientId: w.client.id });
    const since = new Date(Date.now() - 1000);
    const r = await list(token, "size=3");
    expect((r.json.content as Item[]).map((a) => a.sessionId)).toEqual([w.session.id, w.session.id, older.id]);
    const rows = await db.auditLog.findMany({
      where: { accountId, at: { gte: since } },
      select: { clinicId: true, action: true, targetId: true },
      orderBy: { targetId: "asc" },
    });
    expect(rows).toEqual(
      [w.session.id, older.id]
        .sort((a, b) => a - b)
        .map((targetId) => ({ clinicId: w.clinic.id, action: "READ_SESSION", targetId })),
    );
    // An empty page reads nothing, so it records nothing.
    const before = await db.auditLog.count({ where: { accountId } });
    await list(token, "page=9");
    expect(await db.auditLog.count({ where: { accountId } })).toBe(before);
  });
});
