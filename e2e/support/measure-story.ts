// A client's weekly PHQ-9 over three sessions, as the server stores it at submit: answers to every
// question of the definition, and the score, band, subscales and alerts that scoreAnswers computes
// from them. Everything a test asserts is derived from the definition (PHQ9.definition), so the tests
// hold whichever version of the instrument the library ships.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { PHQ9 } from "@/lib/library/measures";
import { scoreAnswers, type Alert } from "@/lib/modules/score-answers";
import { isQuestion, type ModuleDefinitionT, type QuestionT } from "@/lib/schemas/module-definition";
import { makeBook, makeSession } from "@/prisma/factories";

const DAY = 24 * 3600 * 1000;

/** How strongly a week's answers lean: the first, middle or last point of every scale. */
export type Level = "low" | "mid" | "high";

const pick = <T>(xs: T[], level: Level): T => {
  const i = level === "low" ? 0 : level === "high" ? xs.length - 1 : Math.floor((xs.length - 1) / 2);
  const x = xs[i];
  if (x === undefined) throw new Error("a question without choices");
  return x;
};

/** The answer a question gets at a level (the alert question at its highest point when alerted). */
function answerOf(q: QuestionT, level: Level): string | number | string[] {
  switch (q.type) {
    case "scale":
      return pick(q.points, level).value;
    case "single":
      return pick(q.options, level).value;
    case "multiple":
      return [pick(q.options, level).value];
    case "number":
      return q.min;
    case "date":
      return "2026-11-20";
    case "time":
      return "23:15";
    case "shortText":
    case "longText":
      return "Slept badly most nights";
  }
}

/** The definition's first alert rule on a question, else one on its last scored item (the stub has none yet). */
export function alertRule(def: ModuleDefinitionT) {
  const s = def.scoring;
  if (!s) throw new Error("not a test");
  const rule = s.alerts.find((a) => a.question !== undefined);
  if (rule?.question !== undefined) return { ...rule, question: rule.question };
  const question = s.items[s.items.length - 1];
  if (!question) throw new Error("a test without items");
  return {
    question,
    above: 0,
    urgent: true,
    message: { en: `Answer to ${question} above 0: check on safety today.` },
  };
}

/** A week's answers by question key, with the score, band and alerts the server computes from them. */
export function weekOf(def: ModuleDefinitionT, level: Level, alerted: boolean) {
  const rule = alertRule(def);
  const answers = new Map<string, string | number | string[]>();
  for (const q of def.blocks.filter(isQuestion))
    answers.set(q.key, answerOf(q, q.key === rule.question ? (alerted ? "high" : "low") : level));
  const scored = scoreAnswers(def, answers);
  if (!scored) throw new Error("not a test");
  const value = answers.get(rule.question);
  const alerts: Alert[] =
    alerted && scored.alerts.length === 0 && typeof value === "number"
      ? [{ question: rule.question, value, urgent: rule.urgent, message: rule.message }]
      : scored.alerts;
  return { answers, ...scored, alerts };
}

export type Week = ReturnType<typeof weekOf> & { sessionId: number; assignmentId: number; title: string };

/**
 * Three weekly sessions of the client with the caregiver, each with a PHQ-9 submitted: high (closed),
 * mid (closed), then low but with the alert (running, feedback waiting). The module is the clinic's
 * copy of the library's PHQ-9 (libraryKey).
 */
export async function buildPhq9Story(
  db: PrismaClient,
  w: { u: string; clinic: { id: number }; client: { id: number }; carer: { id: number } },
  definition: ModuleDefinitionT = PHQ9.definition,
) {
  const book = await makeBook(db, {
    clinicId: w.clinic.id,
    name: `Measures ${w.u}`,
    modules: [{ name: PHQ9.name, definition }],
  });
  const [phq] = book.modules;
  if (!phq) throw new Error("no module");
  await db.module.update({ where: { id: phq.id }, data: { libraryKey: PHQ9.key } });
  const plan: [Level, boolean, boolean][] = [
    ["high", false, true],
    ["mid", false, true],
    ["low", true, false],
  ];
  const weeks: Week[] = [];
  for (const [i, [level, alerted, closed]] of plan.entries()) {
    const week = weekOf(definition, level, alerted);
    const title = `PHQ week ${String(i + 1)} ${w.u}`;
    const s = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title,
      startAt: new Date(Date.now() - (3 - i) * 7 * DAY + DAY),
      closed,
      assignments: [
        {
          bookId: book.id,
          moduleId: phq.id,
          status: "COMPLETE",
          feedbackStatus: closed ? "GIVEN" : "WAITING",
          score: week.score,
          // The alerted week is submitted last of everything waiting: first only because of its alert.
          submittedAfterDays: closed ? 1 : 5.9,
        },
      ],
    });
    const [assignmentId] = s.assignmentIds;
    if (assignmentId === undefined) throw new Error("no assignment");
    // The server's submit: the answers replace the factory's placeholder, and the result is stored.
    await db.answer.deleteMany({ where: { assignmentId } });
    await db.answer.createMany({
      data: [...week.answers].map(([questionKey, value]) => ({ assignmentId, questionKey, value })),
    });
    await db.assignment.update({
      where: { id: assignmentId },
      data: { score: week.score, band: week.band, subscales: week.subscales, alerts: week.alerts },
    });
    weeks.push({ ...week, sessionId: s.id, assignmentId, title });
  }
  return { book, module: phq, weeks, definition };
}
