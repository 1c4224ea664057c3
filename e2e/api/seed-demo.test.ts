import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatDate } from "@/lib/dates";
import { scoreAnswers } from "@/lib/modules/score-answers";
import { isQuestion, ModuleDefinition } from "@/lib/schemas/module-definition";
import { AlertToReview } from "@/lib/schemas/results";
import { seedDemo } from "@/prisma/seed-demo";
import { api, db, login } from "./support/world";

/** The demo clinic's submitted homework, with what each assignment was asked and answered. */
async function demoHomework() {
  const rows = await db.assignment.findMany({
    where: { session: { clinic: { email: "clinic@demo.test" } }, status: "COMPLETE" },
    orderBy: [{ session: { startAt: "asc" } }, { id: "asc" }],
    select: {
      id: true,
      score: true,
      band: true,
      subscales: true,
      alerts: true,
      submittedAt: true,
      module: { select: { libraryKey: true } },
      moduleVersion: { select: { definition: true } },
      session: { select: { id: true, title: true, client: { select: { name: true } } } },
      answers: { select: { questionKey: true, value: true } },
    },
  });
  return rows.map((r) => ({
    ...r,
    definition: ModuleDefinition.parse(r.moduleVersion.definition),
    given: new Map(r.answers.map((a) => [a.questionKey, a.value])),
  }));
}

// The demo world (`npm start` on a new database, `npm run db:seed`) shows the library at work:
// its homework is the clinic's library copies, answered for real and scored by the server's scorer.
describe("the demo world", () => {
  it("is seeded once, with every submitted answer set complete and scored as a submission would be", async () => {
    await seedDemo(db);
    expect(await seedDemo(db)).toBe(false);
    const homework = await demoHomework();
    expect(homework.length).toBeGreaterThan(20);
    for (const a of homework) {
      const what = `${a.session.title}: ${a.module.libraryKey ?? "?"}`;
      expect(a.module.libraryKey, what).not.toBeNull();
      for (const q of a.definition.blocks.filter(isQuestion))
        if (q.required) expect(a.given.has(q.key), `${what} answers ${q.key}`).toBe(true);
      // The client's earlier scores on the module, which a change is measured from.
      const before = homework
        .filter(
          (b) =>
            b.session.client.name === a.session.client.name &&
            b.module.libraryKey === a.module.libraryKey &&
            b.score !== null &&
            (b.submittedAt?.getTime() ?? 0) < (a.submittedAt?.getTime() ?? 0),
        )
        .sort((x, y) => (x.submittedAt?.getTime() ?? 0) - (y.submittedAt?.getTime() ?? 0))
        .flatMap((b) => (b.score === null ? [] : [b.score]));
      const [first, previous] = [before.at(0), before.at(-1)];
      const history = first === undefined || previous === undefined ? null : { previous, first };
      const scored = scoreAnswers(a.definition, a.given, history);
      expect({ score: a.score, band: a.band, subscales: a.subscales, alerts: a.alerts }, what).toEqual(
        scored
          ? {
              score: scored.score,
              band: scored.band,
              subscales: scored.subscales,
              alerts: JSON.parse(JSON.stringify(scored.alerts)),
            }
          : { score: null, band: null, subscales: null, alerts: [] },
      );
    }
  }, 120_000);

  it("dates each feedback when it was given, half a day after its homework, not when the demo was made", async () => {
    await seedDemo(db);
    const given = await db.feedback.findMany({
      where: { kind: "ASSIGNMENT", session: { clinic: { email: "clinic@demo.test" } } },
      select: { createdAt: true, assignment: { select: { submittedAt: true, feedbackSubmitAt: true } } },
    });
    expect(given.length).toBeGreaterThan(5);
    for (const f of given) {
      expect(f.createdAt).toEqual(f.assignment?.feedbackSubmitAt);
      expect(f.createdAt.getTime()).toBeGreaterThan(f.assignment?.submittedAt?.getTime() ?? Infinity);
    }
    // Weeks apart, as the sessions were.
    const days = new Set(given.map((f) => f.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(3);
  });

  it("tells a story over the sessions: Alex's weekly PHQ-9 and GAD-7 fall, Jordan's PHQ-9 rises with item 9 answered", async () => {
    await seedDemo(db);
    const homework = await demoHomework();
    const scores = (client: string, key: string) =>
      homework
        .filter((a) => a.session.client.name === client && a.module.libraryKey === key)
        .map((a) => a.score ?? NaN);
    for (const key of ["phq-9", "gad-7"]) {
      const alex = scores("Alex Client", key);
      expect(alex, key).toHaveLength(8);
      expect(
        alex.every((s, i) => i === 0 || s <= (alex[i - 1] ?? s)),
        `${key} ${alex.join(", ")}`,
      ).toBe(true);
      expect(alex[0], key).toBeGreaterThan(alex[7] ?? Infinity);
    }
    const jordan = homework.filter(
      (a) => a.session.client.name === "Jordan Example" && a.module.libraryKey === "phq-9",
    );
    expect(jordan.map((a) => a.score ?? NaN)).toEqual([...jordan.map((a) => a.score ?? NaN)].sort((x, y) => x - y));
    const last = jordan.at(-1);
    const lastItem = last?.definition.scoring?.items.at(-1) ?? "";
    expect(last?.given.get(lastItem)).toBeGreaterThan(0);

    const record = homework.find(
      (a) => a.session.client.name === "Alex Client" && a.module.libraryKey === "thought-record",
    );
    expect(record?.given.get("automatic_thought")).toMatch(/not up to this job/);
    expect(record?.given.get("belief_after")).toBeLessThan(Number(record?.given.get("belief_before")));
  });

  it("lists Jordan's item-9 alert to review since it was submitted, as a submission would have stored it", async () => {
    await seedDemo(db);
    const token = await login("demo-caregiver", "demo-caregiver-pass");
    const r = await api("/gateway/profile/caregiver/alert", { token });
    expect(r.status).toBe(200);
    const jordan = z
      .array(AlertToReview)
      .parse(r.json.content)
      .filter((a) => a.clientName.startsWith("Jordan"));
    expect(jordan.length).toBeGreaterThan(0);
    for (const a of jordan) {
      const row = await db.assignment.findUniqueOrThrow({
        where: { id: a.assignmentId },
        select: { submittedAt: true },
      });
      expect(a.since).toBe(formatDate(row.submittedAt, 0));
      expect(a.since).not.toBeNull();
    }
  });

  it("lists Alex's PHQ-9 whose item 9 was saved, told and taken back at the submit as an earlier alert to review", async () => {
    await seedDemo(db);
    const token = await login("demo-caregiver", "demo-caregiver-pass");
    const r = await api("/gateway/profile/caregiver/alert", { token });
    const [alex] = z
      .array(AlertToReview)
      .parse(r.json.content)
      .filter((a) => a.clientName.startsWith("Alex"));
    expect(alex).toMatchObject({ name: "PHQ-9", alertsOf: "earlier", escalatedAt: null });
    const result = await api(`/gateway/profile/caregiver/assignment/${String(alex?.assignmentId)}/result`, { token });
    expect(result.json.alerts).toEqual([]);
    expect(result.json.earlierAlertReviews).toEqual([
      expect.objectContaining({
        alertsAt: alex?.since,
        reviewedAt: null,
        clearedAt: result.json.submitDate,
        alerts: [expect.objectContaining({ question: "item9", value: 1, urgent: true })],
      }),
    ]);
  });

  it("has an inactive client among the active ones, for the client list's Status choice to find", async () => {
    await seedDemo(db);
    const token = await login("demo-clinic", "demo-clinic-pass");
    const names = async (status: string) => {
      const r = await api(`/gateway/profile/clinic/client?status=${status}`, { token });
      expect(r.status).toBe(200);
      return z
        .array(z.object({ name: z.string() }))
        .parse(r.json.content)
        .map((c) => c.name);
    };
    expect(await names("INACTIVE")).toEqual(["Morgan Former"]);
    expect(await names("ACTIVE")).toEqual(["Jordan Example", "Alex Client"]);
  });

  it("shows the care provider this week's scores through the API", async () => {
    await seedDemo(db);
    const token = await login("demo-caregiver", "demo-caregiver-pass");
    const week8 = await db.session.findFirstOrThrow({
      where: { title: "Week 8: Practice and progress", client: { name: "Alex Client" } },
      select: { id: true },
    });
    const latest = await db.assignment.findFirstOrThrow({
      where: { sessionId: week8.id, status: "COMPLETE", score: { not: null } },
      orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
      select: { score: true },
    });
    const r = await api(`/gateway/profile/caregiver/session/${week8.id}`, { token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      runningStatus: "RUNNING",
      lastAssignmentScore: latest.score,
      assignmentCount: 5,
      completedAssignmentCount: 3,
    });
  });
});
