import "server-only";
import { z } from "zod";
import { pages } from "@/lib/api-client/paths";
import { ACCOUNT_MAY_SIGN_IN } from "@/lib/auth/sign-in-hold";
import { db } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { DatabaseMoment, MOMENT_PATTERN } from "@/lib/jobs/database-moment";
import { enqueue } from "@/lib/jobs/enqueue";
import { hasUrgentAlertSql, unreviewedUrgentAlertSql, unreviewedUrgentEarlierSql } from "@/lib/results/stored-result";
import { nowSql } from "@/lib/db/database-clock";
import type { TaskPayload } from "../tasks";
import { sessionOfAssignment } from "./session-of-assignment";

const Marked = z.array(z.object({ id: z.number() }));
const Moment = z.tuple([z.object({ at: DatabaseMoment })]);

/**
 * "An urgent alert has not been reviewed" to the staff of the client's clinic, queued by the alert
 * notice to run ALERT_ESCALATION_HOURS later (at once when nobody on the care team could be told):
 * nothing when a caregiver has marked the alert reviewed by then. The email links to the session's
 * dashboard at the assignment, which the staff read (and from there the client's page, where they
 * change the care team), and says nothing else. To the staff who may sign in, else to the clinic's
 * own address; in English, as the staff's pages are. Queues the second level, the clinic's duty
 * contact ALERT_DUTY_HOURS later (alert-duty.ts).
 */
export async function alertEscalation({
  assignmentId,
  unreachable,
  alertsOf,
}: TaskPayload<"alert-escalation">): Promise<void> {
  const session = await sessionOfAssignment(assignmentId);
  if (!session) return;
  await db().$transaction(async (tx) => {
    // One moment for every alert this escalation marks, the database's clock as the review's: the
    // duty contact is later told of exactly those, if nobody has reviewed them by then. Read once
    // the assignment is locked (a notice storing alerts anew locks it too), so that it is not older
    // than alerts stored while this waited; written out whatever the connection's DateStyle.
    await tx.$queryRaw`select id from "Assignment" where id = ${assignmentId} for no key update`;
    const [{ at }] = Moment.parse(await tx.$queryRaw`select to_char(${nowSql}, ${MOMENT_PATTERN}) as at`);
    const now = Prisma.sql`${at}::timestamp(3)`;
    // Marked escalated in the transaction that queues the emails, and only while nobody reviewed
    // it, an alert is urgent and the answers are still the ones this job is for (saved or
    // submitted): a review, or a submit that replaced the alerts, that commits first stops the
    // emails (the update waits for it and looks again); a review after is still recorded.
    const [marked] = Marked.parse(
      await tx.$queryRaw`
      update "Assignment" a set "alertEscalatedAt" = ${now}, "updatedAt" = ${now}
       where id = ${assignmentId} and "alertReviewedAt" is null and "alertEscalatedAt" is null
         and (status = 'COMPLETE') = ${alertsOf === "submitted"} and ${Prisma.raw(hasUrgentAlertSql("a"))}
      returning id`,
    );
    // Earlier alerts nobody reviewed, which answers stored since cleared (a worrying answer saved,
    // then submitted without it), are escalated with these, or alone when the assignment's own
    // alerts do not wait for a review: the job of the saved alerts finds them once the client has
    // submitted. Submitted alerts that wait have their own moment, and their job takes these along.
    // Each once. The update waits for a review of them and looks again.
    const alone = Prisma.sql`not exists (select from "Assignment" a where a.id = ${assignmentId} and ${Prisma.raw(unreviewedUrgentAlertSql("a"))})`;
    const earlier = Marked.parse(
      await tx.$queryRaw`
      update "EarlierAlertReview" e set "escalatedAt" = ${now}
       where "assignmentId" = ${assignmentId} and "escalatedAt" is null
         and ${Prisma.raw(unreviewedUrgentEarlierSql("e"))} and ${marked ? Prisma.sql`true` : alone}
      returning id`,
    );
    if (!marked && earlier.length === 0) return;
    const clinic = await tx.clinic.findUniqueOrThrow({
      where: { id: session.clinicId },
      select: { email: true, staff: { where: { account: { is: ACCOUNT_MAY_SIGN_IN } }, select: { email: true } } },
    });
    const to = clinic.staff.length > 0 ? clinic.staff.map((s) => s.email) : [clinic.email];
    const reason = unreachable ? "unreachable" : "unreviewed";
    const state = marked ? alertsOf : "earlier";
    for (const address of new Set(to))
      await enqueue(
        tx,
        "send-email",
        {
          to: address,
          language: "EN",
          kind: "escalation",
          params: {
            path: pages.session(session.id, assignmentId),
            reason,
            state,
          },
        },
        { jobKey: `escalation:${String(assignmentId)}:${address}` },
      );
    await enqueue(
      tx,
      "alert-duty",
      { assignmentId, escalatedAt: at, state, reason },
      {
        delaySeconds: env().ALERT_DUTY_HOURS * 3600,
        jobKey: `alert-duty:${String(assignmentId)}:${at}`,
      },
    );
  });
}
