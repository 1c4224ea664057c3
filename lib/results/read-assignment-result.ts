import "server-only";
import type { ScopeOf } from "@/lib/auth/scope";
import { recordRead } from "@/lib/audit/record-read";
import { db } from "@/lib/db/prisma";
import { formatDate } from "@/lib/dates";
import { notFound } from "@/lib/errors";
import { bandOf, definitionOf, resolveAnswers, resultAlerts } from "@/lib/results/answer-words";
import { ALERT_REVIEW_SELECT, alertReviewOf } from "@/lib/results/alert-review";
import { EARLIER_ALERT_REVIEWS_SELECT, earlierAlertReviewsOf } from "@/lib/results/earlier-alert-reviews";
import { sleepSummary } from "@/lib/results/sleep-summary";
import { storedAlerts, storedSubscales } from "@/lib/results/stored-result";
import type { AssignmentResultBody } from "@/lib/schemas/results";
import { sessionParty } from "@/lib/sessions/session-party";

/**
 * One assignment's answers in words, read against the version it was given, with the score, band,
 * subscales and alerts the server computed at submit. For the care team and the clinic's staff, as
 * the session read; an audited read of the session's health data.
 */
export async function readAssignmentResult(
  scope: ScopeOf<"CAREGIVER" | "CLINIC">,
  id: number,
  offset: number,
): Promise<AssignmentResultBody> {
  const a = await db().assignment.findFirst({
    where: {
      id,
      session: sessionParty(scope),
    },
    select: {
      id: true,
      status: true,
      submittedAt: true,
      score: true,
      band: true,
      subscales: true,
      alerts: true,
      ...ALERT_REVIEW_SELECT,
      ...EARLIER_ALERT_REVIEWS_SELECT,
      session: { select: { id: true, clinicId: true, clientId: true } },
      module: { select: { id: true, name: true } },
      moduleVersion: { select: { version: true, definition: true, isTest: true } },
      answers: { select: { questionKey: true, value: true }, orderBy: { id: "asc" } },
      autoSaveAnswers: { select: { questionKey: true, value: true }, orderBy: { id: "asc" } },
    },
  });
  if (!a) throw notFound("assignment");
  await recordRead(scope, "READ_SESSION", a.session.clinicId, a.session.id);

  const def = definitionOf(a.moduleVersion.definition);
  const scoring = def.scoring;
  const subscales = storedSubscales(a.subscales);
  const alerts = storedAlerts(a.alerts);
  // Submitting replaces the autosaved answers (decisions.md): the submitted ones once COMPLETE.
  const given = a.status === "COMPLETE" ? a.answers : a.autoSaveAnswers;
  return {
    assignmentId: a.id,
    sessionId: a.session.id,
    clientId: a.session.clientId,
    moduleId: a.module.id,
    moduleName: a.module.name,
    version: a.moduleVersion.version,
    status: a.status,
    submitDate: formatDate(a.submittedAt, offset),
    isTest: a.moduleVersion.isTest,
    score: a.score,
    band: bandOf(scoring?.bands ?? [], a.score, a.band),
    range: scoring?.range ?? null,
    bands: scoring?.bands ?? [],
    subscales: (scoring?.subscales ?? []).flatMap((s) => {
      const score = subscales[s.key];
      return score === undefined ? [] : [{ key: s.key, label: s.label, score }];
    }),
    alerts: resultAlerts(def, alerts, given),
    alertReview: alerts.length > 0 ? alertReviewOf(a, offset) : null,
    earlierAlertReviews: earlierAlertReviewsOf(a.earlierReviews, def, offset),
    answers: resolveAnswers(def, given),
    // The night once submitted: answers in progress may be half a night.
    sleep: a.status === "COMPLETE" ? sleepSummary(new Map(given.map((g) => [g.questionKey, g.value]))) : null,
  };
}
