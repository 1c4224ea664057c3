import "server-only";
import { pages } from "@/lib/api-client/paths";
import { ACCOUNT_MAY_SIGN_IN } from "@/lib/auth/sign-in-hold";
import { db } from "@/lib/db/prisma";
import { enqueue } from "@/lib/jobs/enqueue";
import { storedAlerts } from "@/lib/results/stored-result";
import type { TaskPayload } from "../tasks";

/**
 * "An urgent alert has not been reviewed" to the staff of the client's clinic, queued by the alert
 * notice to run ALERT_ESCALATION_HOURS later (at once when nobody on the care team could be told):
 * nothing when a caregiver has marked the alert reviewed by then. The staff see the client's care
 * team and can make sure someone on it looks; the email links to the client's page and says
 * nothing else. To the staff who may sign in, else to the clinic's own address; in English, as the
 * staff's pages are.
 */
export async function alertEscalation({ assignmentId }: TaskPayload<"alert-escalation">): Promise<void> {
  const assignment = await db().assignment.findUnique({
    where: { id: assignmentId },
    select: { alerts: true, session: { select: { clientId: true, clinicId: true } } },
  });
  if (!assignment || !storedAlerts(assignment.alerts).some((a) => a.urgent)) return;
  const { clientId, clinicId } = assignment.session;
  await db().$transaction(async (tx) => {
    // Marked escalated in the transaction that queues the emails, and only while nobody reviewed
    // it: a review that commits first stops the emails, one that comes after is still recorded.
    const { count } = await tx.assignment.updateMany({
      where: { id: assignmentId, alertReviewedAt: null, alertEscalatedAt: null },
      data: { alertEscalatedAt: new Date() },
    });
    if (count === 0) return;
    const staff = await tx.clinicStaff.findMany({
      where: { clinicId, account: { is: ACCOUNT_MAY_SIGN_IN } },
      select: { email: true },
    });
    const clinic = await tx.clinic.findUniqueOrThrow({ where: { id: clinicId }, select: { email: true } });
    const to = staff.length > 0 ? staff.map((s) => s.email) : [clinic.email];
    for (const address of new Set(to))
      await enqueue(
        tx,
        "send-email",
        {
          to: address,
          language: "EN",
          kind: "escalation",
          params: { path: pages.client(clientId) },
        },
        { jobKey: `escalation:${String(assignmentId)}:${address}` },
      );
  });
}
