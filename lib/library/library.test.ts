import { describe, expect, it } from "vitest";
import { LIBRARY_BOOKS } from "@/lib/library/books";
import { MEASURES } from "@/lib/library/measures";
import { frenchCoverage } from "@/lib/schemas/french-coverage";
import { ModuleDefinition, isQuestion } from "@/lib/schemas/module-definition";

const modules = LIBRARY_BOOKS.flatMap((b) => b.modules);
const measureKeys = new Set(MEASURES.map((m) => m.key));
const exercises = modules.filter((m) => !measureKeys.has(m.key));

// The library ships with the product and is copied into every new clinic: what it stores must be
// what the authoring API would accept, so clinics can edit their copies.
describe("the library", () => {
  it("stores definitions that ModuleDefinition accepts as they come back from the database", () => {
    for (const m of modules) {
      const stored: unknown = JSON.parse(JSON.stringify(m.definition));
      const parsed = ModuleDefinition.safeParse(stored);
      expect(parsed.success, `${m.key}: ${parsed.error?.message ?? ""}`).toBe(true);
      expect(parsed.data).toEqual(m.definition);
    }
  });

  it("holds the four measures and at least six exercises and psychoeducation modules, each in one book", () => {
    expect(modules.map((m) => m.key)).toEqual(expect.arrayContaining(["phq-9", "gad-7", "who-5", "pcl-5"]));
    expect(exercises.length).toBeGreaterThanOrEqual(6);
    expect(new Set(modules.map((m) => m.key)).size).toBe(modules.length);
    expect(new Set(LIBRARY_BOOKS.map((b) => b.key)).size).toBe(LIBRARY_BOOKS.length);
    for (const key of [...LIBRARY_BOOKS.map((b) => b.key), ...modules.map((m) => m.key)])
      expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const b of LIBRARY_BOOKS) {
      expect(b.modules.length, b.key).toBeGreaterThan(0);
      expect(b.description.length, b.key).toBeGreaterThan(10);
    }
  });

  it("scores the measures only: exercises ask, and have no score a clinician could misread", () => {
    for (const m of MEASURES) expect(m.definition.scoring, m.key).toBeDefined();
    for (const m of exercises) expect(m.definition.scoring, m.key).toBeUndefined();
  });

  it("shows WHO-5's options with the numbers its instruction speaks of, as WHO's form does", () => {
    const who5 = MEASURES.find((m) => m.key === "who-5");
    const [instruction, ...items] = who5?.definition.blocks ?? [];
    expect(JSON.stringify(instruction)).toContain("higher numbers mean better well-being");
    expect(items).toHaveLength(5);
    for (const item of items) {
      if (item.type !== "scale") throw new Error(`WHO-5 item of type ${item.type}`);
      expect(item.points.map((p) => p.value)).toEqual([5, 4, 3, 2, 1, 0]);
      for (const p of item.points) {
        expect(p.label.en).toMatch(new RegExp(`^${String(p.value)} – `));
        expect(p.label.fr).toMatch(new RegExp(`^${String(p.value)} – `));
      }
    }
  });

  it("writes every module in English and French, and every exercise with questions to answer", () => {
    for (const m of modules) {
      const coverage = frenchCoverage(m.definition);
      expect(coverage.texts, m.key).toBeGreaterThan(0);
      expect(coverage.missing, m.key).toEqual([]);
    }
    for (const m of exercises) expect(m.definition.blocks.filter(isQuestion).length, m.key).toBeGreaterThan(0);
  });
});
