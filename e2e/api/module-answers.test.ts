// Answers are checked against the module version an assignment was given, at autosave (a partial
// set) and at submit (a complete one); a test is scored by the server at submit, never by the client.
import { describe, expect, it } from "vitest";
import { EVERY_QUESTION_TYPE } from "../support/every-question-type";
import { PHQ9 } from "@/lib/library/measures";
import type { ModuleDefinitionT } from "@/lib/schemas/module-definition";
import { makeBook, makeSession } from "@/prisma/factories";
import { api, db, makeWorld } from "./support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
const en = (s: string) => ({ en: s });

const COMPLETE = [
  { questionKey: "mood", value: "high" },
  { questionKey: "helped", value: ["walk", "call"] },
  { questionKey: "sleep", value: 2 },
  { questionKey: "hours", value: 7.5 },
  { questionKey: "word", value: "calm" },
  { questionKey: "diary", value: "A good week." },
  { questionKey: "when", value: "2024-02-29" },
  { questionKey: "bedtime", value: "23:30" },
];

/** A fresh session of the world's client holding one assignment of a module with this definition. */
async function assign(w: World, definition: ModuleDefinitionT) {
  const book = await makeBook(db, {
    clinicId: w.clinic.id,
    name: `Answers ${w.u} ${Math.random()}`,
    modules: [{ name: "Module", definition }],
  });
  const made = book.modules[0]!;
  const session = await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: w.client.id,
    caregiverId: w.carer.id,
    title: `Answers ${w.u}`,
    startAt: new Date(),
    assignments: [{ bookId: book.id, moduleId: made.id }],
  });
  return { id: session.assignmentIds[0]!, sessionId: session.id, moduleId: made.id, bookId: book.id };
}

const state = (id: number) =>
  db.assignment.findUniqueOrThrow({
    where: { id },
    select: {
      status: true,
      score: true,
      band: true,
      subscales: true,
      alerts: true,
      answers: { select: { questionKey: true, value: true }, orderBy: { id: "asc" } },
      autoSaveAnswers: { select: { questionKey: true, value: true } },
    },
  });

describe("answers checked against the module's definition", () => {
  it("autosave and submit refuse a wrong value of every question type, naming it, and write nothing", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const a = await assign(w, EVERY_QUESTION_TYPE);
    const before = await state(a.id);
    const wrong: [string, unknown, RegExp][] = [
      ["mood", "medium", /must be one of "low", "high"/],
      ["mood", 1, /must be the value of one option/],
      ["helped", ["walk", "walk"], /must not name an option twice/],
      ["helped", ["walk", "call", "rest"], /must name at most 2 of the options/],
      ["helped", ["walk", "swim"], /item 2 is not one of "walk", "call", "rest"/],
      ["helped", "walk", /must be a list of option values/],
      ["sleep", 3, /must be one of the points 0, 1, 2/],
      ["hours", 13, /must be from 0 to 12/],
      ["hours", 7.2, /must be 0 plus a multiple of 0.5/],
      ["hours", "7", /must be a number/],
      ["word", "much too long", /at most 5 characters/],
      ["diary", { text: "hi" }, /must be text/],
      ["diary", "x".repeat(21), /at most 20 characters/],
      ["when", "2023-02-29", /is not a date of the calendar/],
      ["when", "tomorrow", /YYYY-MM-DD/],
      ["bedtime", "25:00", /must be a time as HH:MM/],
    ];
    for (const [questionKey, value, message] of wrong) {
      const saved = await api(`/gateway/profile/client/assignment/${a.id}/autosave`, {
        method: "PUT",
        token: client,
        body: {
          answers: [
            { questionKey: "sleep", value: 1 },
            { questionKey, value },
          ],
        },
      });
      expect(saved.status, `${questionKey} = ${JSON.stringify(value)}`).toBe(400);
      expect(saved.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(saved.json.errors).toEqual([{ path: "answers.1.value", message: expect.stringMatching(message) }]);
      const submitted = await api(`/gateway/profile/client/assignment/${a.id}/submit`, {
        token: client,
        body: { answers: [...COMPLETE.filter((x) => x.questionKey !== questionKey), { questionKey, value }] },
      });
      expect(submitted.status, `${questionKey} = ${JSON.stringify(value)}`).toBe(400);
      // The wrong answer comes last, after the others.
      const last = `answers.${String(COMPLETE.length - 1)}.value`;
      expect(submitted.json.errors).toEqual([{ path: last, message: expect.stringMatching(message) }]);
    }
    const unknown = await api(`/gateway/profile/client/assignment/${a.id}/autosave`, {
      method: "PUT",
      token: client,
      body: { answers: [{ questionKey: "nope", value: "x" }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([
      { path: "answers.0.questionKey", message: "is not a question of this module" },
    ]);
    // What a client typed where an option belongs is theirs: the refusal names where it is, and
    // does not carry it back in a problem an integrator may log.
    const typed = "I could not get out of bed";
    const refused = await api(`/gateway/profile/client/assignment/${a.id}/autosave`, {
      method: "PUT",
      token: client,
      body: { answers: [{ questionKey: "helped", value: [typed] }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      { path: "answers.0.value", message: expect.stringMatching(/^item 1 is not/) },
    ]);
    expect(refused.text).not.toContain(typed);
    expect(await state(a.id)).toEqual(before);
    expect(before).toMatchObject({ status: "PENDING", answers: [], autoSaveAnswers: [] });
  });

  it("autosave takes a partial set; submit needs every required answer, then takes a complete one", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const a = await assign(w, EVERY_QUESTION_TYPE);
    const saved = await api(`/gateway/profile/client/assignment/${a.id}/autosave`, {
      method: "PUT",
      token: client,
      body: {
        answers: [
          { questionKey: "diary", value: "" },
          { questionKey: "hours", value: 6 },
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ status: "IN_PROGRESS", score: null });

    const missing = await api(`/gateway/profile/client/assignment/${a.id}/submit`, {
      token: client,
      body: {
        answers: [
          { questionKey: "sleep", value: 1 },
          { questionKey: "diary", value: " " },
        ],
      },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([
      { path: "answers", message: 'question "mood" is required and has no answer' },
      { path: "answers", message: 'question "diary" is required and has no answer' },
    ]);
    const twice = await api(`/gateway/profile/client/assignment/${a.id}/submit`, {
      token: client,
      body: { answers: [...COMPLETE, { questionKey: "mood", value: "low" }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.json.errors).toEqual([
      { path: `answers.${String(COMPLETE.length)}.questionKey`, message: "is answered twice" },
    ]);
    expect(await state(a.id)).toMatchObject({ status: "IN_PROGRESS", answers: [] });

    const done = await api(`/gateway/profile/client/assignment/${a.id}/submit`, {
      token: client,
      body: { answers: COMPLETE },
    });
    expect(done.status, done.text).toBe(200);
    // Not a test: no score.
    expect(done.json).toMatchObject({ status: "COMPLETE", score: null });
    expect(await state(a.id)).toMatchObject({ score: null, band: null, alerts: [], answers: COMPLETE });
  });

  it("a score sent by the client is refused with 400, even for a test, and nothing changes", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const a = await assign(w, PHQ9.definition);
    const answers = Array.from({ length: 9 }, (_, i) => ({ questionKey: `item${i + 1}`, value: 1 }));
    for (const score of [9, 0, null, "9"]) {
      const r = await api(`/gateway/profile/client/assignment/${a.id}/submit`, {
        token: client,
        body: { answers, score },
      });
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual([
        { path: "score", message: "is computed by the server from the answers; do not send it" },
      ]);
    }
    expect(await state(a.id)).toMatchObject({ status: "PENDING", score: null, answers: [] });
  });

  it("a text counts characters as a reader does, and a huge one is refused like any too long one", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const a = await assign(w, EVERY_QUESTION_TYPE);
    const autosave = (questionKey: string, value: string) =>
      api(`/gateway/profile/client/assignment/${a.id}/autosave`, {
        method: "PUT",
        token: client,
        body: { answers: [{ questionKey, value }] },
      });
    // "One word" takes 5 characters: a person at a laptop is one (5 UTF-16 units), an accented
    // letter written with its combining accent is one, a Scottish flag is one (14 units).
    const coder = "\u{1F469}\u200D\u{1F4BB}";
    const scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
    for (const word of [coder.repeat(5), "e\u0301".repeat(5), scotland.repeat(5)]) {
      const saved = await autosave("word", word);
      expect(saved.status, saved.text).toBe(200);
    }
    expect((await state(a.id)).autoSaveAnswers).toEqual([{ questionKey: "word", value: scotland.repeat(5) }]);
    const before = await state(a.id);
    // Over the limit by one character; a text of a million; one "character" of a million combining
    // accents, which is no word of five characters either.
    for (const [key, value, max] of [
      ["word", coder.repeat(6), 5],
      ["diary", "a".repeat(1_000_000), 20],
      ["diary", `e${"\u0301".repeat(1_000_000)}`, 20],
    ] as const) {
      const refused = await autosave(key, value);
      expect(refused.status, `${key}: ${value.length} units`).toBe(400);
      expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(refused.json.errors).toEqual([{ path: "answers.0.value", message: `must be at most ${max} characters` }]);
    }
    const submitted = await api(`/gateway/profile/client/assignment/${a.id}/submit`, {
      token: client,
      body: {
        answers: [
          ...COMPLETE.filter((x) => x.questionKey !== "diary"),
          { questionKey: "diary", value: "a".repeat(1e6) },
        ],
      },
    });
    expect(submitted.status).toBe(400);
    expect(await state(a.id)).toEqual(before);
    // The server is still there for the next answer.
    expect((await autosave("diary", "Still here.")).status).toBe(200);
  });
});

describe("a test scored by the server at submit", () => {
  it("PHQ-9: the total, band and item-9 alert are stored, and the session detail shows the computed score", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const a = await assign(w, PHQ9.definition);
    const values = [2, 2, 1, 2, 1, 1, 1, 0, 1];
    const answers = [
      ...values.map((value, i) => ({ questionKey: `item${i + 1}`, value })),
      { questionKey: "difficulty", value: "very" },
    ];
    const done = await api(`/gateway/profile/client/assignment/${a.id}/submit`, { token: client, body: { answers } });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ status: "COMPLETE", score: 11 });
    expect(await state(a.id)).toMatchObject({
      score: 11,
      band: "Moderate",
      subscales: {},
      alerts: [{ question: "item9", value: 1, message: { en: expect.stringMatching(/suicide/) } }],
    });
    const detail = await api(`/gateway/profile/caregiver/session/${a.sessionId}`, { token: await w.token("carer") });
    expect(detail.json).toMatchObject({ lastAssignmentScore: 11, assignments: [{ id: a.id, score: 11 }] });
  });

  it("an assignment keeps the version it was given: a module edited afterwards checks and scores the new ones only", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const v1: ModuleDefinitionT = {
      blocks: [
        {
          type: "scale",
          key: "a",
          label: en("A"),
          required: true,
          points: [0, 1, 2, 3].map((value) => ({ value, label: en(String(value)) })),
        },
      ],
      scoring: {
        items: ["a"],
        reverse: [],
        multiplier: 1,
        range: { min: 0, max: 3 },
        subscales: [],
        bands: [
          { min: 0, max: 1, label: en("Low") },
          { min: 2, max: 3, label: en("High") },
        ],
        alerts: [],
      },
    };
    const old = await assign(w, v1);
    // The module is edited: version 2 asks "b" instead and multiplies by 10, with bands of its own.
    const v2: ModuleDefinitionT = {
      blocks: [{ ...v1.blocks[0]!, key: "b" } as ModuleDefinitionT["blocks"][number]],
      scoring: {
        ...v1.scoring!,
        items: ["b"],
        multiplier: 10,
        range: { min: 0, max: 30 },
        bands: [
          { min: 0, max: 15, label: en("New low") },
          { min: 16, max: 30, label: en("New high") },
        ],
      },
    };
    await db.moduleVersion.create({ data: { moduleId: old.moduleId, version: 2, definition: v2 } });
    // And version 3 no longer scores (authoring marks the module "not a test" then): the work given
    // version 1 is scored all the same, and still reads as a test.
    const v3: ModuleDefinitionT = { blocks: v2.blocks };
    await db.moduleVersion.create({ data: { moduleId: old.moduleId, version: 3, definition: v3 } });
    await db.module.update({ where: { id: old.moduleId }, data: { isTest: false } });
    const newer = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `Version 2 ${w.u}`,
      startAt: new Date(),
      assignments: [{ bookId: old.bookId, moduleId: old.moduleId }],
    });
    const fresh = newer.assignmentIds[0]!;
    // Homework given while version 2 was the newest.
    const v2Id = (await db.moduleVersion.findFirstOrThrow({ where: { moduleId: old.moduleId, version: 2 } })).id;
    await db.assignment.update({ where: { id: fresh }, data: { moduleVersionId: v2Id } });

    const submit = (id: number, questionKey: string) =>
      api(`/gateway/profile/client/assignment/${id}/submit`, {
        token: client,
        body: { answers: [{ questionKey, value: 2 }] },
      });
    const refused = await submit(old.id, "b");
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toEqual({
      path: "answers.0.questionKey",
      message: "is not a question of this module",
    });
    const byV1 = await submit(old.id, "a");
    expect(byV1.status, byV1.text).toBe(200);
    expect(await state(old.id)).toMatchObject({ score: 2, band: "High" });
    const detail = await api(`/gateway/profile/caregiver/session/${old.sessionId}`, { token: await w.token("carer") });
    expect(detail.json.assignments[0]).toMatchObject({ id: old.id, isTest: true, score: 2 });

    expect((await submit(fresh, "a")).status).toBe(400);
    expect((await submit(fresh, "b")).status).toBe(200);
    expect(await state(fresh)).toMatchObject({ score: 20, band: "New high" });
  });

  it("a module whose version has no scoring stores no score", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const a = await assign(w, { blocks: PHQ9.definition.blocks });
    const answers = Array.from({ length: 9 }, (_, i) => ({ questionKey: `item${i + 1}`, value: 3 }));
    const done = await api(`/gateway/profile/client/assignment/${a.id}/submit`, { token: client, body: { answers } });
    expect(done.status, done.text).toBe(200);
    expect(done.json.score).toBeNull();
    expect(await state(a.id)).toMatchObject({ score: null, band: null, subscales: null, alerts: [] });
  });
});
