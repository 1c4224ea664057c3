// Archiving in the library (docs/library.md "Archiving"): a book, design plan or module that was
// given stays, for what was given from it, but is no longer offered; and a design plan in use never
// has an archived book in its weeks, however two requests race.
import { describe, expect, it } from "vitest";
import { expectProblem } from "./support/expect-problem";
import { api, clinicRowCounts, db, makeWorld, type World } from "./support/world";

const G = "/gateway/profile/clinic";
const SCHEDULE = "/gateway/profile/caregiver/session";
const HOMEWORK = "/gateway/profile/caregiver/session/assignment";

const patch = async (w: World, path: string, body: unknown, who: "staff" | "carer" = "staff") =>
  api(`${G}/${path}`, { method: "PATCH", token: await w.token(who), body });

const idsOf = (r: { json: { content: { id: number }[] } }) => r.json.content.map((b) => b.id);

async function listed(w: World, what: "book" | "design-plan", archived?: boolean) {
  const r = await api(`${G}/${what}?size=100${archived === undefined ? "" : `&archived=${String(archived)}`}`, {
    token: await w.token("carer"),
  });
  expect(r.status, r.text).toBe(200);
  return idsOf(r);
}

const giveHomework = async (w: World, bookIds: number[]) =>
  api(HOMEWORK, { method: "PUT", token: await w.token("carer"), body: { sessionId: w.session.id, bookIds } });

const schedule = async (w: World, body: Record<string, unknown>) =>
  api(SCHEDULE, {
    token: await w.token("staff"),
    body: { clientId: w.client.id, caregiverId: w.carer.id, date: "2031/05/05", ...body },
  });

async function newPlan(w: World, name: string, bookIds: number[]) {
  const r = await api(`${G}/design-plan`, { token: await w.token("staff"), body: { name, weeks: [{ bookIds }] } });
  expect(r.status, r.text).toBe(201);
  return r.json as { id: number };
}

async function newBook(w: World, name: string) {
  const r = await api(`${G}/book`, { token: await w.token("staff"), body: { name } });
  expect(r.status, r.text).toBe(201);
  return r.json as { id: number };
}

describe("archiving a book", () => {
  it("is no longer listed, given as homework, scheduled or put in a plan; what was given keeps it; brought back, it is again", async () => {
    const w = await makeWorld();
    const given = await giveHomework(w, [w.book.id]);
    expect(given.status, given.text).toBe(200);
    const givenIds = given.json.map((a: { id: number }) => a.id);

    expectProblem(await patch(w, `book/${w.book.id}`, { archived: true }, "carer"), 403);
    const archived = await patch(w, `book/${w.book.id}`, { archived: true });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json).toMatchObject({ id: w.book.id, name: w.book.name, archived: true });
    expect(await listed(w, "book")).not.toContain(w.book.id);
    expect(await listed(w, "book", false)).not.toContain(w.book.id);
    expect(await listed(w, "book", true)).toEqual([w.book.id]);
    expectProblem(await api(`${G}/book?archived=yes`, { token: await w.token("staff") }), 400, "query.archived");

    const before = await clinicRowCounts(w.clinic.id);
    const refused = await giveHomework(w, [w.book2.id, w.book.id]);
    expectProblem(refused, 422, "bookIds.1");
    expect(refused.json.detail).toBe(`book ${w.book.id} is archived`);
    expectProblem(await schedule(w, { bookIdList: [w.book.id] }), 422, "bookIdList.0");
    expectProblem(
      await api(`${G}/design-plan`, {
        token: await w.token("staff"),
        body: { name: "With it", weeks: [{ bookIds: [w.book.id] }] },
      }),
      422,
      "weeks.0.bookIds.0",
    );
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
    expect(await db.designPlan.count({ where: { clinicId: w.clinic.id, name: "With it" } })).toBe(0);

    // The homework given before stays, with its book, in the session the care team reads.
    const session = await api(`/gateway/profile/caregiver/session/${w.session.id}`, { token: await w.token("carer") });
    expect(session.status, session.text).toBe(200);
    const inSession = session.json.assignments.filter((a: { id: number }) => givenIds.includes(a.id));
    expect(inSession.map((a: { bookId: number }) => a.bookId)).toEqual(givenIds.map(() => w.book.id));
    // Its page still reads it, and it can still be renamed.
    expect((await api(`${G}/book/${w.book.id}`, { token: await w.token("carer") })).json.archived).toBe(true);
    expect((await patch(w, `book/${w.book.id}`, { description: "Kept" })).json).toMatchObject({ archived: true });

    const back = await patch(w, `book/${w.book.id}`, { archived: false });
    expect(back.status, back.text).toBe(200);
    expect(back.json.archived).toBe(false);
    expect(await listed(w, "book")).toContain(w.book.id);
    expect(await listed(w, "book", true)).toEqual([]);
    expect((await giveHomework(w, [w.book.id])).status).toBe(200);
  });

  it("is refused (409, nothing changes) while a design plan in use has it; the plan, archived, cannot come back while the book is", async () => {
    const w = await makeWorld();
    const plan = await newPlan(w, `Second plan ${w.u}`, [w.book.id]);
    const refused = await patch(w, `book/${w.book.id}`, { archived: true, description: "Not saved" });
    expectProblem(refused, 409);
    expect(refused.json.detail).toContain(`Second plan ${w.u}`);
    const kept = await db.book.findUniqueOrThrow({ where: { id: w.book.id } });
    expect([kept.archivedAt, kept.description]).toEqual([null, ""]);

    const planArchived = await patch(w, `design-plan/${plan.id}`, { archived: true });
    expect(planArchived.status, planArchived.text).toBe(200);
    expect(planArchived.json.archived).toBe(true);
    expect(await listed(w, "design-plan")).not.toContain(plan.id);
    expect(await listed(w, "design-plan", true)).toEqual([plan.id]);
    const before = await clinicRowCounts(w.clinic.id);
    expectProblem(await schedule(w, { designPlanId: plan.id }), 422, "designPlanId");
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);

    expect((await patch(w, `book/${w.book.id}`, { archived: true })).status).toBe(200);
    const stays = await patch(w, `design-plan/${plan.id}`, { archived: false, description: "Not saved" });
    expectProblem(stays, 409);
    expect(stays.json.detail).toContain(w.book.name);
    expect(await db.designPlan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({ description: "" });
    expect((await api(`${G}/design-plan/${plan.id}`, { token: await w.token("staff") })).json.archived).toBe(true);

    // Its weeks changed to books in use, it comes back in the same change.
    const back = await patch(w, `design-plan/${plan.id}`, { archived: false, weeks: [{ bookIds: [w.book2.id] }] });
    expect(back.status, back.text).toBe(200);
    expect(back.json).toMatchObject({ archived: false, weeks: [{ week: 1, books: [{ id: w.book2.id }] }] });
    expect((await schedule(w, { designPlanId: plan.id })).status).toBe(201);
  });

  it("raced against a plan taking it in, or a plan coming back with it, ends as one after the other: never a plan in use with an archived book", async () => {
    const w = await makeWorld();
    for (let round = 0; round < 6; round++) {
      const book = await newBook(w, `Raced ${String(round)}`);
      const [archive, plan] = await Promise.all([
        patch(w, `book/${book.id}`, { archived: true }),
        api(`${G}/design-plan`, {
          token: await w.token("staff"),
          body: { name: `Race ${w.u} ${String(round)}`, weeks: [{ bookIds: [book.id] }] },
        }),
      ]);
      expect([archive.status, plan.status].sort(), `${archive.text} ${plan.text}`).toSatisfy(
        (s: number[]) => (s[0] === 200 && s[1] === 422) || (s[0] === 201 && s[1] === 409),
      );

      // A plan archived with the book, brought back while the book is archived.
      const other = await newBook(w, `Raced back ${String(round)}`);
      const kept = await newPlan(w, `Back ${w.u} ${String(round)}`, [other.id]);
      expect((await patch(w, `design-plan/${kept.id}`, { archived: true })).status).toBe(200);
      const [comeBack, archiveOther] = await Promise.all([
        patch(w, `design-plan/${kept.id}`, { archived: false }),
        patch(w, `book/${other.id}`, { archived: true }),
      ]);
      expect([comeBack.status, archiveOther.status], `${comeBack.text} ${archiveOther.text}`).toSatisfy(
        ([p, b]: number[]) => (p === 200 && b === 409) || (p === 409 && b === 200),
      );
    }
    const inUseWithArchived = await db.designPlan.count({
      where: { clinicId: w.clinic.id, archivedAt: null, weeks: { some: { book: { archivedAt: { not: null } } } } },
    });
    expect(inUseWithArchived).toBe(0);
  });
});

describe("archiving a module", () => {
  it("its book no longer gives it nor lists it; its assignments stay; the book's page marks it; brought back, it is given again", async () => {
    const w = await makeWorld();
    const [first, ...rest] = w.book.modules;
    if (!first) throw new Error("the world's book has modules");
    const given = await giveHomework(w, [w.book.id]);
    expect(given.status, given.text).toBe(200);
    const assignedBefore = await db.assignment.count({ where: { moduleId: first.id } });
    expect(assignedBefore).toBeGreaterThan(0);

    const archived = await patch(w, `module/${first.id}`, { archived: true });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json).toMatchObject({ id: first.id, archived: true, version: 1 });
    const book = await api(`${G}/book/${w.book.id}`, { token: await w.token("staff") });
    expect(book.json.modules.map((m: { id: number; archived: boolean }) => [m.id, m.archived])).toEqual(
      w.book.modules.map((m) => [m.id, m.id === first.id]),
    );
    const list = await api(`${G}/book?size=100`, { token: await w.token("carer") });
    const inList = list.json.content.find((b: { id: number }) => b.id === w.book.id);
    expect(inList.modules.map((m: { id: number }) => m.id)).toEqual(rest.map((m) => m.id));

    const again = await giveHomework(w, [w.book.id]);
    expect(again.status, again.text).toBe(200);
    expect(again.json.map((a: { moduleId: number }) => a.moduleId)).toEqual(rest.map((m) => m.id));
    const scheduled = await schedule(w, { bookIdList: [w.book.id] });
    expect(scheduled.status, scheduled.text).toBe(201);
    const inScheduled = await db.assignment.findMany({
      where: { sessionId: scheduled.json[0].id },
      select: { moduleId: true },
      orderBy: { id: "asc" },
    });
    expect(inScheduled.map((a) => a.moduleId)).toEqual(rest.map((m) => m.id));
    // The homework given before keeps the archived module's assignments; none was added since.
    expect(await db.assignment.count({ where: { moduleId: first.id } })).toBe(assignedBefore);

    expect((await patch(w, `module/${first.id}`, { archived: false })).json.archived).toBe(false);
    const back = await giveHomework(w, [w.book.id]);
    expect(back.json.map((a: { moduleId: number }) => a.moduleId)).toEqual(w.book.modules.map((m) => m.id));
  });
});
