// What the care team reads of a client's answers and scores: one assignment's result in words
// (GET /gateway/profile/caregiver/assignment/{id}/result), the feedback-due list with alerts first,
// and a client's measures over time (GET /gateway/profile/clinic/client/{id}/measures).
import { describe, expect, it } from "vitest";
import { isQuestion } from "@/lib/schemas/module-definition";
import { buildPhq9Story } from "../support/measure-story";
import { EXERCISE } from "../support/world";
import { walkBound } from "@/lib/assignments/list-feedback-due";
import { measureAssignment } from "./support/alerted-homework";
import { api, db, makeWorld } from "./support/world";

const result = (id: number) => `/gateway/profile/caregiver/assignment/${id}/result`;
const measures = (id: number) => `/gateway/profile/clinic/client/${id}/measures`;

async function storyWorld() {
  const w = await makeWorld();
  const story = await buildPhq9Story(db, w);
  return { w, story };
}

describe("GET /gateway/profile/caregiver/assignment/{id}/result", () => {
  it("reads every answer as its question and the chosen label of the version the assignment was given", async () => {
    const { w, story } = await storyWorld();
    const week = story.weeks[0]!;
    // The module is edited after it was assigned: its new version relabels every question and point.
    const relabel = (t: { en: string }) => ({ en: `Edited ${t.en}` });
    await db.moduleVersion.create({
      data: {
        moduleId: story.module.id,
        version: 2,
        definition: {
          ...story.definition,
          blocks: story.definition.blocks.map((b) =>
            b.type === "scale"
              ? { ...b, label: relabel(b.label), points: b.points.map((p) => ({ ...p, label: relabel(p.label) })) }
              : b,
          ),
        },
      },
    });

    const r = await api(result(week.assignmentId), { token: await w.token("carer"), headers: { offset: "+01:00" } });
    expect(r.status).toBe(200);
    const questions = story.definition.blocks.filter(isQuestion);
    expect(r.json.version).toBe(1);
    expect(r.json.answers).toEqual(
      questions.map((q) => {
        const value = week.answers.get(q.key);
        const chosen = q.type === "scale" ? q.points.find((p) => p.value === value)?.label : undefined;
        return expect.objectContaining({
          questionKey: q.key,
          question: q.label,
          type: q.type,
          value,
          ...(chosen ? { answer: chosen } : {}),
        });
      }),
    );
    expect(JSON.stringify(r.json.answers)).not.toContain("Edited");
  });

  it("answers the score, band, range and bands computed at submit, and the alert with its question", async () => {
    const { w, story } = await storyWorld();
    const scoring = story.definition.scoring!;
    const alerted = story.weeks[2]!;
    for (const who of ["carer", "staff"] as const) {
      const r = await api(result(alerted.assignmentId), { token: await w.token(who) });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({
        assignmentId: alerted.assignmentId,
        sessionId: alerted.sessionId,
        clientId: w.client.id,
        moduleName: "PHQ-9",
        status: "COMPLETE",
        isTest: true,
        score: alerted.score,
        band: { label: alerted.bandLabel },
        range: scoring.range,
        bands: scoring.bands,
      });
      const alertQuestion = story.definition.blocks
        .filter(isQuestion)
        .find((q) => q.key === alerted.alerts[0]!.question)!;
      expect(r.json.alerts).toEqual(
        alerted.alerts.map((a) => ({
          previous: null,
          first: null,
          ...a,
          questionLabel: alertQuestion.label,
          // In the client's words, as the answers list says it.
          answer: r.json.answers.find((x: { questionKey: string }) => x.questionKey === a.question).answer,
        })),
      );
    }
    const quiet = await api(result(story.weeks[1]!.assignmentId), { token: await w.token("carer") });
    expect(quiet.json.alerts).toEqual([]);
  });

  it("is 404 for another clinic, a caregiver off the care team and an unknown id; 403 for the client and institute", async () => {
    const { w, story } = await storyWorld();
    const other = await makeWorld();
    const id = story.weeks[0]!.assignmentId;
    for (const token of [await other.token("carer"), await other.token("staff"), await w.token("outsider")]) {
      const r = await api(result(id), { token });
      expect(r.status).toBe(404);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await api(result(2_000_000_000), { token: await w.token("carer") })).status).toBe(404);
    expect((await api(result(id), { token: await w.token("client") })).status).toBe(403);
    expect((await api(result(id), { token: await w.token("inst") })).status).toBe(403);
    expect((await api(result(id))).status).toBe(401);
  });

  it("records the read in the clinic's audit log (READ_SESSION of its session), and nothing for a refused read", async () => {
    const { w, story } = await storyWorld();
    const week = story.weeks[0]!;
    const reads = () =>
      db.auditLog.count({ where: { clinicId: w.clinic.id, action: "READ_SESSION", targetId: week.sessionId } });
    const before = await reads();
    expect((await api(result(week.assignmentId), { token: await w.token("carer") })).status).toBe(200);
    expect(await reads()).toBe(before + 1);
    expect((await api(result(week.assignmentId), { token: await w.token("outsider") })).status).toBe(404);
    expect(await reads()).toBe(before + 1);
  });

  it("shows answers saved so far while the assignment is in progress, and keys the version does not ask by their key", async () => {
    const w = await makeWorld();
    // The world's in-progress assignment asks EXERCISE (q1, q2, q3) and has "q1" autosaved; an
    // answer saved under a key its version does not ask (e.g. before a module had questions) is
    // shown last, by its key.
    const inProgress = w.session.assignmentIds[1]!;
    await db.autoSaveAnswer.create({ data: { assignmentId: inProgress, questionKey: "old-key", value: "kept" } });
    const r = await api(result(inProgress), { token: await w.token("carer") });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: "IN_PROGRESS", isTest: false, score: null, band: null, alerts: [] });
    const questions = EXERCISE.blocks.filter(isQuestion);
    expect(r.json.answers.map((a: { questionKey: string }) => a.questionKey)).toEqual([
      ...questions.map((q) => q.key),
      "old-key",
    ]);
    expect(r.json.answers[0]).toMatchObject({ questionKey: "q1", question: questions[0]!.label, type: "longText" });
    expect(r.json.answers[1]).toMatchObject({ questionKey: "q2", value: null, answer: null });
    expect(r.json.answers[3]).toEqual({
      questionKey: "old-key",
      question: { en: "old-key" },
      type: null,
      value: "kept",
      answer: { en: "kept" },
    });
  });
});

/** A night of the sleep diary, less its date: 8 h 15 min in bed, 5 h 50 min asleep, 71 %. */
const A_NIGHT = {
  bed_time: "22:45",
  lights_out: "23:15",
  minutes_to_sleep: 30,
  awakenings: 2,
  minutes_awake: 40,
  final_awakening: "06:15",
  out_of_bed: "07:00",
  quality: "fair",
};

describe("a night of the sleep diary", () => {
  it("is answered with clock times, and the care team reads time in bed, asleep and sleep efficiency", async () => {
    const w = await makeWorld();
    const diary = await measureAssignment(w, "sleep-diary");
    const night = { night_of: "2026-11-28", ...A_NIGHT };
    const submit = async (answers: Record<string, unknown>) =>
      api(`/gateway/profile/client/assignment/${String(diary)}/submit`, {
        token: await w.token("client"),
        body: { answers: Object.entries(answers).map(([questionKey, value]) => ({ questionKey, value })) },
      });
    // "11 pm" is not a clock time: refused at its answer, nothing written.
    const wrong = await submit({ ...night, bed_time: "11 pm" });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.json.errors).toEqual([
      { path: "answers.1.value", message: "must be a time as HH:MM, from 00:00 to 23:59" },
    ]);
    const done = await submit(night);
    expect(done.status, done.text).toBe(200);
    const r = await api(result(diary), { token: await w.token("carer") });
    expect(r.json.sleep).toEqual({ timeInBedMinutes: 495, totalSleepMinutes: 350, efficiencyPercent: 71 });
    expect(r.json.answers.find((a: { questionKey: string }) => a.questionKey === "bed_time")).toMatchObject({
      type: "time",
      value: "22:45",
      answer: { en: "22:45" },
    });
    // Another module has no night.
    const other = await api(result(w.session.assignmentIds[1]!), { token: await w.token("carer") });
    expect(other.json.sleep).toBeNull();
  });
});

describe("the sleep diary's nights with the client's measures", () => {
  it("lists each submitted night by the night it was, with its figures, or none when its answers do not add up", async () => {
    const w = await makeWorld();
    const night = A_NIGHT;
    const diary = async (answers: Record<string, unknown>) => {
      const id = await measureAssignment(w, "sleep-diary");
      const r = await api(`/gateway/profile/client/assignment/${String(id)}/submit`, {
        token: await w.token("client"),
        body: { answers: Object.entries(answers).map(([questionKey, value]) => ({ questionKey, value })) },
      });
      expect(r.status, r.text).toBe(200);
      return id;
    };
    // Submitted in this order, the later night first; the second is up before its final awakening.
    const [firstOf25th, upEarly] = [
      await diary({ ...night, night_of: "2026-11-25" }),
      await diary({ ...night, night_of: "2026-11-24", final_awakening: "07:30" }),
    ];
    // The 25th written again, half an hour less in bed: the later diary is the night's.
    const againOf25th = await diary({ ...night, night_of: "2026-11-25", out_of_bed: "06:30" });
    // A diary without its night (a clinic's copy may not ask it): the night before its submit.
    const undated = await diary({ ...night, night_of: "2026-11-01" });
    await db.answer.deleteMany({ where: { assignmentId: undated, questionKey: "night_of" } });
    await db.assignment.update({ where: { id: undated }, data: { submittedAt: new Date("2026-11-20T08:00:00Z") } });
    // Answers saved, not submitted: not a night yet.
    const saved = await measureAssignment(w, "sleep-diary");
    await db.assignment.update({ where: { id: saved }, data: { status: "IN_PROGRESS" } });
    await db.autoSaveAnswer.createMany({
      data: Object.entries({ ...night, night_of: "2026-11-26" }).map(([questionKey, value]) => ({
        assignmentId: saved,
        questionKey,
        value,
      })),
    });

    const sessionOf = async (id: number) =>
      (
        await db.assignment.findUniqueOrThrow({
          where: { id },
          select: { session: { select: { id: true, title: true } } },
        })
      ).session;
    const shown = await Promise.all([undated, upEarly, againOf25th].map(sessionOf));
    const reads = () =>
      db.auditLog.count({
        where: { clinicId: w.clinic.id, action: "READ_SESSION", targetId: { in: shown.map((x) => x.id) } },
      });
    const before = await reads();
    const r = await api(measures(w.client.id), { token: await w.token("carer") });
    expect(r.status).toBe(200);
    expect(r.json.sleepNights).toEqual([
      expect.objectContaining({ assignmentId: undated, night: "2026-11-19" }),
      expect.objectContaining({ assignmentId: upEarly, night: "2026-11-24", summary: null }),
      {
        assignmentId: againOf25th,
        sessionId: shown[2]?.id,
        sessionTitle: shown[2]?.title,
        night: "2026-11-25",
        summary: { timeInBedMinutes: 465, totalSleepMinutes: 350, efficiencyPercent: 75 },
      },
    ]);
    expect(JSON.stringify(r.json.sleepNights)).not.toContain(`"assignmentId":${String(firstOf25th)},`);
    // Each session whose night is shown is an audited read of it.
    expect(await reads()).toBe(before + shown.length);

    // A client without a diary has no nights.
    const other = await makeWorld();
    expect((await api(measures(other.client.id), { token: await other.token("staff") })).json.sleepNights).toEqual([]);
  });

  it("dates a diary by its submit when it names no night, or one still to come, and merges no two such diaries", async () => {
    const w = await makeWorld();
    const diary = async (answers: Record<string, unknown>, submittedAt: string) => {
      const id = await measureAssignment(w, "sleep-diary");
      const r = await api(`/gateway/profile/client/assignment/${String(id)}/submit`, {
        token: await w.token("client"),
        body: { answers: Object.entries(answers).map(([questionKey, value]) => ({ questionKey, value })) },
      });
      expect(r.status, r.text).toBe(200);
      await db.assignment.update({ where: { id }, data: { submittedAt: new Date(submittedAt) } });
      return id;
    };
    const real = await diary({ ...A_NIGHT, night_of: "2026-11-25" }, "2026-11-26T07:00:00Z");
    // The year mistyped, written the next morning: not a night to come, so not the 25th's either.
    const mistyped = await diary({ ...A_NIGHT, night_of: "2027-11-25" }, "2026-11-26T07:30:00Z");
    // Two diaries caught up one morning on a copy that does not ask the night: two nights.
    const undated = [
      await diary({ ...A_NIGHT, night_of: "2026-11-01" }, "2026-11-21T07:00:00Z"),
      await diary({ ...A_NIGHT, night_of: "2026-11-01" }, "2026-11-21T07:05:00Z"),
    ];
    await db.answer.deleteMany({ where: { assignmentId: { in: undated }, questionKey: "night_of" } });
    // A copy asking the night as text, written with slashes: the night as a date answer spells it.
    const slashed = await diary({ ...A_NIGHT, night_of: "2026-11-01" }, "2026-11-23T07:00:00Z");
    await db.answer.updateMany({
      where: { assignmentId: slashed, questionKey: "night_of" },
      data: { value: "2026/11/22" },
    });

    const r = await api(measures(w.client.id), { token: await w.token("carer") });
    expect(r.status).toBe(200);
    expect(r.json.sleepNights.map((n: { assignmentId: number; night: string }) => [n.assignmentId, n.night])).toEqual([
      [undated[0], "2026-11-20"],
      [undated[1], "2026-11-20"],
      [slashed, "2026-11-22"],
      [real, "2026-11-25"],
      [mistyped, "2026-11-25"],
    ]);
  });

  /**
   * A diary submitted through the API with `headers`, naming `nightOf` (or no night, as on a clinic's
   * copy that does not ask it, when null), moved to `submittedAt`; the world's nights as its carer
   * reads them in `offset`.
   */
  const sentAt = async (headers: Record<string, string>, nightOf: string | null, submittedAt: string) => {
    const w = await makeWorld();
    const id = await measureAssignment(w, "sleep-diary");
    const answers = { ...A_NIGHT, night_of: nightOf ?? "2026-11-01" };
    const r = await api(`/gateway/profile/client/assignment/${String(id)}/submit`, {
      token: await w.token("client"),
      headers,
      body: { answers: Object.entries(answers).map(([questionKey, value]) => ({ questionKey, value })) },
    });
    expect(r.status, r.text).toBe(200);
    if (nightOf === null) await db.answer.deleteMany({ where: { assignmentId: id, questionKey: "night_of" } });
    await db.assignment.update({ where: { id }, data: { submittedAt: new Date(submittedAt) } });
    return async (offset: string) => {
      const read = await api(measures(w.client.id), { token: await w.token("carer"), headers: { offset } });
      expect(read.status).toBe(200);
      return read.json.sleepNights.map((n: { night: string }) => n.night);
    };
  };

  it("dates a diary without its night by the client's own morning, wherever the care team reads it", async () => {
    // In Sydney (+11:00), 08:00 on 26 November is still the 25th in UTC.
    const nights = await sentAt({ offset: "+11:00" }, null, "2026-11-25T21:00:00Z");
    for (const offset of ["0", "-05:00", "+11:00"]) expect(await nights(offset), offset).toEqual(["2026-11-25"]);
  });

  it("takes a named night after the client's own day of the submit for a slip", async () => {
    // Written at 22:00 on the 25th in Toronto, naming the 26th: a night still to come there.
    const nights = await sentAt({ offset: "-05:00" }, "2026-11-26", "2026-11-26T03:00:00Z");
    expect(await nights("0")).toEqual(["2026-11-24"]);
  });

  it("dates such a diary in the reader's offset when the submit stated none", async () => {
    // 22:00 on the 25th in Toronto, already the 26th in UTC: the client's own day is not known.
    const nights = await sentAt({}, null, "2026-11-26T03:00:00Z");
    expect(await nights("-05:00")).toEqual(["2026-11-24"]);
    expect(await nights("0")).toEqual(["2026-11-25"]);
  });
});

describe("GET /gateway/profile/caregiver/assignment (feedback due)", () => {
  it("lists the assignment with an alert first, with its band, though it was submitted last", async () => {
    const { w, story } = await storyWorld();
    const r = await api("/gateway/profile/caregiver/assignment?size=100", { token: await w.token("carer") });
    expect(r.status).toBe(200);
    const alerted = story.weeks[2]!;
    expect(r.json.content.map((x: { id: number }) => x.id)).toEqual([alerted.assignmentId, w.session.assignmentIds[2]]);
    expect(r.json.content[0]).toMatchObject({
      id: alerted.assignmentId,
      alert: true,
      band: alerted.band,
      score: alerted.score,
    });
    expect(r.json.content[1]).toMatchObject({ alert: false, band: null });
  });

  it("audits the read: the list shows scores, bands and alerts, so each session listed gets a row", async () => {
    const { w } = await storyWorld();
    const token = await w.token("carer");
    const first = await api("/gateway/profile/caregiver/assignment?size=100", { token });
    const sessions = [...new Set<number>(first.json.content.map((x: { sessionId: number }) => x.sessionId))];
    expect(sessions.length).toBeGreaterThan(1);
    const reads = () =>
      db.auditLog.count({ where: { clinicId: w.clinic.id, action: "READ_SESSION", targetId: { in: sessions } } });
    const before = await reads();
    expect((await api("/gateway/profile/caregiver/assignment?size=100", { token })).status).toBe(200);
    expect(await reads()).toBe(before + sessions.length);
  });

  it("pages in the same order, each page with the total, a page past the last too, and audits only what a page showed", async () => {
    const { w } = await storyWorld();
    const token = await w.token("carer");
    const all = (await api("/gateway/profile/caregiver/assignment?size=100", { token })).json;
    const ids = all.content.map((x: { id: number }) => x.id);
    expect(all.totalElements).toBe(ids.length);
    const [second] = all.content.slice(1) as { id: number; sessionId: number }[];
    if (!second) throw new Error("the story world has two assignments waiting for feedback");
    const audited = () => db.auditLog.count({ where: { clinicId: w.clinic.id, action: "READ_SESSION" } });
    const before = await audited();
    const page1 = await api("/gateway/profile/caregiver/assignment?size=1&page=1", { token });
    expect(page1.json).toMatchObject({ totalElements: ids.length, page: 1, size: 1 });
    expect(page1.json.content.map((x: { id: number }) => x.id)).toEqual([second.id]);
    expect(await audited()).toBe(before + 1);
    const past = await api(`/gateway/profile/caregiver/assignment?size=1&page=${ids.length}`, { token });
    expect(past.status).toBe(200);
    expect(past.json).toMatchObject({ content: [], totalElements: ids.length, page: ids.length });
    expect(await audited()).toBe(before + 1);
  });

  it("keeps its total in step with homework submitted and feedback given, whatever else writes the session", async () => {
    const w = await makeWorld();
    const [carer, client] = [await w.token("carer"), await w.token("client")];
    const total = async () =>
      (await api("/gateway/profile/caregiver/assignment?size=1", { token: carer })).json.totalElements;
    const [, , waiting, pending] = w.session.assignmentIds;
    expect(await total()).toBe(1);
    const submitted = await api(`/gateway/profile/client/assignment/${pending}/submit`, {
      token: client,
      body: { answers: [{ questionKey: "q1", value: "final" }] },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(await total()).toBe(2);
    const given = await api(`/gateway/profile/caregiver/assignment/${waiting}/feedback`, {
      token: carer,
      body: { text: "Good insight." },
    });
    expect(given.status, given.text).toBe(201);
    expect(await total()).toBe(1);
    // The session's count is the assignment triggers' alone: a write of the session row keeps it.
    await db.$executeRaw`update "Session" set "waitingCount" = 50, title = 'Renamed' where id = ${w.session.id}`;
    expect(await total()).toBe(1);
    const session = await db.session.findUniqueOrThrow({ where: { id: w.session.id } });
    expect(session).toMatchObject({ title: "Renamed", waitingCount: 1 });
    // A session given another id keeps its homework (the keys follow it), and its count.
    const moved = w.session.id + 1_000_000;
    await db.$executeRaw`update "Session" set id = ${moved} where id = ${w.session.id}`;
    expect(await db.session.findUniqueOrThrow({ where: { id: moved } })).toMatchObject({ waitingCount: 1 });
    expect(await total()).toBe(1);
  });

  it("finds the caregiver's homework behind many older waiting homework of other care teams, in order, and only theirs", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const alerts = [{ question: "q9", value: 1, message: "risk" }];
    const copies = async (world: typeof w, rows: { alert: boolean; at: Date }[]) => {
      const waiting = await db.assignment.findUniqueOrThrow({ where: { id: world.session.assignmentIds[2] } });
      const { sessionId, bookId, moduleId, moduleVersionId, status, feedbackStatus, startAt } = waiting;
      await db.assignment.createMany({
        data: rows.map((r) => ({
          ...{ sessionId, bookId, moduleId, moduleVersionId, status, feedbackStatus, startAt },
          alerts: r.alert ? alerts : [],
          submittedAt: r.at,
        })),
      });
    };
    // The caregiver's five waiting (two alerts, ties in time), and behind them more of another care
    // team's, of each kind, dated 2000: more than the walk reads for any page asked of it below, so
    // each of those pages comes from the caregiver's own sessions.
    const tie = new Date(Date.UTC(2001, 0, 1));
    await copies(w, [
      { alert: true, at: tie },
      { alert: false, at: tie },
      { alert: false, at: tie },
      { alert: true, at: new Date(Date.UTC(2001, 0, 2)) },
    ]);
    const older = walkBound(3 * 2) + 1;
    await copies(
      other,
      Array.from({ length: 2 * older }, (_, i) => ({ alert: i % 2 === 0, at: new Date(Date.UTC(2000, 0, 1, 0, i)) })),
    );
    const due = async (token: string, query: string) => {
      const r = await api(`/gateway/profile/caregiver/assignment?${query}`, { token });
      expect(r.status).toBe(200);
      return { ids: r.json.content.map((x: { id: number }) => x.id), total: r.json.totalElements };
    };
    // Alerts first, then the oldest, then by id (PostgreSQL puts a missing time last).
    const expected = async (world: typeof w) => {
      const rows = await db.assignment.findMany({
        where: { sessionId: world.session.id, feedbackStatus: "WAITING" },
        select: { id: true, alerts: true, submittedAt: true },
      });
      return rows
        .map((a) => ({ id: a.id, alert: JSON.stringify(a.alerts) !== "[]", at: a.submittedAt?.getTime() ?? Infinity }))
        .sort((a, b) => Number(b.alert) - Number(a.alert) || a.at - b.at || a.id - b.id)
        .map((a) => a.id);
    };
    const mine = await expected(w);
    expect(mine).toHaveLength(5);
    const carer = await w.token("carer");
    for (const page of [0, 1, 2])
      expect(await due(carer, `size=2&page=${page}`)).toEqual({ ids: mine.slice(page * 2, page * 2 + 2), total: 5 });
    expect(await due(carer, "size=100")).toEqual({ ids: mine, total: 5 });
    expect(await due(await w.token("outsider"), "size=1")).toEqual({ ids: [], total: 0 });
    // The other care team's list: its own rows only, in the same order, whichever way it is found.
    const theirs = await expected(other);
    const otherCarer = await other.token("carer");
    expect(await due(otherCarer, "size=100")).toEqual({ ids: theirs.slice(0, 100), total: theirs.length });
    for (const page of [0, 3, 30])
      expect(await due(otherCarer, `size=3&page=${page}`)).toEqual({
        ids: theirs.slice(page * 3, page * 3 + 3),
        total: theirs.length,
      });
  });
});

describe("GET /gateway/profile/clinic/client/{id}/measures", () => {
  it("answers each measure's scores across sessions, oldest first, with its range and bands", async () => {
    const { w, story } = await storyWorld();
    const scoring = story.definition.scoring!;
    for (const who of ["carer", "staff"] as const) {
      const r = await api(measures(w.client.id), { token: await w.token(who), headers: { offset: "0" } });
      expect(r.status).toBe(200);
      // The world's own test (QUIZ, submitted with a score) is a series of its own beside the PHQ-9.
      const own = `module-${(await db.module.findFirstOrThrow({ where: { bookId: w.book.id, isTest: true } })).id}`;
      expect(r.json.measures.map((m: { key: string }) => m.key).sort()).toEqual([own, "phq-9"].sort());
      expect({ ...r.json, measures: r.json.measures.filter((m: { key: string }) => m.key !== own) }).toEqual({
        clientId: w.client.id,
        careEpisodeStartDate: null,
        measures: [
          {
            key: "phq-9",
            name: "PHQ-9",
            range: scoring.range,
            bands: scoring.bands,
            points: story.weeks.map((week) => ({
              assignmentId: week.assignmentId,
              sessionId: week.sessionId,
              sessionTitle: week.title,
              date: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/),
              score: week.score,
              band: week.band,
              alert: week.alerts.length > 0,
              earlierEpisode: false,
            })),
          },
        ],
        sleepNights: [],
      });
    }
  });

  it("is 404 outside the caller's scope, writes an audit row per session shown", async () => {
    const { w, story } = await storyWorld();
    const other = await makeWorld();
    for (const token of [await other.token("carer"), await other.token("staff"), await w.token("outsider")])
      expect((await api(measures(w.client.id), { token })).status).toBe(404);
    expect((await api(measures(w.client.id), { token: await w.token("client") })).status).toBe(403);
    const sessions = story.weeks.map((x) => x.sessionId);
    const reads = () =>
      db.auditLog.count({ where: { clinicId: w.clinic.id, action: "READ_SESSION", targetId: { in: sessions } } });
    const before = await reads();
    expect((await api(measures(w.client.id), { token: await w.token("staff") })).status).toBe(200);
    expect(await reads()).toBe(before + sessions.length);
  });
});
