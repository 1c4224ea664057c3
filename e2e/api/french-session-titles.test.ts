// A session's default title in the client's language (docs/library.md, "Names in French"): a design
// plan has a French name beside its name, and a session scheduled without a title is named, as it
// is stored, in the client's language: the plan's French name, else its name; without a plan,
// "Séance" in French and "Session" in English. A title sent is kept as sent.
import { describe, expect, it } from "vitest";
import { expectProblem } from "./support/expect-problem";
import { api, db, makeWorld, type World } from "./support/world";

const PLANS = "/gateway/profile/clinic/design-plan";
const PLAN = (id: number) => `${PLANS}/${String(id)}`;
const SCHEDULE = "/gateway/profile/caregiver/session";

const setLanguage = (w: World, language: "EN" | "FR") =>
  db.client.update({ where: { id: w.client.id }, data: { language } });

/** The titles of the sessions the carer schedules for the world's client from `date` (weeks apart, no overlap). */
async function scheduled(w: World, date: string, request: Record<string, unknown>) {
  const r = await api(SCHEDULE, {
    token: await w.token("carer"),
    body: { clientId: w.client.id, date, time: "09:00", ...request },
  });
  expect(r.status, r.text).toBe(201);
  return (r.json as { title: string }[]).map((s) => s.title);
}

describe("a session's default title in the client's language", () => {
  it("staff write a design plan's French name; its detail gives it; a rename leaves it; null removes it", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const made = await api(PLANS, {
      token,
      body: { name: `Sleep programme ${w.u}`, nameFr: `Programme sommeil ${w.u}`, weeks: [{ bookIds: [w.book.id] }] },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ name: `Sleep programme ${w.u}`, nameFr: `Programme sommeil ${w.u}` });
    const id = made.json.id as number;
    const renamed = await api(PLAN(id), { token, method: "PATCH", body: { name: `Sleep ${w.u}` } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ name: `Sleep ${w.u}`, nameFr: `Programme sommeil ${w.u}` });
    expect((await api(PLAN(id), { token })).json).toMatchObject({ nameFr: `Programme sommeil ${w.u}` });
    const cleared = await api(PLAN(id), { token, method: "PATCH", body: { nameFr: null } });
    expect(cleared.json).toMatchObject({ name: `Sleep ${w.u}`, nameFr: null });
    const plain = await api(PLANS, { token, body: { name: `Plain ${w.u}` } });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.json).toMatchObject({ nameFr: null });
  });

  it("refuses an empty, too long or non-text French name of a plan with a 400 naming nameFr, and changes nothing", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    await db.designPlan.update({ where: { id: w.plan.id }, data: { nameFr: `Plan ${w.u}` } });
    const plans = await db.designPlan.count({ where: { clinicId: w.clinic.id } });
    for (const nameFr of ["", "   ", "x".repeat(201), 7]) {
      expectProblem(await api(PLAN(w.plan.id), { token, method: "PATCH", body: { nameFr } }), 400, "nameFr");
      expectProblem(await api(PLANS, { token, body: { name: `N ${w.u}`, nameFr } }), 400, "nameFr");
    }
    expect(await db.designPlan.count({ where: { clinicId: w.clinic.id } })).toBe(plans);
    expect(await db.designPlan.findUniqueOrThrow({ where: { id: w.plan.id }, select: { nameFr: true } })).toEqual({
      nameFr: `Plan ${w.u}`,
    });
  });

  it("titles a French client's sessions by the plan's French name, else its name, else Séance; an English client's by the name, else Session", async () => {
    const w = await makeWorld();
    await db.designPlan.update({ where: { id: w.plan.id }, data: { nameFr: `Programme ${w.u}` } });
    const plan = { designPlanId: w.plan.id };
    expect(await scheduled(w, "2030/01/07", { ...plan, sessionCount: 2 })).toEqual([
      `${w.plan.name} 1`,
      `${w.plan.name} 2`,
    ]);
    expect(await scheduled(w, "2030/02/04", {})).toEqual(["Session"]);
    await setLanguage(w, "FR");
    expect(await scheduled(w, "2030/03/04", { ...plan, sessionCount: 2 })).toEqual([
      `Programme ${w.u} 1`,
      `Programme ${w.u} 2`,
    ]);
    expect(await scheduled(w, "2030/04/01", plan)).toEqual([`Programme ${w.u}`]);
    expect(await scheduled(w, "2030/05/06", { sessionCount: 2 })).toEqual(["Séance 1", "Séance 2"]);
    // A title sent is the caller's words, in whatever language they wrote it.
    expect(await scheduled(w, "2030/06/03", { ...plan, title: "Week" })).toEqual(["Week"]);
    // A plan without a French name gives its name in French too.
    await db.designPlan.update({ where: { id: w.plan.id }, data: { nameFr: null } });
    expect(await scheduled(w, "2030/07/01", plan)).toEqual([w.plan.name]);
  });

  it("retitles the sessions it titled when staff change the client's language, and leaves every title a person gave", async () => {
    const w = await makeWorld();
    await db.designPlan.update({ where: { id: w.plan.id }, data: { nameFr: `Programme ${w.u}` } });
    const plan = { designPlanId: w.plan.id };
    await scheduled(w, "2030/01/07", { ...plan, sessionCount: 2 });
    await scheduled(w, "2030/02/04", {});
    await scheduled(w, "2030/03/04", { ...plan, title: "Week" });
    // A person's title that begins with the plan's name is theirs.
    await scheduled(w, "2030/04/01", { title: `${w.plan.name} notes` });
    const titles = async () =>
      (
        await db.session.findMany({
          where: { clientId: w.client.id, startAt: { gte: new Date("2030-01-01") } },
          orderBy: { startAt: "asc" },
        })
      ).map((s) => s.title);
    const staff = await w.token("staff");
    const change = async (language: "EN" | "FR") => {
      const r = await api(`/gateway/profile/clinic/client/${String(w.client.id)}`, {
        token: staff,
        method: "PATCH",
        body: { language },
      });
      expect(r.status, r.text).toBe(200);
    };
    await change("FR");
    expect(await titles()).toEqual([
      `Programme ${w.u} 1`,
      `Programme ${w.u} 2`,
      "Séance",
      "Week",
      `${w.plan.name} notes`,
    ]);
    await change("EN");
    expect(await titles()).toEqual([`${w.plan.name} 1`, `${w.plan.name} 2`, "Session", "Week", `${w.plan.name} notes`]);
    // A session a caregiver renamed meanwhile keeps its name; the same language again changes nothing.
    const [first] = await db.session.findMany({
      where: { clientId: w.client.id, startAt: { gte: new Date("2030-01-01") } },
      orderBy: { startAt: "asc" },
    });
    await db.session.update({ where: { id: first?.id }, data: { title: "Renamed" } });
    await change("EN");
    await change("FR");
    expect(await titles()).toEqual(["Renamed", `Programme ${w.u} 2`, "Séance", "Week", `${w.plan.name} notes`]);
  });

  it("titles the first sessions of a client created in French in French", async () => {
    const w = await makeWorld();
    await db.designPlan.update({ where: { id: w.plan.id }, data: { nameFr: `Programme ${w.u}` } });
    const token = await w.token("staff");
    const titlesOf = async (language: "EN" | "FR" | undefined, session: Record<string, unknown>) => {
      const created = await api("/gateway/profile/clinic/client", {
        token,
        body: {
          name: "Camille",
          email: `camille-${String(Math.random()).slice(2)}-${w.u}@test.test`,
          caregiverList: [w.carer.id],
          ...(language ? { language } : {}),
          session: { caregiverId: w.carer.id, ...session },
        },
      });
      expect(created.status, created.text).toBe(201);
      const clientId = Number(created.headers.get("location")?.split("/").pop());
      const sessions = await db.session.findMany({ where: { clientId }, orderBy: { startAt: "asc" } });
      return sessions.map((s) => s.title);
    };
    expect(await titlesOf("FR", { designPlanId: w.plan.id, sessionCount: 2 })).toEqual([
      `Programme ${w.u} 1`,
      `Programme ${w.u} 2`,
    ]);
    expect(await titlesOf("FR", {})).toEqual(["Séance"]);
    expect(await titlesOf(undefined, { designPlanId: w.plan.id })).toEqual([w.plan.name]);
    expect(await titlesOf("EN", {})).toEqual(["Session"]);
  });
});
