import { describe, expect, it } from "vitest";
import type { ModuleDefinitionT } from "@/lib/schemas/module-definition";
import { bandOf, resolveAnswers } from "./answer-words";

const def: ModuleDefinitionT = {
  blocks: [
    { type: "text", body: { en: "Read this first." } },
    {
      type: "single",
      key: "mood",
      label: { en: "Mood today", fr: "Humeur du jour" },
      required: true,
      options: [
        { value: "low", label: { en: "Low", fr: "Basse" } },
        { value: "ok", label: { en: "OK" } },
      ],
    },
    {
      type: "multiple",
      key: "help",
      label: { en: "What helped" },
      required: false,
      options: [
        { value: "walk", label: { en: "A walk", fr: "Une marche" } },
        { value: "call", label: { en: "A call" } },
      ],
    },
    {
      type: "scale",
      key: "sleep",
      label: { en: "Sleep" },
      required: true,
      points: [
        { value: 0, label: { en: "Not at all" } },
        { value: 3, label: { en: "Nearly every day" } },
      ],
    },
    { type: "number", key: "hours", label: { en: "Hours" }, required: true, min: 0, max: 24, unit: { en: "h" } },
    { type: "longText", key: "notes", label: { en: "Notes" }, required: false, maxLength: 5000 },
    { type: "date", key: "day", label: { en: "Day" }, required: false },
  ],
};

describe("resolveAnswers", () => {
  it("reads each answer as its question and chosen labels, in the definition's order, never a key", () => {
    const out = resolveAnswers(def, [
      { questionKey: "hours", value: 7 },
      { questionKey: "sleep", value: 3 },
      { questionKey: "mood", value: "low" },
      { questionKey: "help", value: ["walk", "call"] },
      { questionKey: "day", value: "2026-11-20" },
    ]);
    expect(out).toEqual([
      {
        questionKey: "mood",
        question: { en: "Mood today", fr: "Humeur du jour" },
        type: "single",
        value: "low",
        answer: { en: "Low", fr: "Basse" },
      },
      {
        questionKey: "help",
        question: { en: "What helped" },
        type: "multiple",
        value: ["walk", "call"],
        answer: { en: "A walk, A call", fr: "Une marche, A call" },
      },
      { questionKey: "sleep", question: { en: "Sleep" }, type: "scale", value: 3, answer: { en: "Nearly every day" } },
      { questionKey: "hours", question: { en: "Hours" }, type: "number", value: 7, answer: { en: "7 h" } },
      { questionKey: "notes", question: { en: "Notes" }, type: "longText", value: null, answer: null },
      { questionKey: "day", question: { en: "Day" }, type: "date", value: "2026-11-20", answer: { en: "2026-11-20" } },
    ]);
  });

  it("keeps answers to keys the version does not ask, labelled by their key, and values it does not offer as they are", () => {
    const out = resolveAnswers(def, [
      { questionKey: "mood", value: "gone" },
      { questionKey: "q1", value: { text: "Submitted answer" } },
    ]);
    expect(out[0]).toMatchObject({ questionKey: "mood", answer: { en: "gone" } });
    expect(out.at(-1)).toEqual({
      questionKey: "q1",
      question: { en: "q1" },
      type: null,
      value: { text: "Submitted answer" },
      answer: { en: "Submitted answer" },
    });
  });
});

describe("bandOf", () => {
  const bands = [
    { min: 0, max: 4, label: { en: "Minimal" } },
    { min: 5, max: 9, label: { en: "Mild" } },
  ];
  it("names the band stored at submit, else the one whose range holds the score, and none without a score", () => {
    expect(bandOf(bands, 7, "Mild")?.label.en).toBe("Mild");
    expect(bandOf(bands, 3, null)?.label.en).toBe("Minimal");
    expect(bandOf(bands, null, "Mild")).toBeNull();
  });
});
