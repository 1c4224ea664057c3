import { expect } from "vitest";
import { makeSession } from "@/prisma/factories";
import { api, db, type World } from "./world";

// The alert tests' homework, made and submitted here once: the world's second book's QUIZ (q2 above
// 8 raises an urgent alert), and the clinic's copies of the library's measures.

/** A new session of the world's client, titled `title`, holding one pending assignment of `module`. */
export async function assignmentOf(w: World, module: { bookId: number; id: number }, title: string) {
  const s = await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: w.client.id,
    caregiverId: w.caregiver.id,
    title,
    startAt: new Date(),
    assignments: [{ bookId: module.bookId, moduleId: module.id }],
  });
  const id = s.assignmentIds[0];
  if (id === undefined) throw new Error("no assignment made");
  return { sessionId: s.id, id };
}

/** A new session of the world's client holding one pending QUIZ. */
export function quizAssignment(w: World, title: string) {
  const quiz = w.book2.modules[1];
  if (!quiz) throw new Error("the world's second book has no quiz");
  return assignmentOf(w, { bookId: w.book2.id, id: quiz.id }, title);
}

/** The client submits the quiz assignment `id` with q1 at 4 and q2 at `q2`. */
export async function submitQuizAnswers(w: World, id: number, q2: number) {
  const r = await api(`/gateway/profile/client/assignment/${String(id)}/submit`, {
    token: await w.token("client"),
    body: {
      answers: [
        { questionKey: "q1", value: 4 },
        { questionKey: "q2", value: q2 },
      ],
    },
  });
  expect(r.status, r.text).toBe(200);
}

/** A new assignment of the clinic's copy of a library measure (`phq-9`…), in a session of its own. */
export async function measureAssignment(w: World, libraryKey: string) {
  const measure = await db.module.findFirstOrThrow({
    where: { libraryKey, book: { clinicId: w.clinic.id } },
    select: { id: true, bookId: true },
  });
  return (await assignmentOf(w, measure, `${libraryKey} ${w.u}`)).id;
}

/** The client submits the measure assignment `id`, items item1… with these values; the answer. */
export const submitMeasureItems = async (w: World, id: number, values: number[]) =>
  api(`/gateway/profile/client/assignment/${String(id)}/submit`, {
    token: await w.token("client"),
    body: { answers: values.map((value, i) => ({ questionKey: `item${String(i + 1)}`, value })) },
  });

/**
 * The client submits a new assignment of a library measure with these item values; its id and its
 * result as the caregiver reads it.
 */
export async function submitMeasure(w: World, libraryKey: string, values: number[]) {
  const id = await measureAssignment(w, libraryKey);
  const r = await submitMeasureItems(w, id, values);
  expect(r.status, r.text).toBe(200);
  const result = await api(`/gateway/profile/caregiver/assignment/${String(id)}/result`, {
    token: await w.token("carer"),
  });
  return { id, result };
}
