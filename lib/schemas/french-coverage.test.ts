import { describe, expect, it } from "vitest";
import { frenchCoverage } from "./french-coverage";
import { ModuleDefinition } from "./module-definition";

const definition = ModuleDefinition.parse({
  blocks: [
    { type: "text", body: { en: "Read this first.", fr: "Lisez d’abord ceci." } },
    {
      type: "scale",
      key: "mood",
      label: { en: "How was your mood?" },
      points: [
        { value: 0, label: { en: "0" } },
        { value: 1, label: { en: "Low", fr: "Bas" } },
        { value: 2, label: { en: "High" } },
      ],
    },
    {
      type: "number",
      key: "hours",
      label: { en: "Hours slept", fr: "Heures de sommeil" },
      min: 0,
      max: 24,
      unit: { en: "h" },
    },
  ],
  scoring: {
    items: ["mood"],
    range: { min: 0, max: 2 },
    bands: [{ min: 0, max: 2, label: { en: "Any", fr: "Tout" } }],
    alerts: [{ question: "mood", below: 1, urgent: false, message: { en: "Low mood" } }],
  },
});

describe("frenchCoverage", () => {
  it("names every text of the blocks written in English with a letter and no French, in order; the scoring's are the care team's", () => {
    expect(frenchCoverage(definition)).toEqual({
      texts: 6,
      missing: ["blocks.1.label", "blocks.1.points.2.label", "blocks.2.unit"],
    });
  });

  it("counts French of blanks alone as not written, and a text without letters as nothing to translate", () => {
    const only = (en: string, fr?: string) => frenchCoverage({ blocks: [{ type: "text", body: { en, fr } }] });
    expect(only("Été", " \n")).toEqual({ texts: 1, missing: ["blocks.0.body"] });
    expect(only("Été", "Summer in French")).toEqual({ texts: 1, missing: [] });
    expect(only("10 % – 1–3")).toEqual({ texts: 0, missing: [] });
    expect(only("")).toEqual({ texts: 0, missing: [] });
  });
});
