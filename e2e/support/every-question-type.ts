import { ModuleDefinition, type ModuleDefinitionT } from "@/lib/schemas/module-definition";

const en = (s: string) => ({ en: s });

/** One question of every type, and a content block (not answerable): the answer checks' fixture. */
export const EVERY_QUESTION_TYPE: ModuleDefinitionT = ModuleDefinition.parse({
  blocks: [
    { type: "text", body: en("Read this first.") },
    {
      type: "single",
      key: "mood",
      label: en("Mood"),
      options: [
        { value: "low", label: en("Low") },
        { value: "high", label: en("High") },
      ],
    },
    {
      type: "multiple",
      key: "helped",
      label: en("What helped?"),
      required: false,
      maxChoices: 2,
      options: [
        { value: "walk", label: en("A walk") },
        { value: "call", label: en("A call") },
        { value: "rest", label: en("Rest") },
      ],
    },
    {
      type: "scale",
      key: "sleep",
      label: en("Sleep"),
      points: [
        { value: 0, label: en("Bad") },
        { value: 1, label: en("Fair") },
        { value: 2, label: en("Good") },
      ],
    },
    { type: "number", key: "hours", label: en("Hours"), min: 0, max: 12, step: 0.5, required: false },
    { type: "shortText", key: "word", label: en("One word"), maxLength: 5, required: false },
    { type: "longText", key: "diary", label: en("Diary"), maxLength: 20 },
    { type: "date", key: "when", label: en("When"), required: false },
    { type: "time", key: "bedtime", label: en("Bedtime"), required: false },
  ],
});
