import { ACTIVITY_SCHEDULING } from "./exercises/activity-scheduling";
import { EXPOSURE_PRACTICE } from "./exercises/exposure-practice";
import { FEAR_LADDER } from "./exercises/fear-ladder";
import { HOW_ANXIETY_WORKS } from "./exercises/how-anxiety-works";
import { HOW_CBT_HOMEWORK_WORKS } from "./exercises/how-cbt-homework-works";
import { RELAPSE_PREVENTION } from "./exercises/relapse-prevention";
import { SLEEP_DIARY } from "./exercises/sleep-diary";
import { THOUGHT_RECORD } from "./exercises/thought-record";
import { VALUES } from "./exercises/values";
import { GAD7, PCL5, PHQ9, WHO5 } from "./measures";
import type { LibraryBook } from "./types";

/**
 * The library that ships with the product, in books: every new clinic starts with its own editable
 * copy of each (lib/library/copy-library.ts). Keys are stable across releases; a clinic's copy
 * remembers them (Book.libraryKey, Module.libraryKey). A module belongs to one book.
 */
export const LIBRARY_BOOKS: LibraryBook[] = [
  {
    key: "getting-started",
    name: "Getting started",
    nameFr: "Pour commencer",
    description: "How therapy homework works, and a plan for fitting it into the week.",
    modules: [HOW_CBT_HOMEWORK_WORKS],
  },
  {
    key: "measures-depression-anxiety",
    name: "Measures: depression and anxiety",
    nameFr: "Questionnaires : dépression et anxiété",
    description: "PHQ-9 and GAD-7, scored by the server: assign them weekly to follow symptoms over the sessions.",
    modules: [PHQ9, GAD7],
  },
  {
    key: "measures-trauma",
    name: "Trauma",
    nameFr: "Stress post-traumatique",
    description: "PCL-5: symptoms of post-traumatic stress over the past month, scored 0–80.",
    modules: [PCL5],
  },
  {
    key: "measures-wellbeing",
    name: "Wellbeing",
    nameFr: "Bien-être",
    description: "WHO-5 wellbeing index: 0–100, higher is better.",
    modules: [WHO5],
  },
  {
    key: "thoughts",
    name: "Thoughts and feelings",
    nameFr: "Pensées et émotions",
    description: "Cognitive restructuring: catching automatic thoughts and weighing the evidence.",
    modules: [THOUGHT_RECORD],
  },
  {
    key: "behavioural-activation",
    name: "Behavioural activation",
    nameFr: "Activation comportementale",
    description: "Values and activity scheduling: doing more of what matters, whatever the mood.",
    modules: [VALUES, ACTIVITY_SCHEDULING],
  },
  {
    key: "anxiety-exposure",
    name: "Anxiety and exposure",
    nameFr: "Anxiété et exposition",
    description: "How anxiety works, a fear ladder, and a record for each exposure practice.",
    modules: [HOW_ANXIETY_WORKS, FEAR_LADDER, EXPOSURE_PRACTICE],
  },
  {
    key: "sleep",
    name: "Sleep",
    nameFr: "Sommeil",
    description: "A nightly sleep diary (Consensus Sleep Diary core questions), the start of CBT for insomnia.",
    modules: [SLEEP_DIARY],
  },
  {
    key: "staying-well",
    name: "Staying well",
    nameFr: "Maintenir les acquis",
    description: "A relapse prevention plan for the end of therapy.",
    modules: [RELAPSE_PREVENTION],
  },
];
