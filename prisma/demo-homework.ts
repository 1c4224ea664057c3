// Writing the demo world's homework: assignments of a clinic's library copies with real answers,
// scored exactly as the server scores a submission (scoreAnswers over the assignment's version).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AssignmentStatus } from "@/lib/generated/prisma/enums";
import { savedAnswerAlerts, scoreAnswers } from "@/lib/modules/score-answers";
import {
  type AnswerValue,
  isQuestion,
  ModuleDefinition,
  type ModuleDefinitionT,
  type QuestionT,
} from "@/lib/schemas/module-definition";

const DAY = 24 * 3600 * 1000;

/** A clinic's copy of a library module, at its current version. */
export type LibraryCopy = { bookId: number; moduleId: number; versionId: number; definition: ModuleDefinitionT };

/** The clinic's copies of the library's modules, by library key. */
export async function libraryCopies(p: PrismaClient, clinicId: number): Promise<Map<string, LibraryCopy>> {
  const rows = await p.module.findMany({
    where: { book: { clinicId }, libraryKey: { not: null } },
    select: {
      id: true,
      bookId: true,
      libraryKey: true,
      versions: { select: { id: true, definition: true }, orderBy: { version: "desc" }, take: 1 },
    },
  });
  const copies = new Map<string, LibraryCopy>();
  for (const r of rows) {
    const [v] = r.versions;
    if (!v || !r.libraryKey) continue;
    copies.set(r.libraryKey, {
      bookId: r.bookId,
      moduleId: r.id,
      versionId: v.id,
      definition: ModuleDefinition.parse(v.definition),
    });
  }
  return copies;
}

export type Answers = Record<string, AnswerValue>;

const nearest = (values: number[], v: number) =>
  values.reduce((best, x) => (Math.abs(x - v) < Math.abs(best - v) ? x : best), values[0] ?? v);

/**
 * A measure's answers from its item values in the order of `scoring.items` (PHQ-9 items 1 to 9).
 * Other required questions (such as PHQ-9's question on how difficult the problems made life) get
 * the option as far along its list as the total is along the range, as a person would answer.
 */
export function measureAnswers(d: ModuleDefinitionT, items: number[]): Answers {
  const s = d.scoring;
  if (!s) throw new Error("the demo gives item values to a module that is not a measure");
  const questions = new Map(d.blocks.filter(isQuestion).map((q) => [q.key, q]));
  const answers: Answers = {};
  s.items.forEach((key, i) => {
    const q = questions.get(key);
    const v = items[i] ?? 0;
    if (q?.type === "scale")
      answers[key] = nearest(
        q.points.map((p) => p.value),
        v,
      );
    if (q?.type === "single") {
      const o = q.options.find(
        (x) =>
          x.score ===
          nearest(
            q.options.map((y) => y.score ?? 0),
            v,
          ),
      );
      if (o) answers[key] = o.value;
    }
  });
  const total = items.reduce((a, b) => a + b, 0);
  const share = Math.min(1, Math.max(0, total / (s.range.max / s.multiplier || 1)));
  for (const q of questions.values()) if (!(q.key in answers) && q.required) answers[q.key] = filler(q, share);
  return answers;
}

function filler(q: QuestionT, share: number): AnswerValue {
  const pick = <T>(xs: T[]) => xs[Math.round(share * (xs.length - 1))];
  switch (q.type) {
    case "single":
      return pick(q.options)?.value ?? "";
    case "multiple":
      return [q.options[0]?.value ?? ""];
    case "scale":
      return pick(q.points)?.value ?? 0;
    case "number":
      return q.min;
    case "date":
      return "2026-01-01";
    case "time":
      return "22:30";
    default:
      return "-";
  }
}

/** Answers written for an exercise: every key must be one of its questions. */
function checked(copy: LibraryCopy, key: string, answers: Answers): Answers {
  const keys = new Set(copy.definition.blocks.filter(isQuestion).map((q) => q.key));
  const unknown = Object.keys(answers).filter((k) => !keys.has(k));
  if (unknown.length) throw new Error(`the demo answers ${key} with unknown questions ${unknown.join(", ")}`);
  return answers;
}

export type Homework = {
  /** The library key of the module. */
  module: string;
  status?: AssignmentStatus;
  /** Item values of a measure, in item order. */
  items?: number[];
  /** Answers of an exercise (complete: submitted; in progress: autosaved so far). */
  answers?: Answers;
  /** The care team's feedback (given); a complete assignment without it waits for feedback. */
  feedback?: string;
  submittedAfterDays?: number;
};

/** Writes a session's homework as the product would have stored it. */
export async function writeHomework(
  p: PrismaClient,
  copies: Map<string, LibraryCopy>,
  session: { id: number; startAt: Date; caregiverId: number },
  homework: Homework[],
) {
  const { clientId } = await p.session.findUniqueOrThrow({ where: { id: session.id }, select: { clientId: true } });
  for (const [i, h] of homework.entries()) {
    const copy = copies.get(h.module);
    if (!copy) throw new Error(`the demo clinic has no copy of ${h.module}`);
    const status = h.status ?? "PENDING";
    const answers = h.items ? measureAnswers(copy.definition, h.items) : checked(copy, h.module, h.answers ?? {});
    const complete = status === "COMPLETE";
    const submittedAt = complete ? new Date(session.startAt.getTime() + (h.submittedAfterDays ?? 1 + i) * DAY) : null;
    const feedbackStatus = !complete ? "NONE" : h.feedback ? "GIVEN" : "WAITING";
    // A change is measured from the client's previous and first scores on the module, as the
    // submit does.
    const before = (at: Date, order: "asc" | "desc") =>
      p.assignment.findFirst({
        where: {
          moduleId: copy.moduleId,
          status: "COMPLETE",
          score: { not: null },
          submittedAt: { lt: at },
          session: { clientId },
        },
        orderBy: [{ submittedAt: order }, { id: order }],
        select: { score: true },
      });
    const [previous, first] = submittedAt
      ? [(await before(submittedAt, "desc"))?.score, (await before(submittedAt, "asc"))?.score]
      : [];
    const history = typeof previous === "number" && typeof first === "number" ? { previous, first } : null;
    const scored = complete ? scoreAnswers(copy.definition, new Map(Object.entries(answers)), history) : null;
    // Feedback half a day after the submission (never later than now), the same moment on the
    // assignment and on the feedback the client reads.
    const feedbackAt =
      feedbackStatus === "GIVEN" && submittedAt
        ? new Date(Math.min(Date.now(), submittedAt.getTime() + DAY / 2))
        : null;
    const row = await p.assignment.create({
      data: {
        sessionId: session.id,
        bookId: copy.bookId,
        moduleId: copy.moduleId,
        moduleVersionId: copy.versionId,
        status,
        feedbackStatus,
        assignedAt: new Date(session.startAt.getTime() + i * 60_000),
        startAt: session.startAt,
        submittedAt,
        feedbackSubmitAt: feedbackAt,
        score: scored?.score ?? null,
        band: scored?.band ?? null,
        subscales: scored ? scored.subscales : undefined,
        alerts: scored?.alerts ?? [],
        // A submission stores its alerts, if any, at its own moment (lib/assignments/submit-assignment.ts).
        alertsAt: complete ? submittedAt : null,
      },
      select: { id: true },
    });
    const rows = Object.entries(answers).map(([questionKey, value]) => ({ assignmentId: row.id, questionKey, value }));
    if (complete) await p.answer.createMany({ data: rows.map((r) => ({ ...r, createdAt: submittedAt ?? undefined })) });
    if (status === "IN_PROGRESS") await p.autoSaveAnswer.createMany({ data: rows });
    if (h.feedback && complete)
      await p.feedback.create({
        data: {
          kind: "ASSIGNMENT",
          sessionId: session.id,
          assignmentId: row.id,
          caregiverId: session.caregiverId,
          text: h.feedback,
          createdAt: feedbackAt ?? undefined,
        },
      });
  }
}

/**
 * A worrying answer saved, told to the care team an hour later, then taken back at the submit of
 * the session's `module` before anyone looked: the alerts kept as the saved-alert job and the submit
 * keep them (docs/notifications.md, "Earlier alerts still to review"), waiting for a review.
 */
export async function writeTakenBackAlert(
  p: PrismaClient,
  lib: Map<string, LibraryCopy>,
  sessionId: number,
  module: string,
  saved: Answers,
) {
  const copy = lib.get(module);
  if (!copy) throw new Error(`the clinic has no copy of ${module}`);
  const submitted = await p.assignment.findFirstOrThrow({
    where: { sessionId, moduleId: copy.moduleId, status: "COMPLETE" },
    select: { id: true, submittedAt: true },
  });
  const clearedAt = submitted.submittedAt ?? new Date();
  await p.earlierAlertReview.create({
    data: {
      assignmentId: submitted.id,
      // Each with the answer as it was saved, as the saved-alert job stores it (read from `saved`,
      // where it is typed as the JSON it is).
      alerts: savedAnswerAlerts(copy.definition, new Map(Object.entries(saved))).map((a) => ({
        ...a,
        answer: saved[a.question] ?? null,
      })),
      alertsAt: new Date(clearedAt.getTime() - DAY / 24),
      clearedAt,
    },
  });
}
