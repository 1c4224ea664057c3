import "server-only";
import type { ClientScope } from "@/lib/auth/scope";
import { recordRead } from "@/lib/audit/record-read";
import { formatDate } from "@/lib/dates";
import { db } from "@/lib/db/prisma";
import { AppError, notFound } from "@/lib/errors";
import { nameInLanguage } from "@/lib/i18n/name-in-language";
import { log } from "@/lib/log";
import { ModuleDefinition } from "@/lib/schemas/module-definition";
import type { OwnAssignmentDetailBody } from "@/lib/schemas/own-assignment";
import { mapFeedback } from "@/lib/sessions/map-feedback";

/**
 * One of the client's own assignments with what its module version asks, the answers saved so far
 * (the submitted ones once complete) and the care team's feedback, its module's and book's names in
 * the client's language; 404 for anyone else's. The scoring section stays with the care team: the
 * client is shown what is asked, not how it counts.
 * The read is recorded in the clinic's audit log, as the client's own list records it.
 */
export async function readOwnAssignment(
  scope: ClientScope,
  id: number,
  offset: number,
): Promise<OwnAssignmentDetailBody> {
  const a = await db().assignment.findFirst({
    where: { id, session: { clientId: scope.clientId, clinicId: scope.clinicId } },
    select: {
      id: true,
      status: true,
      feedbackStatus: true,
      dueAt: true,
      submittedAt: true,
      feedbackSubmitAt: true,
      module: { select: { name: true, nameFr: true } },
      book: { select: { name: true, nameFr: true } },
      moduleVersion: { select: { definition: true } },
      session: {
        select: {
          id: true,
          clinicId: true,
          title: true,
          startAt: true,
          closedAt: true,
          client: { select: { language: true } },
        },
      },
      answers: { select: { questionKey: true, value: true }, orderBy: { id: "asc" } },
      autoSaveAnswers: { select: { questionKey: true, value: true }, orderBy: { id: "asc" } },
      feedbacks: {
        select: {
          id: true,
          kind: true,
          sessionId: true,
          assignmentId: true,
          caregiverId: true,
          caregiver: { select: { name: true } },
          text: true,
          score: true,
          createdAt: true,
        },
        orderBy: { id: "asc" },
      },
    },
  });
  if (!a) throw notFound("assignment");
  const parsed = ModuleDefinition.safeParse(a.moduleVersion.definition);
  if (!parsed.success) {
    // Stored definitions are checked when written; one that no longer parses is our fault, not the client's.
    log.error({ assignmentId: a.id }, "stored module definition does not parse");
    throw new AppError("internal", "the assignment's module cannot be shown");
  }
  await recordRead(scope, "READ_SESSION", a.session.clinicId, a.session.id);
  const complete = a.status === "COMPLETE";
  return {
    id: a.id,
    name: nameInLanguage(a.module, a.session.client.language),
    bookName: nameInLanguage(a.book, a.session.client.language),
    sessionId: a.session.id,
    sessionTitle: a.session.title,
    sessionStartDate: formatDate(a.session.startAt, offset),
    dueDate: formatDate(a.dueAt, offset),
    status: a.status,
    feedbackStatus: a.feedbackStatus,
    submitDate: formatDate(a.submittedAt, offset),
    feedbackSubmitDate: formatDate(a.feedbackSubmitAt, offset),
    canChange: !complete && a.session.closedAt === null,
    definition: { blocks: parsed.data.blocks, ...(parsed.data.source ? { source: parsed.data.source } : {}) },
    answers: (complete ? a.answers : a.autoSaveAnswers).map((x) => ({ questionKey: x.questionKey, value: x.value })),
    feedbacks: a.feedbacks.map((f) =>
      mapFeedback(
        {
          id: f.id,
          kind: f.kind,
          sessionId: f.sessionId,
          assignmentId: f.assignmentId,
          caregiverId: f.caregiverId,
          caregiverName: f.caregiver.name,
          text: f.text,
          score: f.score,
          createdAt: f.createdAt.getTime(),
        },
        offset,
      ),
    ),
  };
}
