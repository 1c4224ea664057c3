import { describe, expect, it } from "vitest";
import { PHQ9 } from "@/lib/library/measures";
import { scoreAnswers } from "@/lib/modules/score-answers";
import { measureAssignment, submitMeasure, submitMeasureItems } from "./support/alerted-homework";
import { api, db, makeWorld, type World } from "./support/world";

// A reliable deterioration: PHQ-9 up 6 or more, GAD-7 up 4 or more since the client's previous
// score on the measure, flags the new one for the care team (first in their list, no email). The
// submit compares the two; submits of one client and measure take turns, so two at once compare
// as they would one after the other. docs/api-decisions.md, "Answers and scores".

/** The client submits the measure with these item values; its id and its result's body. */
async function submitted(w: World, libraryKey: string, values: number[]) {
  const { id, result } = await submitMeasure(w, libraryKey, values);
  return { id, result: result.json };
}

const PHQ9_5 = [1, 1, 1, 1, 1, 0, 0, 0, 0];
const PHQ9_11 = [2, 2, 2, 2, 1, 1, 1, 0, 0];
const PHQ9_16 = [2, 2, 2, 2, 2, 2, 2, 2, 0];

describe.concurrent("alerts on a rise since the last score", () => {
  it("flags a PHQ-9 up 6 since the client's last, with the score it rose from, first in the care team's list", async () => {
    const w = await makeWorld();
    const first = await submitted(w, "phq-9", PHQ9_5);
    expect(first.result.score).toBe(5);
    expect(first.result.alerts).toEqual([]);
    const second = await submitted(w, "phq-9", PHQ9_11);
    expect(second.result.score).toBe(11);
    expect(second.result.alerts).toEqual([
      {
        question: null,
        questionLabel: { en: "Total score", fr: "Score total" },
        value: 11,
        previous: 5,
        urgent: false,
        message: expect.objectContaining({ en: expect.stringMatching(/^Up 6 or more since the last PHQ-9/) }),
      },
    ]);
    // The same alerts as the scorer's, which the demo's and tests' stored homework use.
    const items = new Map(PHQ9_11.map((v, i) => [`item${String(i + 1)}`, v]));
    const scored = scoreAnswers(PHQ9.definition, items, 5)?.alerts ?? [];
    expect(second.result.alerts).toEqual(scored.map((a) => ({ ...a, questionLabel: expect.anything() })));
    expect(second.result.alertReview).toEqual({ reviewedAt: null, reviewedBy: null, escalatedAt: null });
    const due = await api("/gateway/profile/caregiver/assignment", { token: await w.token("carer") });
    expect(due.json.content[0]).toMatchObject({ id: second.id, alert: true });
    // Up 5 from 11: within the measure's error, no flag.
    const third = await submitted(w, "phq-9", PHQ9_16);
    expect(third.result.alerts).toEqual([]);
    // No email: a rise is for the next review.
    expect(
      await db.$queryRaw<unknown[]>`
      select 1 from graphile_worker._private_jobs where key = ${`alert-notice:${String(second.id)}`}`,
    ).toEqual([]);
  });

  it("flags a GAD-7 up 4, and nothing on a first score or a fall", async () => {
    const w = await makeWorld();
    expect((await submitted(w, "gad-7", [2, 2, 1, 1, 1, 0, 0])).result.alerts).toEqual([]);
    expect((await submitted(w, "gad-7", [1, 1, 1, 0, 0, 0, 0])).result.alerts).toEqual([]);
    const up = await submitted(w, "gad-7", [1, 1, 1, 1, 1, 1, 1]);
    expect(up.result.alerts).toEqual([expect.objectContaining({ question: null, value: 7, previous: 3 })]);
    // Another measure's score is not a previous one: the client's first PHQ-9.
    expect((await submitted(w, "phq-9", PHQ9_16)).result.alerts).toEqual([]);
  });

  it("compares two submits of one measure at once as one after the other", async () => {
    // Each round a client submits a PHQ-9 of 2 and one of 18 at once (two sessions): whichever
    // committed last is compared with the other, so the 18 is flagged exactly when it came last.
    for (let round = 0; round < 6; round++) {
      const w = await makeWorld();
      const [low, high] = [await measureAssignment(w, "phq-9"), await measureAssignment(w, "phq-9")];
      const answers = await Promise.all([
        submitMeasureItems(w, low, [1, 1, 0, 0, 0, 0, 0, 0, 0]),
        submitMeasureItems(w, high, [3, 3, 3, 3, 2, 2, 1, 1, 0]),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const row = (id: number) =>
        db.assignment.findUniqueOrThrow({ where: { id }, select: { submittedAt: true, alerts: true } });
      const [l, h] = [await row(low), await row(high)];
      expect(l.alerts).toEqual([]);
      const [lAt, hAt] = [l.submittedAt?.getTime() ?? 0, h.submittedAt?.getTime() ?? 0];
      const rise = [expect.objectContaining({ value: 18, previous: 2, urgent: false })];
      if (hAt > lAt) expect(h.alerts).toEqual(rise);
      else if (hAt < lAt) expect(h.alerts).toEqual([]);
      // In the same millisecond either came last.
      else expect([[], rise]).toContainEqual(h.alerts);
    }
  });
});
