// The creations of care providers, books, modules and design plans take an Idempotency-Key as the
// client's creation does (docs/api-decisions.md, "Retries"): an integration that lost the answer to
// its request can send it again without making a second one. Each answers 201 with a Location.
import { describe, expect, it } from "vitest";
import { api, db, makeWorld, uid, type World } from "./support/world";

const G = "/gateway/profile/clinic";

type Creation = {
  name: string;
  path: (w: World) => string;
  body: (w: World) => Record<string, unknown>;
  /** Every row the creation could add, for the world's clinic. */
  stored: (w: World) => Promise<number[]>;
  /** Where the Location of its 201 points. */
  location: RegExp;
  /** Whether the 201 carries the created resource as JSON (read back from its Location). */
  hasBody: boolean;
};

const definition = { blocks: [{ type: "text", body: { en: "Read this." } }] };

const CREATIONS: Creation[] = [
  {
    name: "a care provider",
    path: () => `${G}/caregiver`,
    body: () => ({ name: "Keyed Carer", email: `keyed-${uid()}@test.test`, position: "Therapist" }),
    stored: async (w) => [
      await db.caregiver.count({ where: { instituteId: w.institute.id } }),
      await db.caregiverClinic.count({ where: { clinicId: w.clinic.id } }),
    ],
    location: /^\/caregiver\/\d+$/,
    hasBody: false,
  },
  {
    name: "a book",
    path: () => `${G}/book`,
    body: () => ({ name: `Keyed book ${uid()}`, description: "Made once" }),
    stored: async (w) => [await db.book.count({ where: { clinicId: w.clinic.id } })],
    location: /^\/gateway\/profile\/clinic\/book\/\d+$/,
    hasBody: true,
  },
  {
    name: "a module",
    path: (w) => `${G}/book/${w.book.id}/module`,
    body: () => ({ name: `Keyed module ${uid()}`, definition }),
    stored: async (w) => [
      await db.module.count({ where: { book: { clinicId: w.clinic.id } } }),
      await db.moduleVersion.count({ where: { module: { book: { clinicId: w.clinic.id } } } }),
    ],
    location: /^\/gateway\/profile\/clinic\/module\/\d+$/,
    hasBody: true,
  },
  {
    name: "a design plan",
    path: () => `${G}/design-plan`,
    body: (w) => ({ name: `Keyed plan ${uid()}`, weeks: [{ bookIds: [] }, { bookIds: [w.book.id] }] }),
    stored: async (w) => [await db.designPlan.count({ where: { clinicId: w.clinic.id } })],
    location: /^\/gateway\/profile\/clinic\/design-plan\/\d+$/,
    hasBody: true,
  },
];

describe.each(CREATIONS)("creating $name", (c) => {
  it("answers 201 with a Location that reads back what was made", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const made = await api(c.path(w), { token, body: c.body(w) });
    expect(made.status, made.text).toBe(201);
    const location = made.headers.get("location") ?? "";
    expect(location).toMatch(c.location);
    if (c.hasBody) {
      const read = await api(location, { token });
      expect(read.status, read.text).toBe(200);
      expect(read.json).toEqual(made.json);
    }
  });

  it("answers a retry with the same key and body as the first time, and makes nothing more", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const body = c.body(w);
    const headers = { "idempotency-key": `key-${uid()}` };
    const first = await api(c.path(w), { token, body, headers });
    expect(first.status, first.text).toBe(201);
    const after = await c.stored(w);
    const again = await api(c.path(w), { token, body, headers });
    expect(again.status, again.text).toBe(201);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.text).toBe(first.text);
    expect(await c.stored(w)).toEqual(after);
  });

  it("answers 409 to the same key with another body, and makes nothing", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const headers = { "idempotency-key": `key-${uid()}` };
    expect((await api(c.path(w), { token, body: c.body(w), headers })).status).toBe(201);
    const after = await c.stored(w);
    const other = await api(c.path(w), { token, body: c.body(w), headers });
    expect(other.status, other.text).toBe(409);
    expect(other.json.errors[0].path).toBe("header.Idempotency-Key");
    expect(await c.stored(w)).toEqual(after);
  });

  it("makes one when the same keyed request arrives five times at once", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const before = await c.stored(w);
    const body = c.body(w);
    const headers = { "idempotency-key": `key-${uid()}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(c.path(w), { token, body, headers })));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((a) => a.headers.get("location"))).size).toBe(1);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await c.stored(w)).toEqual(before.map((n) => n + 1));
  });
});
