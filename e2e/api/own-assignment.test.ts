// GET /gateway/profile/client/assignment/{id}: one of the client's own assignments with its module
// version's definition (what the client's page renders), the answers saved so far or submitted,
// and the care team's feedback. Anyone else's is 404; the read is in the clinic's audit log.
// GET /gateway/profile/client/assignment-timing: when those assignments are due, beside the list.
import { describe, expect, it } from "vitest";
import type { ModuleDefinitionT } from "@/lib/schemas/module-definition";
import { makeBook, makeSession } from "@/prisma/factories";
import { expectProblem } from "./support/expect-problem";
import { api, db, readBy, makeWorld, type World } from "./support/world";

const ONE = (id: number) => `/gateway/profile/client/assignment/${String(id)}`;
const TIMING = (timeState: string) => `/gateway/profile/client/assignment-timing?time-state=${timeState}&size=100`;

/** The care team adds the world's second book to its running session, due 2031/01/10 18:00 in UTC+01:00. */
async function addDueHomework(w: World): Promise<number[]> {
  const r = await api("/gateway/profile/caregiver/session/assignment", {
    token: await w.token("carer"),
    method: "PUT",
    headers: { offset: "+01:00" },
    body: { sessionId: w.session.id, bookIds: [w.book2.id], endDate: "2031/01/10", endTime: "18:00" },
  });
  expect(r.status, r.text).toBe(200);
  return (r.json as { id: number }[]).map((a) => a.id);
}

const SLEEP: ModuleDefinitionT = {
  blocks: [
    { type: "text", body: { en: "Fill this in **each morning**.", fr: "À remplir **chaque matin**." } },
    {
      type: "single",
      key: "rested",
      label: { en: "Did you feel rested?", fr: "Vous sentiez-vous reposé·e ?" },
      required: true,
      options: [
        { value: "yes", label: { en: "Yes", fr: "Oui" }, score: 0 },
        { value: "no", label: { en: "No", fr: "Non" }, score: 1 },
      ],
    },
    { type: "shortText", key: "bedtime", label: { en: "Bedtime" }, required: false, maxLength: 20 },
  ],
  scoring: {
    items: ["rested"],
    reverse: [],
    multiplier: 1,
    range: { min: 0, max: 1 },
    subscales: [],
    bands: [{ min: 0, max: 1, label: { en: "Any" } }],
    alerts: [],
  },
};

/** The world, and a running session of its client whose assignment asks SLEEP (version 1). */
async function withDefinedAssignment(w: World) {
  const book = await makeBook(db, {
    clinicId: w.clinic.id,
    name: `Sleep ${w.u}`,
    modules: [{ name: `Sleep check ${w.u}`, definition: SLEEP, isTest: false }],
  });
  const mod = book.modules[0]!;
  const session = await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: w.client.id,
    caregiverId: w.carer.id,
    title: `Sleep week ${w.u}`,
    startAt: new Date(Date.now() - 3600_000),
    assignments: [{ bookId: book.id, moduleId: mod.id }],
  });
  return { book, mod, session, id: session.assignmentIds[0]! };
}

describe("GET /gateway/profile/client/assignment/{id}", () => {
  it("answers the client's own assignment with the version it was given, without scoring, and resumes from autosaved answers", async () => {
    const w = await makeWorld();
    const { id, mod, book, session } = await withDefinedAssignment(w);
    // Editing the module later adds a version; the assignment keeps the one it was given.
    await db.moduleVersion.create({ data: { moduleId: mod.id, version: 2, definition: { blocks: [] } } });
    const token = await w.token("client");
    const fresh = await api(ONE(id), { token, headers: { offset: "0" } });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.json).toMatchObject({
      id,
      name: mod.name,
      bookName: book.name,
      sessionId: session.id,
      sessionTitle: session.title,
      status: "PENDING",
      feedbackStatus: "NONE",
      submitDate: null,
      dueDate: null,
      canChange: true,
      answers: [],
      feedbacks: [],
    });
    expect(fresh.json.definition).toEqual({ blocks: SLEEP.blocks });
    const saved = await api(`${ONE(id)}/autosave`, {
      token,
      method: "PUT",
      body: { answers: [{ questionKey: "rested", value: "yes" }] },
    });
    expect(saved.status, saved.text).toBe(200);
    const resumed = await api(ONE(id), { token });
    expect(resumed.json).toMatchObject({ status: "IN_PROGRESS", answers: [{ questionKey: "rested", value: "yes" }] });
  });

  it("answers the due moment of homework added with one, in the caller's offset", async () => {
    const w = await makeWorld();
    const [id] = await addDueHomework(w);
    const r = await api(ONE(id!), { token: await w.token("client"), headers: { offset: "+05:30" } });
    expect(r.status, r.text).toBe(200);
    // 18:00 at UTC+01:00 is 17:00 UTC, 22:30 at UTC+05:30.
    expect(r.json).toMatchObject({ id, dueDate: "2031/01/10 22:30" });
  });

  it("shows finished work read-only with the submitted answers and the care team's feedback", async () => {
    const w = await makeWorld();
    // The world's first assignment is complete with feedback given.
    const [doneId] = w.session.assignmentIds;
    const r = await api(ONE(doneId!), { token: await w.token("client") });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      status: "COMPLETE",
      feedbackStatus: "GIVEN",
      canChange: false,
      answers: [{ questionKey: "q1", value: { text: "Submitted answer" } }],
      feedbacks: [{ type: "ASSIGNMENT", assignmentId: doneId, caregiverName: w.carer.name, text: expect.any(String) }],
    });
  });

  it("is 404 for another client's assignment, also of the same clinic, and an unknown id; 403 for other roles", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const { id } = await withDefinedAssignment(w);
    const before = await db.auditLog.count({ where: { accountId: await readBy({ clientId: other.client.id }) } });
    const theirs = await api(ONE(id), { token: await other.token("client") });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect((await api(ONE(2_000_000_000), { token: await w.token("client") })).status).toBe(404);
    // Nothing was read, so nothing is recorded.
    expect(await db.auditLog.count({ where: { accountId: await readBy({ clientId: other.client.id }) } })).toBe(before);
    for (const who of ["carer", "staff", "inst"] as const)
      expect((await api(ONE(id), { token: await w.token(who) })).status, who).toBe(403);
    expect((await api(ONE(id))).status).toBe(401);
  });

  it("records the read in the clinic's audit log as the client's account, for the assignment's session", async () => {
    const w = await makeWorld();
    const { id, session } = await withDefinedAssignment(w);
    const accountId = await readBy({ clientId: w.client.id });
    const before = await db.auditLog.count({ where: { accountId } });
    expect((await api(ONE(id), { token: await w.token("client") })).status).toBe(200);
    const rows = await db.auditLog.findMany({
      where: { accountId },
      select: { clinicId: true, action: true, targetId: true },
      orderBy: { id: "desc" },
    });
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toEqual({ clinicId: w.clinic.id, action: "READ_SESSION", targetId: session.id });
  });
});

describe("GET /gateway/profile/client/assignment-timing", () => {
  it("answers the timing of the client's own list, item for item, with the due moments in the caller's offset", async () => {
    const w = await makeWorld();
    const added = await addDueHomework(w);
    const token = await w.token("client");
    const list = await api(`/gateway/profile/client/assignment?time-state=RUNNING&size=100`, { token });
    const timing = await api(TIMING("RUNNING"), { token, headers: { offset: "0" } });
    expect(timing.status, timing.text).toBe(200);
    const items = timing.json.content as { assignmentId: number; dueDate: string | null; remindDates: string[] }[];
    expect(items.map((x) => x.assignmentId)).toEqual(list.json.content.map((a: { id: number }) => a.id));
    expect(timing.json.totalElements).toBe(list.json.totalElements);
    for (const x of items)
      expect(x.dueDate, String(x.assignmentId)).toBe(added.includes(x.assignmentId) ? "2031/01/10 17:00" : null);
    // Pages as the list pages: the second of one item is the list's second item.
    const second = await api(`/gateway/profile/client/assignment-timing?time-state=RUNNING&page=1&size=1`, { token });
    expect(second.json.content.map((x: { assignmentId: number }) => x.assignmentId)).toEqual([items[1]!.assignmentId]);
    // Another time-state holds none of them.
    const future = await api(TIMING("FUTURE"), { token });
    expect(future.json).toMatchObject({ content: [], totalElements: 0 });
  });

  it("shows only the caller's own; refuses a missing time-state, other roles and no token", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    await addDueHomework(w);
    const theirs = await api(TIMING("RUNNING"), { token: await other.token("client") });
    const mine = new Set(w.session.assignmentIds);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.json.content.some((x: { assignmentId: number }) => mine.has(x.assignmentId))).toBe(false);
    expectProblem(
      await api("/gateway/profile/client/assignment-timing", { token: await w.token("client") }),
      400,
      "query.time-state",
    );
    for (const who of ["carer", "staff", "inst"] as const)
      expectProblem(await api(TIMING("RUNNING"), { token: await w.token(who) }), 403);
    expectProblem(await api(TIMING("RUNNING")), 401);
  });
});
