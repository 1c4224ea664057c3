import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { mergeTold, savedAnswerAlerts } from "@/lib/modules/score-answers";
import { definitionOf } from "@/lib/results/answer-words";
import { keepEarlierAlertReviewSql, REVIEW_COLUMNS_SQL } from "@/lib/results/earlier-alert-reviews";
import { storedAlerts } from "@/lib/results/stored-result";
import { nowSql } from "@/lib/db/database-clock";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TaskPayload } from "../tasks";
import { tellCareTeamOfAlert } from "./alert-notice";

const Row = z.object({
  status: z.string(),
  alerts: z.unknown(),
  definition: z.unknown(),
  sessionId: z.number(),
  clientId: z.number(),
  clinicId: z.number(),
});

/**
 * Answers a client saved without submitting, SAVED_ALERT_MINUTES after a save raised an urgent
 * alert: if the answers saved now still raise one and the client has not submitted, the alerts
 * are stored on the assignment as the care team will see them (with the answers as they are now,
 * which a later save may change) and the care team is told as of a submit, escalation included.
 * Told again only of answers worse than those they were told of (a rule not raised then, an answer
 * further beyond its rule): the alerts are stored anew and need a review again. Under the session's
 * lock, as the save and the submit: a submit waits for this and then replaces the alerts with its own.
 */
export async function savedAlert({ assignmentId }: TaskPayload<"saved-alert">): Promise<void> {
  await db().$transaction(async (tx) => {
    // The lock in a statement of its own: the read after it sees a submit that committed while
    // this waited (a statement sees the rows as they were when it began).
    await tx.$queryRaw`
      select s.id from "Assignment" a join "Session" s on s.id = a."sessionId" where a.id = ${assignmentId}
         for no key update of s`;
    const rows = await tx.$queryRaw<unknown[]>`
      select a.status::text as status, a.alerts, v.definition, s.id as "sessionId", s."clientId", s."clinicId"
        from "Assignment" a join "Session" s on s.id = a."sessionId" join "ModuleVersion" v on v.id = a."moduleVersionId"
       where a.id = ${assignmentId}`;
    const row = z.array(Row).parse(rows)[0];
    if (!row || row.status === "COMPLETE") return;
    const saved = await tx.autoSaveAnswer.findMany({
      where: { assignmentId },
      select: { questionKey: true, value: true },
    });
    const definition = definitionOf(row.definition);
    const answers = new Map(saved.map((a) => [a.questionKey, a.value]));
    const told = storedAlerts(row.alerts);
    const again = told.length > 0;
    const first = again ? null : savedAnswerAlerts(definition, answers);
    const merged = again ? mergeTold(definition, answers, told) : null;
    const alerts = merged?.alerts ?? first ?? [];
    if (merged ? merged.worse.length === 0 : !alerts.some((a) => a.urgent)) return;
    // A review or an escalation was of the alerts told before: these are for a review of their own.
    // The review kept (clearedAt) at the moment the new alerts are stored, in the same statement.
    // The update reads `target`, so the row is locked and read before it is changed: an insert
    // no query reads runs after the update, and would find the row changed by this statement.
    const keep = Prisma.raw(keepEarlierAlertReviewSql("target", "(select now from t)"));
    await tx.$executeRaw`
      with t as materialized (select ${nowSql} as now),
           target as (select a.id, ${Prisma.raw(REVIEW_COLUMNS_SQL("a"))} from "Assignment" a
                       where a.id = ${assignmentId} for no key update),
           kept as (${keep})
      update "Assignment" a set alerts = ${JSON.stringify(alerts)}::jsonb, "alertsAt" = t.now, "updatedAt" = t.now,
             "alertReviewedAt" = null, "alertReviewerId" = null, "alertEscalatedAt" = null,
             "alertDutyToldAt" = null
        from t, target where a.id = target.id`;
    await tellCareTeamOfAlert(
      tx,
      assignmentId,
      { id: row.sessionId, clientId: row.clientId, clinicId: row.clinicId },
      "saved",
      again,
    );
  });
}
