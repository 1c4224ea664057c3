// GET /gateway/profile/client/assignment/{id}: one of the client's own assignments with its module
// version's definition (what the client's page renders), the answers saved so far or submitted,
// and the care team's feedback. Anyone else's is 404; the read is in the clinic's audit log.
import { describe, expect, it } from "vitest";
import type { ModuleDefinitionT } from "@/lib/schemas/module-definition";
import { makeBook, makeSession } from "@/prisma/factories";
import { api, db, makeWorld, type World } from "./support/world";

const ONE = (id: number) => `/gateway/profile/client/assignment/${String(id)}`;

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
    const before = await db.auditLog.count({ where: { account: { clientId: other.client.id } } });
    const theirs = await api(ONE(id), { token: await other.token("client") });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect((await api(ONE(2_000_000_000), { token: await w.token("client") })).status).toBe(404);
    // Nothing was read, so nothing is recorded.
    expect(await db.auditLog.count({ where: { account: { clientId: other.client.id } } })).toBe(before);
    for (const who of ["carer", "staff", "inst"] as const)
      expect((await api(ONE(id), { token: await w.token(who) })).status, who).toBe(403);
    expect((await api(ONE(id))).status).toBe(401);
  });

  it("records the read in the clinic's audit log as the client's account, for the assignment's session", async () => {
    const w = await makeWorld();
    const { id, session } = await withDefinedAssignment(w);
    const account = { clientId: w.client.id };
    const before = await db.auditLog.count({ where: { account } });
    expect((await api(ONE(id), { token: await w.token("client") })).status).toBe(200);
    const rows = await db.auditLog.findMany({
      where: { account },
      select: { clinicId: true, action: true, targetId: true },
      orderBy: { id: "desc" },
    });
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toEqual({ clinicId: w.clinic.id, action: "READ_SESSION", targetId: session.id });
  });
});
