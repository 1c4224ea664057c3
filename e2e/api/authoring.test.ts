// Authoring a clinic's program (issue 11 item 4): books, modules with versioned definitions,
// design plans of weeks, and scheduling with a plan (docs/api-decisions.md "Authoring").
import { describe, expect, it } from "vitest";
import { api, db, makeWorld, type World } from "./support/world";

const G = "/gateway/profile/clinic";
const SCHEDULE = "/gateway/profile/caregiver/session";

type Answer = Awaited<ReturnType<typeof api>>;

function expectProblem(r: Answer, status: number, path?: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.headers.get("content-type")).toBe("application/problem+json");
  if (path) expect(r.json.errors.map((e: { path: string }) => e.path)).toContain(path);
}

/** A definition with one scale question (a test when `scored`) and a label that tells versions apart. */
const definition = (label: string, scored = false) => ({
  blocks: [
    { type: "text", body: { en: `About ${label}` } },
    {
      type: "scale",
      key: "mood",
      label: { en: label, fr: `${label} (fr)` },
      points: [
        { value: 0, label: { en: "Low" } },
        { value: 1, label: { en: "Mid" } },
        { value: 2, label: { en: "High" } },
      ],
    },
  ],
  ...(scored && {
    scoring: {
      items: ["mood"],
      range: { min: 0, max: 2 },
      bands: [
        { min: 0, max: 0, label: { en: "Low" } },
        { min: 1, max: 2, label: { en: "Fine" } },
      ],
    },
  }),
});

async function staffOf(w: World) {
  return w.token("staff");
}

async function newBook(w: World, name = "Mood") {
  const r = await api(`${G}/book`, { token: await staffOf(w), body: { name, description: "Weekly mood" } });
  expect(r.status, r.text).toBe(201);
  return r.json as { id: number; name: string };
}

async function newModule(w: World, bookId: number, name: string, def: unknown) {
  const r = await api(`${G}/book/${bookId}/module`, { token: await staffOf(w), body: { name, definition: def } });
  expect(r.status, r.text).toBe(201);
  return r.json as { id: number; version: number; isTest: boolean };
}

const versionOfAssignments = async (moduleId: number) =>
  (
    await db.assignment.findMany({
      where: { moduleId },
      select: { moduleVersion: { select: { version: true } } },
      orderBy: { id: "asc" },
    })
  ).map((a) => a.moduleVersion.version);

describe("books", () => {
  it("staff create a book, rename it and change its description; the list and the detail show it", async () => {
    const w = await makeWorld();
    const token = await staffOf(w);
    const created = await api(`${G}/book`, {
      token,
      body: { name: "Quiet nights", description: "Two weeks on sleep" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      name: "Quiet nights",
      description: "Two weeks on sleep",
      clinicId: w.clinic.id,
      libraryKey: null,
      modules: [],
    });
    const id = created.json.id;
    const changed = await api(`${G}/book/${id}`, { method: "PATCH", token, body: { name: "Quieter nights" } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ name: "Quieter nights", description: "Two weeks on sleep" });
    const read = await api(`${G}/book/${id}`, { token: await w.token("carer") });
    expect(read.status).toBe(200);
    expect(read.json.name).toBe("Quieter nights");
    const list = await api(`${G}/book?size=100`, { token });
    expect(list.json.content.map((b: { name: string }) => b.name)).toContain("Quieter nights");
  });

  it("an institute creates a book for one of its clinics, and must name it", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const token = await w.token("inst");
    const ok = await api(`${G}/book`, { token, body: { clinicId: w.clinic.id, name: "Inst book" } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.clinicId).toBe(w.clinic.id);
    expectProblem(await api(`${G}/book`, { token, body: { name: "No clinic" } }), 400, "clinicId");
    expectProblem(await api(`${G}/book`, { token, body: { clinicId: other.clinic.id, name: "Theirs" } }), 404);
    expect(await db.book.count({ where: { clinicId: other.clinic.id, name: "Theirs" } })).toBe(0);
  });

  it("another clinic's staff get 404 for a book, a module and a design plan; a care provider may read, not write", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const book = await newBook(w);
    const mod = await newModule(w, book.id, "Check", definition("How are you?"));
    const them = await other.token("staff");
    expectProblem(await api(`${G}/book/${book.id}`, { token: them }), 404);
    expectProblem(await api(`${G}/book/${book.id}`, { method: "PATCH", token: them, body: { name: "x" } }), 404);
    expectProblem(
      await api(`${G}/book/${book.id}/module`, { token: them, body: { name: "x", definition: definition("x") } }),
      404,
    );
    expectProblem(await api(`${G}/module/${mod.id}`, { token: them }), 404);
    expectProblem(await api(`${G}/module/${mod.id}`, { method: "PATCH", token: them, body: { name: "x" } }), 404);
    expectProblem(await api(`${G}/module/${mod.id}`, { method: "DELETE", token: them }), 404);
    expectProblem(await api(`${G}/design-plan/${w.plan.id}`, { token: them }), 404);
    expectProblem(
      await api(`${G}/design-plan/${w.plan.id}`, { method: "PATCH", token: them, body: { name: "x" } }),
      404,
    );
    const carer = await w.token("carer");
    expect((await api(`${G}/module/${mod.id}`, { token: carer })).status).toBe(200);
    expectProblem(await api(`${G}/module/${mod.id}`, { method: "PATCH", token: carer, body: { name: "x" } }), 403);
    expect((await db.module.findUniqueOrThrow({ where: { id: mod.id } })).name).toBe("Check");
  });
});

describe("changes that change nothing", () => {
  it("an empty PATCH of a book, a module or a design plan is 400, as a client's and a care provider's are", async () => {
    const w = await makeWorld();
    const token = await staffOf(w);
    const book = await newBook(w, "Unchanged");
    const mod = await newModule(w, book.id, "Unchanged", definition("Unchanged"));
    for (const path of [`${G}/book/${book.id}`, `${G}/module/${mod.id}`, `${G}/design-plan/${w.plan.id}`]) {
      const before = (await api(path, { token })).json;
      const r = await api(path, { method: "PATCH", token, body: {} });
      expectProblem(r, 400);
      expect(r.json.detail).toMatch(/must change at least one field/);
      expect((await api(path, { token })).json).toEqual(before);
    }
    const versions = await db.moduleVersion.count({ where: { moduleId: mod.id } });
    expect(versions).toBe(1);
  });
});

describe("modules", () => {
  it("a new module is version 1 and a test exactly when its definition scores", async () => {
    const w = await makeWorld();
    const book = await newBook(w);
    const plain = await newModule(w, book.id, "Diary", definition("Diary"));
    const test = await newModule(w, book.id, "Check", definition("Check", true));
    expect(plain).toMatchObject({ version: 1, isTest: false, bookId: book.id, position: 1 });
    expect(test).toMatchObject({ version: 1, isTest: true, position: 2 });
    const read = await api(`${G}/module/${test.id}`, { token: await staffOf(w) });
    expect(read.status).toBe(200);
    expect(read.json.definition.blocks[1]).toMatchObject({ type: "scale", key: "mood", label: { en: "Check" } });
    expect(read.json.definition.scoring.items).toEqual(["mood"]);
    const detail = await api(`${G}/book/${book.id}`, { token: await staffOf(w) });
    expect(detail.json.modules).toEqual([
      // French: the question's label only; "About …" and the points are English alone (the bands,
      // the care team's, are not counted).
      {
        id: plain.id,
        name: "Diary",
        position: 1,
        isTest: false,
        version: 1,
        archived: false,
        french: { texts: 5, missing: 4 },
      },
      {
        id: test.id,
        name: "Check",
        position: 2,
        isTest: true,
        version: 1,
        archived: false,
        french: { texts: 5, missing: 4 },
      },
    ]);
  });

  it("editing a module's definition makes version 2, while an assignment given version 1 keeps it", async () => {
    const w = await makeWorld();
    const token = await staffOf(w);
    const book = await newBook(w);
    const mod = await newModule(w, book.id, "Check", definition("Version one"));
    const first = await api(SCHEDULE, {
      token,
      body: { clientId: w.client.id, caregiverId: w.carer.id, bookIdList: [book.id], date: "2031/01/06" },
    });
    expect(first.status, first.text).toBe(201);

    const edited = await api(`${G}/module/${mod.id}`, {
      method: "PATCH",
      token,
      body: { definition: definition("Version two", true) },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ version: 2, isTest: true, name: "Check" });
    expect(edited.json.definition.blocks[1].label.en).toBe("Version two");
    expect(await versionOfAssignments(mod.id)).toEqual([1]);

    // The same definition again, or a new name alone, adds no version.
    const same = await api(`${G}/module/${mod.id}`, {
      method: "PATCH",
      token,
      body: { name: "Weekly check", definition: definition("Version two", true) },
    });
    expect(same.json).toMatchObject({ version: 2, name: "Weekly check" });

    const second = await api(SCHEDULE, {
      token,
      body: { clientId: w.client.id, caregiverId: w.carer.id, bookIdList: [book.id], date: "2031/02/03" },
    });
    expect(second.status, second.text).toBe(201);
    expect(await versionOfAssignments(mod.id)).toEqual([1, 2]);
    const v1 = await db.moduleVersion.findFirstOrThrow({ where: { moduleId: mod.id, version: 1 } });
    expect(v1.definition).toMatchObject({ blocks: [{}, { label: { en: "Version one" } }] });
  });

  it("a definition that does not hold is refused with its path, and nothing is stored", async () => {
    const w = await makeWorld();
    const token = await staffOf(w);
    const book = await newBook(w);
    const bad = definition("Bad");
    const broken = {
      blocks: [
        ...bad.blocks,
        { type: "text", body: { en: "x" } },
        { type: "single", key: "pick", label: { en: "Pick" }, options: [{ value: "a", label: { en: "A" } }] },
      ],
    };
    const r = await api(`${G}/book/${book.id}/module`, { token, body: { name: "Bad", definition: broken } });
    expectProblem(r, 400, "definition.blocks.3.options");
    expect(await db.module.count({ where: { bookId: book.id } })).toBe(0);

    const mod = await newModule(w, book.id, "Good", definition("Good"));
    const scoringOfText = { ...definition("Good"), scoring: { items: ["nope"], range: { min: 0, max: 1 }, bands: [] } };
    const e = await api(`${G}/module/${mod.id}`, { method: "PATCH", token, body: { definition: scoringOfText } });
    expectProblem(e, 400, "definition.scoring.bands");
    // "Choose up to three" of two options could not be what the author meant.
    const tooMany = {
      blocks: [
        {
          type: "multiple",
          key: "areas",
          label: { en: "Areas" },
          maxChoices: 3,
          options: [
            { value: "a", label: { en: "A" } },
            { value: "b", label: { en: "B" } },
          ],
        },
      ],
    };
    const m = await api(`${G}/module/${mod.id}`, { method: "PATCH", token, body: { definition: tooMany } });
    expectProblem(m, 400, "definition.blocks.0.maxChoices");
    expect(await db.moduleVersion.count({ where: { moduleId: mod.id } })).toBe(1);
  });

  it("racing edits of one module make consecutive versions, never the same one twice", async () => {
    const w = await makeWorld();
    const token = await staffOf(w);
    const book = await newBook(w);
    const mod = await newModule(w, book.id, "Raced", definition("v1"));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api(`${G}/module/${mod.id}`, { method: "PATCH", token, body: { definition: definition(`edit ${i}`) } }),
      ),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(answers.map((a) => a.json.version as number).sort()).toEqual([2, 3, 4, 5, 6, 7]);
    const versions = await db.moduleVersion.findMany({ where: { moduleId: mod.id }, select: { version: true } });
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("a definition edited from a version a colleague has saved over is refused (409) and changes nothing; racing ones from one version save once", async () => {
    const w = await makeWorld();
    const token = await staffOf(w);
    const book = await newBook(w);
    const mod = await newModule(w, book.id, "Two tabs", definition("as created"));
    const patch = (body: object) => api(`${G}/module/${mod.id}`, { method: "PATCH", token, body });

    // Tab A saves version 2 from version 1.
    expect((await patch({ definition: definition("tab A's wording"), baseVersion: 1 })).json.version).toBe(2);
    // Tab B, still on version 1, would put back what A changed: refused, and nothing is stored.
    const stale = await patch({ name: "Renamed by B", definition: definition("tab B's change"), baseVersion: 1 });
    expectProblem(stale, 409);
    expect(stale.json.detail).toMatch(/saved again since version 1.*it is now version 2.*nothing was saved/);
    const now = await api(`${G}/module/${mod.id}`, { token });
    expect(now.json).toMatchObject({ version: 2, name: "Two tabs" });
    expect(now.json.definition.blocks[1].label.en).toBe("tab A's wording");
    // From the version it read, B's change is saved; the same definition as the current one is no conflict.
    expect((await patch({ definition: definition("tab B's change"), baseVersion: 2 })).json.version).toBe(3);
    expect((await patch({ definition: definition("tab B's change"), baseVersion: 1 })).status).toBe(200);
    // A name alone needs no version; the version alone changes nothing (400).
    expect((await patch({ name: "Renamed", baseVersion: 1 })).status).toBe(200);
    expectProblem(await patch({ baseVersion: 3 }), 400);

    // Four editors who all read version 3: one saves, three are told.
    const raced = await Promise.all(
      [1, 2, 3, 4].map((i) => patch({ definition: definition(`racer ${String(i)}`), baseVersion: 3 })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await db.moduleVersion.count({ where: { moduleId: mod.id } })).toBe(4);
  });

  it("modules are reordered; a module never assigned is removed, an assigned one stays (409)", async () => {
    const w = await makeWorld();
    const token = await staffOf(w);
    const assigned = w.book.modules[0]?.id;
    const book = await newBook(w);
    const a = await newModule(w, book.id, "A", definition("A"));
    const b = await newModule(w, book.id, "B", definition("B"));
    const order = await api(`${G}/book/${book.id}/module-order`, {
      method: "PUT",
      token,
      body: { moduleIds: [b.id, a.id] },
    });
    expect(order.status, order.text).toBe(200);
    expect(order.json.modules.map((m: { name: string }) => m.name)).toEqual(["B", "A"]);
    expectProblem(
      await api(`${G}/book/${book.id}/module-order`, { method: "PUT", token, body: { moduleIds: [b.id] } }),
      400,
      "moduleIds",
    );
    expectProblem(
      await api(`${G}/book/${book.id}/module-order`, {
        method: "PUT",
        token,
        body: { moduleIds: [b.id, assigned] },
      }),
      422,
      "moduleIds.1",
    );
    expectProblem(await api(`${G}/module/${assigned}`, { method: "DELETE", token }), 409);
    expect(await db.module.count({ where: { id: assigned } })).toBe(1);
    const removed = await api(`${G}/module/${a.id}`, { method: "DELETE", token });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.modules.map((m: { name: string }) => m.name)).toEqual(["B"]);
    expect(await db.moduleVersion.count({ where: { moduleId: a.id } })).toBe(0);
  });
});

describe("design plans", () => {
  it("staff create a plan of weeks, read it back, and replace its weeks; foreign books are 422 by path", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const token = await staffOf(w);
    const created = await api(`${G}/design-plan`, {
      token,
      body: {
        name: "Three weeks",
        weeks: [{ bookIds: [w.book.id] }, { bookIds: [] }, { bookIds: [w.book2.id, w.book.id] }],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      name: "Three weeks",
      description: "",
      clinicId: w.clinic.id,
      weeks: [
        { week: 1, books: [{ id: w.book.id, name: w.book.name }] },
        { week: 2, books: [] },
        {
          week: 3,
          books: [
            { id: w.book2.id, name: w.book2.name },
            { id: w.book.id, name: w.book.name },
          ],
        },
      ],
    });
    const id = created.json.id;
    const read = await api(`${G}/design-plan/${id}`, { token: await w.token("carer") });
    expect(read.json).toEqual(created.json);

    const foreign = await api(`${G}/design-plan/${id}`, {
      method: "PATCH",
      token,
      body: { weeks: [{ bookIds: [w.book.id] }, { bookIds: [other.book.id] }] },
    });
    expectProblem(foreign, 422, "weeks.1.bookIds.0");
    expectProblem(
      await api(`${G}/design-plan`, { token, body: { name: "Bad", weeks: [{ bookIds: [999_999_999] }] } }),
      422,
      "weeks.0.bookIds.0",
    );
    expectProblem(
      await api(`${G}/design-plan/${id}`, {
        method: "PATCH",
        token,
        body: { weeks: [{ bookIds: [w.book.id] }, { bookIds: [] }] },
      }),
      400,
      "weeks.1.bookIds",
    );
    expect((await api(`${G}/design-plan/${id}`, { token })).json).toEqual(created.json);

    const replaced = await api(`${G}/design-plan/${id}`, {
      method: "PATCH",
      token,
      body: { description: "Shorter", weeks: [{ bookIds: [w.book2.id] }] },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json).toMatchObject({
      name: "Three weeks",
      description: "Shorter",
      weeks: [{ week: 1, books: [{ id: w.book2.id }] }],
    });
  });

  it("scheduling three sessions with a two-week plan gives session k week k's books, and every session the named ones", async () => {
    const w = await makeWorld();
    const token = await staffOf(w);
    const extra = await newBook(w, "Every week");
    const daily = await newModule(w, extra.id, "Daily note", definition("Note"));
    const plan = await api(`${G}/design-plan`, {
      token,
      body: { name: "Two weeks", weeks: [{ bookIds: [w.book.id] }, { bookIds: [w.book2.id, extra.id] }] },
    });
    expect(plan.status, plan.text).toBe(201);
    const r = await api(SCHEDULE, {
      token,
      body: {
        clientId: w.client.id,
        caregiverId: w.carer.id,
        designPlanId: plan.json.id,
        bookIdList: [extra.id],
        date: "2031/05/05",
        sessionCount: 3,
      },
    });
    expect(r.status, r.text).toBe(201);
    const sessions = await db.session.findMany({
      where: { id: { in: r.json.map((s: { id: number }) => s.id) } },
      orderBy: { startAt: "asc" },
      select: { assignments: { select: { moduleId: true }, orderBy: { id: "asc" } } },
    });
    const modulesOf = (b: { modules: { id: number }[] }) => b.modules.map((m) => m.id);
    const got = sessions.map((s) => s.assignments.map((a) => a.moduleId).sort());
    expect(got).toEqual([
      [daily.id, ...modulesOf(w.book)].sort(),
      [daily.id, ...modulesOf(w.book2)].sort(),
      [daily.id],
    ]);

    // The same plan through a new client's first sessions, with no books named.
    const created = await api(`${G}/client`, {
      token,
      body: {
        name: "Planned",
        email: `planned-${w.u}@test.test`,
        caregiverList: [w.carer.id],
        session: { caregiverId: w.carer.id, designPlanId: plan.json.id, sessionCount: 3 },
      },
    });
    expect(created.status, created.text).toBe(201);
    const clientId = Number(created.headers.get("location")?.split("/").pop());
    const planned = await db.session.findMany({
      where: { clientId },
      orderBy: { startAt: "asc" },
      select: { assignments: { select: { moduleId: true } } },
    });
    expect(planned.map((s) => s.assignments.map((a) => a.moduleId).sort())).toEqual([
      modulesOf(w.book).sort(),
      [...modulesOf(w.book2), daily.id].sort(),
      [],
    ]);
  });
});
