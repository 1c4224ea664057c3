import { describe, expect, it } from "vitest";
import { PHQ9 } from "@/lib/library/measures";
import { scoreAnswers } from "@/lib/modules/score-answers";
import { assignmentOf, measureAssignment, submitMeasure, submitMeasureItems } from "./support/alerted-homework";
import { untilWaitingOnLock } from "./support/lock-wait";
import { api, db, makeWorld, type World } from "./support/world";

// A reliable deterioration: PHQ-9 up 6 or more, GAD-7 up 4, PCL-5 up 10, WHO-5 down 10 since the
// client's previous score on the measure or their first, flags the new one for the care team
// (first in their list, no email). The submit compares them; submits of one client and measure
// take turns, so two at once compare as they would one after the other. docs/api-decisions.md,
// "Answers and scores".

/** The client submits the measure with these item values; its id and its result's body. */
async function submitted(w: World, libraryKey: string, values: number[]) {
  const { id, result } = await submitMeasure(w, libraryKey, values);
  return { id, result: result.json };
}

const PHQ9_5 = [1, 1, 1, 1, 1, 0, 0, 0, 0];
const PHQ9_11 = [2, 2, 2, 2, 1, 1, 1, 0, 0];
const PHQ9_16 = [2, 2, 2, 2, 2, 2, 2, 2, 0];

describe.concurrent("alerts on a change since the last score or the first", () => {
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
        answer: null,
        value: 11,
        previous: 5,
        first: 5,
        urgent: false,
        message: expect.objectContaining({ en: expect.stringMatching(/^Up 6 or more since the last PHQ-9/) }),
      },
    ]);
    // The same alerts as the scorer's, which the demo's and tests' stored homework use.
    const items = new Map(PHQ9_11.map((v, i) => [`item${String(i + 1)}`, v]));
    const scored = scoreAnswers(PHQ9.definition, items, { previous: 5, first: 5 })?.alerts ?? [];
    expect(second.result.alerts).toEqual(scored.map((a) => ({ ...a, questionLabel: expect.anything(), answer: null })));
    expect(second.result.alertReview).toMatchObject({ reviewedAt: null, reviewedBy: null, escalatedAt: null });
    const due = await api("/gateway/profile/caregiver/assignment", { token: await w.token("carer") });
    expect(due.json.content[0]).toMatchObject({ id: second.id, alert: true });
    // Up 5 from 11, but 11 from the first: still flagged, with both.
    const third = await submitted(w, "phq-9", PHQ9_16);
    expect(third.result.alerts).toEqual([expect.objectContaining({ value: 16, previous: 11, first: 5 })]);
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
    expect(up.result.alerts).toEqual([expect.objectContaining({ question: null, value: 7, previous: 3, first: 7 })]);
    // Another measure's score is not a previous one: the client's first PHQ-9.
    expect((await submitted(w, "phq-9", PHQ9_16)).result.alerts).toEqual([]);
  });

  it("flags a slow drift: PHQ-9 up 3 at a time, 6 from the first score", async () => {
    const w = await makeWorld();
    const scores = [];
    for (const values of [PHQ9_5, [2, 2, 1, 1, 1, 1, 0, 0, 0], PHQ9_11])
      scores.push(await submitted(w, "phq-9", values));
    expect(scores.map((s) => [s.result.score, s.result.alerts])).toEqual([
      [5, []],
      [8, []],
      [11, [expect.objectContaining({ value: 11, previous: 8, first: 5, urgent: false })]],
    ]);
  });

  it("measures only from scores on the same scale: a clinic's test whose scoring is edited starts afresh", async () => {
    const w = await makeWorld();
    const staff = await w.token("staff");
    // The clinic's own test: one item of 0 to 3, flagged when up 2.
    const mood = (multiplier: number) => ({
      blocks: [
        {
          type: "scale",
          key: "item1",
          label: { en: "Low mood" },
          points: [0, 1, 2, 3].map((value) => ({ value, label: { en: String(value) } })),
        },
      ],
      scoring: {
        items: ["item1"],
        multiplier,
        range: { min: 0, max: 3 * multiplier },
        bands: [{ min: 0, max: 3 * multiplier, label: { en: "Any" } }],
        alerts: [{ total: true, rise: 2, urgent: false, message: { en: "Up 2" } }],
      },
    });
    const book = await api("/gateway/profile/clinic/book", { token: staff, body: { name: `Mood ${w.u}` } });
    expect(book.status, book.text).toBe(201);
    const made = await api(`/gateway/profile/clinic/book/${String(book.json.id)}/module`, {
      token: staff,
      body: { name: "Mood check", definition: mood(1) },
    });
    expect(made.status, made.text).toBe(201);
    const moodModule = { bookId: book.json.id as number, id: made.json.id as number };
    const submitMood = async (value: number) => {
      const { id } = await assignmentOf(w, moodModule, `Mood ${String(value)}`);
      expect((await submitMeasureItems(w, id, [value])).status).toBe(200);
      return db.assignment.findUniqueOrThrow({ where: { id }, select: { score: true, alerts: true } });
    };
    expect(await submitMood(0)).toEqual({ score: 0, alerts: [] });
    expect((await submitMood(2)).alerts).toEqual([expect.objectContaining({ value: 2, previous: 0, first: 0 })]);
    // Scored 0 to 6 from now on: a 4 is up 4 from the old scale's 0 and 2, which it is not measured from.
    const edited = await api(`/gateway/profile/clinic/module/${String(moodModule.id)}`, {
      method: "PATCH",
      token: staff,
      body: { definition: mood(2) },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await submitMood(2)).toEqual({ score: 4, alerts: [] });
    expect((await submitMood(3)).alerts).toEqual([expect.objectContaining({ value: 6, previous: 4, first: 4 })]);
  });

  it("flags a WHO-5 down 10, and a PCL-5 at its cut-point and up 10", async () => {
    const w = await makeWorld();
    expect((await submitted(w, "who-5", [4, 4, 4, 3, 3])).result).toMatchObject({ score: 72, alerts: [] });
    expect((await submitted(w, "who-5", [4, 4, 4, 4, 4])).result).toMatchObject({ score: 80, alerts: [] });
    const down = await submitted(w, "who-5", [4, 3, 3, 3, 3]);
    expect(down.result).toMatchObject({
      score: 64,
      alerts: [{ question: null, value: 64, previous: 80, first: 72, urgent: false }],
    });
    expect(down.result.alerts[0].message.en).toMatch(/^Down 10 or more since the last WHO-5 or the first/);
    const pcl = (total: number) =>
      [...Array<number>(Math.floor(total / 4)).fill(4), total % 4, ...Array<number>(20).fill(0)].slice(0, 20);
    expect((await submitted(w, "pcl-5", pcl(20))).result.alerts).toEqual([]);
    const worse = await submitted(w, "pcl-5", pcl(31));
    expect(worse.result.alerts.map((a: { value: number; previous: number | null }) => [a.value, a.previous])).toEqual([
      [31, null],
      [31, 20],
    ]);
  });

  it("measures from the scores of the client's current episode of care once the clinic starts a new one", async () => {
    const w = await makeWorld();
    const episode = `/gateway/profile/clinic/client/${String(w.client.id)}/care-episode`;
    const detail = async () =>
      (await api(`/gateway/profile/clinic/client/${String(w.client.id)}`, { token: await w.token("staff") })).json;
    expect((await detail()).careEpisodeStartDate).toBeNull();
    expect((await submitted(w, "phq-9", PHQ9_5)).result.score).toBe(5);
    // Only the clinic's staff start one; a caregiver, another clinic and an unknown client change nothing.
    expect((await api(episode, { method: "POST", token: await w.token("carer") })).status).toBe(403);
    expect((await api(episode, { method: "POST", token: await w.token("outsider") })).status).toBe(403);
    const other = await makeWorld();
    expect((await api(episode, { method: "POST", token: await other.token("staff") })).status).toBe(404);
    const unknown = `/gateway/profile/clinic/client/2147483000/care-episode`;
    expect((await api(unknown, { method: "POST", token: await w.token("staff") })).status).toBe(404);
    expect((await detail()).careEpisodeStartDate).toBeNull();

    const started = await api(episode, { method: "POST", token: await w.token("staff") });
    expect(started.status, started.text).toBe(200);
    expect(started.json.careEpisodeStartDate).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect((await detail()).careEpisodeStartDate).toBe(started.json.careEpisodeStartDate);
    // 11 is up 6 from the 5 of the episode before: nothing, as it is the first of this one.
    const second = await submitted(w, "phq-9", PHQ9_11);
    expect(second.result).toMatchObject({ score: 11, alerts: [] });
    // 16 is up 5 from 11, the previous and the first of the episode: nothing either.
    expect((await submitted(w, "phq-9", PHQ9_16)).result).toMatchObject({ score: 16, alerts: [] });
    // The scores before stay in the client's measures.
    const measures = await api(`/gateway/profile/clinic/client/${String(w.client.id)}/measures`, {
      token: await w.token("staff"),
    });
    expect(measures.json.measures[0].points.map((p: { score: number }) => p.score)).toEqual([5, 11, 16]);
    // Each says whether it came before the episode, which the measures carry as the client does.
    expect(measures.json.careEpisodeStartDate).toBe(started.json.careEpisodeStartDate);
    expect(measures.json.measures[0].points.map((p: { earlierEpisode: boolean }) => p.earlierEpisode)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("starts a new episode only once a submit under way has finished, so that no score is measured half in each", async () => {
    const w = await makeWorld();
    const id = await measureAssignment(w, "phq-9");
    const { sessionId } = await db.assignment.findUniqueOrThrow({ where: { id }, select: { sessionId: true } });
    // A submit under way holds its session (FOR NO KEY UPDATE) until it commits; this transaction
    // holds it as one would.
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let holding: (pid: number) => void = () => {};
    const held = new Promise<number>((r) => (holding = r));
    const submit = db
      .$transaction(
        async (tx) => {
          await tx.$queryRaw`select id from "Session" where id = ${sessionId}::int for no key update`;
          const [me] = await tx.$queryRaw<{ pid: number }[]>`select pg_backend_pid() as pid`;
          holding(me?.pid ?? 0);
          await released;
        },
        { timeout: 30_000 },
      )
      .catch((e: unknown) => e);
    const submitPid = await held;
    try {
      const started = api(`/gateway/profile/clinic/client/${String(w.client.id)}/care-episode`, {
        method: "POST",
        token: await w.token("staff"),
      });
      const waiting = await untilWaitingOnLock(submitPid, "%", { withinMs: 10_000 }).then(
        ([pid]) => pid,
        () => undefined,
      );
      expect(waiting, "the new episode waits for the submit").toBeDefined();
      const { careEpisodeStartedAt } = await db.client.findUniqueOrThrow({ where: { id: w.client.id } });
      expect(careEpisodeStartedAt).toBeNull();
      release();
      expect((await started).status).toBe(200);
    } finally {
      release();
      await submit;
    }
    const { careEpisodeStartedAt } = await db.client.findUniqueOrThrow({ where: { id: w.client.id } });
    expect(careEpisodeStartedAt).not.toBeNull();
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
      const rise = [expect.objectContaining({ value: 18, previous: 2, first: 2, urgent: false })];
      if (hAt > lAt) expect(h.alerts).toEqual(rise);
      else if (hAt < lAt) expect(h.alerts).toEqual([]);
      // In the same millisecond either came last.
      else expect([[], rise]).toContainEqual(h.alerts);
    }
  });
});
