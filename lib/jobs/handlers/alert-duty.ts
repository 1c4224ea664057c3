import "server-only";
import { z } from "zod";
import { pages } from "@/lib/api-client/paths";
import { db } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueue } from "@/lib/jobs/enqueue";
import { nowSql } from "@/lib/db/database-clock";
import type { TaskPayload } from "../tasks";
import { sessionOfAssignment } from "./session-of-assignment";

const Marked = z.array(z.object({ id: z.number() }));
const Hours = z.tuple([z.object({ hours: z.number() })]);

/**
 * The second level: "An urgent alert is still not reviewed" to the clinic's duty contact (its
 * `dutyEmail`, else its own address), ALERT_DUTY_HOURS after the staff were told, when nobody on
 * the care team has marked the alerts reviewed since. The staff's part is to get someone to look;
 * this tells whoever the clinic named for when that has not happened (a duty rota, a clinical
 * lead). Only the alerts that escalation told of, each once: alerts stored anew start again at the
 * care team. The email names the clinic and links to the session's dashboard; nothing else.
 */
export async function alertDuty({
  assignmentId,
  escalatedAt,
  state,
  reason,
}: TaskPayload<"alert-duty">): Promise<void> {
  const session = await sessionOfAssignment(assignmentId);
  if (!session) return;
  await db().$transaction(async (tx) => {
    // The escalation's alerts are those it marked at its moment: the assignment's own, or kept as
    // earlier alerts once answers stored since cleared them (the moment kept with them). A review
    // that commits first stops the email (each update waits for it and looks again).
    const at = Prisma.sql`${escalatedAt}::timestamp(3)`;
    const own = Marked.parse(
      await tx.$queryRaw`
      update "Assignment" set "alertDutyToldAt" = ${nowSql}, "updatedAt" = ${nowSql}
       where id = ${assignmentId} and "alertEscalatedAt" = ${at} and "alertReviewedAt" is null and "alertDutyToldAt" is null
      returning id`,
    );
    const earlier = Marked.parse(
      await tx.$queryRaw`
      update "EarlierAlertReview" set "dutyToldAt" = ${nowSql}
       where "assignmentId" = ${assignmentId} and "escalatedAt" = ${at} and "reviewedAt" is null and "dutyToldAt" is null
      returning id`,
    );
    if (own.length === 0 && earlier.length === 0) return;
    // Whole hours since the staff were told, both moments of the database's clock: late jobs say so.
    const [{ hours }] = Hours.parse(
      await tx.$queryRaw`select greatest(1, round(extract(epoch from ${nowSql} - ${at}) / 3600))::int as hours`,
    );
    const clinic = await tx.clinic.findUniqueOrThrow({
      where: { id: session.clinicId },
      select: { name: true, email: true, dutyEmail: true },
    });
    const to = clinic.dutyEmail ?? clinic.email;
    await enqueue(
      tx,
      "send-email",
      {
        to,
        language: "EN",
        kind: "duty-escalation",
        params: {
          path: pages.session(session.id, assignmentId),
          clinic: clinic.name,
          hours,
          state: own.length > 0 ? state : "earlier",
          reason,
        },
      },
      { jobKey: `duty-escalation:${String(assignmentId)}:${escalatedAt}` },
    );
  });
}
