import { isQuestion, type ModuleDefinitionT, type QuestionT } from "@/lib/schemas/module-definition";

/** Whether a value counts as an answer: not empty text, not an empty choice list, not absent. */
export const isAnswered = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  !(typeof value === "string" && value.trim() === "") &&
  !(Array.isArray(value) && value.length === 0);

/** The required questions of a module without an answer, in the module's order. */
export const unansweredRequired = (definition: ModuleDefinitionT, answers: Record<string, unknown>): QuestionT[] =>
  definition.blocks.filter(isQuestion).filter((q) => q.required && !isAnswered(answers[q.key]));
