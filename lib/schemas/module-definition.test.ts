import { describe, expect, it } from "vitest";
import { ModuleDefinition, type ModuleDefinitionT } from "./module-definition";

// An author's test must not score wrongly without anyone being told: the definition itself is
// refused, at the path of what is wrong.
const en = (s: string) => ({ en: s });
const scale = (key: string, required = true) => ({
  type: "scale" as const,
  key,
  label: en(key),
  required,
  points: [0, 1, 2, 3].map((value) => ({ value, label: en(String(value)) })),
});
const low = { min: 0, max: 2, label: en("Low") };
const high = { min: 3, max: 6, label: en("High") };
const scoring: NonNullable<ModuleDefinitionT["scoring"]> = {
  items: ["a", "b"],
  reverse: [],
  multiplier: 1,
  range: { min: 0, max: 6 },
  subscales: [],
  bands: [low, high],
  alerts: [
    { question: "n", above: 8, urgent: true, message: en("High n") },
    { total: true, above: 5, urgent: false, message: en("High total") },
  ],
};
const good: ModuleDefinitionT = {
  blocks: [scale("a"), scale("b"), { type: "number", key: "n", label: en("n"), required: false, min: 0, max: 10 }],
  scoring,
};

const pathsOf = (d: unknown) => {
  const r = ModuleDefinition.safeParse(d);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
};

describe("ModuleDefinition", () => {
  it("takes a sound test", () => {
    expect(pathsOf(good)).toEqual([]);
  });

  it.each([
    ["a range upside down", { ...scoring, range: { min: 6, max: 0 } }, "scoring.range"],
    [
      "bands starting above the lowest total",
      { ...scoring, bands: [{ min: 1, max: 2, label: en("L") }, high] },
      "scoring.bands.0.min",
    ],
    [
      "bands ending below the highest total",
      { ...scoring, bands: [low, { min: 3, max: 5, label: en("H") }] },
      "scoring.bands.1.max",
    ],
    ["an item counted twice", { ...scoring, items: ["a", "b", "a"] }, "scoring.items.2"],
    [
      "an alert on a question without a number",
      { ...scoring, alerts: [{ question: "t", above: 0, message: en("x") }] },
      "scoring.alerts.0.question",
    ],
    [
      "an alert with neither above nor below",
      { ...scoring, alerts: [{ question: "n", message: en("x") }] },
      "scoring.alerts.0",
    ],
    [
      "an alert with both above and below",
      { ...scoring, alerts: [{ question: "n", above: 8, below: 1, message: en("x") }] },
      "scoring.alerts.0",
    ],
    [
      "an alert on neither a question nor the total",
      { ...scoring, alerts: [{ above: 8, message: en("x") }] },
      "scoring.alerts.0",
    ],
    [
      "an alert on a question and the total at once",
      { ...scoring, alerts: [{ question: "n", total: true, above: 8, message: en("x") }] },
      "scoring.alerts.0",
    ],
    [
      "a rise on a question: a rise is the total's",
      { ...scoring, alerts: [{ question: "n", rise: 4, urgent: false, message: en("x") }] },
      "scoring.alerts.0.rise",
    ],
    [
      "an urgent rise: a change is for the next review",
      { ...scoring, alerts: [{ total: true, rise: 4, message: en("x") }] },
      "scoring.alerts.0.urgent",
    ],
    [
      "a rise with an above",
      { ...scoring, alerts: [{ total: true, rise: 4, above: 3, urgent: false, message: en("x") }] },
      "scoring.alerts.0",
    ],
    [
      "a fall on a question: a fall is the total's",
      { ...scoring, alerts: [{ question: "n", fall: 4, urgent: false, message: en("x") }] },
      "scoring.alerts.0.fall",
    ],
    ["an urgent fall", { ...scoring, alerts: [{ total: true, fall: 4, message: en("x") }] }, "scoring.alerts.0.urgent"],
    [
      "a rise and a fall in one rule",
      { ...scoring, alerts: [{ total: true, rise: 4, fall: 4, urgent: false, message: en("x") }] },
      "scoring.alerts.0",
    ],
    [
      "a fall of 0: no change",
      { ...scoring, alerts: [{ total: true, fall: 0, urgent: false, message: en("x") }] },
      "scoring.alerts.0.fall",
    ],
  ])("refuses %s", (_, s, path) => {
    const blocks = [...good.blocks, { type: "shortText", key: "t", label: en("t"), required: false, maxLength: 20 }];
    expect(pathsOf({ ...good, blocks, scoring: s })).toContain(path);
  });

  it("refuses an optional item: unanswered, it would count 0 and lower the total", () => {
    expect(pathsOf({ ...good, blocks: [scale("a"), scale("b", false), good.blocks[2]] })).toContain("scoring.items.1");
  });

  it("refuses two choices or two points with one value", () => {
    const twice = { ...scale("c"), points: [0, 1, 1].map((value) => ({ value, label: en(String(value)) })) };
    expect(pathsOf({ blocks: [twice] })).toContain("blocks.0.points.2.value");
    const options = [
      { value: "x", label: en("X") },
      { value: "x", label: en("Y") },
    ];
    expect(pathsOf({ blocks: [{ type: "single", key: "s", label: en("s"), options }] })).toContain(
      "blocks.0.options.1.value",
    );
  });
});
