import "server-only";
import { pages } from "@/lib/api-client/paths";
import { ACCOUNT_MAY_SIGN_IN } from "@/lib/auth/sign-in-hold";
import { db, type Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { enqueue } from "@/lib/jobs/enqueue";
import { storedAlerts } from "@/lib/results/stored-result";
import { careTeamOfClient } from "@/lib/sessions/care-team";
import type { TaskPayload } from "../tasks";

/**
 * "An answer needs your attention" to every caregiver who may read the client's session now (on
 * its care team, in its clinic, able to sign in), queued by the submit whose answers raised an
 * urgent alert. Unlike the other emails it cannot be turned off: an answer such as PHQ-9 item 9 calls for
 * a prompt look, not the next daily digest. The email says nothing but that and links to the
 * session's dashboard. It also plans the escalation to the clinic's staff (alert-escalation.ts).
 */
export async function alertNotice({ assignmentId }: TaskPayload<"alert-notice">): Promise<void> {
  const assignment = await db().assignment.findUnique({
    where: { id: assignmentId },
    select: { alerts: true, session: { select: { id: true, clientId: true, clinicId: true } } },
  });
  if (!assignment || !storedAlerts(assignment.alerts).some((a) => a.urgent)) return;
  const { session } = assignment;
  await db().$transaction((tx) => tellCareTeamOfAlert(tx, assignmentId, session, "submitted"));
}

/**
 * Queues the alert email to the care team about an assignment's answers, `submitted` or `saved`
 * (not submitted: saved-alert.ts), and plans the escalation, in the caller's transaction.
 */
export async function tellCareTeamOfAlert(
  tx: Tx,
  assignmentId: number,
  session: { id: number; clientId: number; clinicId: number },
  state: "submitted" | "saved",
  /** Told again, of worse saved answers: their escalation counts from now, not from the first notice. */
  again = false,
): Promise<void> {
  const caregivers = await tx.caregiver.findMany({
    where: {
      ...careTeamOfClient({ id: session.clientId, clinicId: session.clinicId }),
      account: { is: ACCOUNT_MAY_SIGN_IN },
    },
    select: { id: true, email: true, language: true },
  });
  // The staff are told later unless someone on the care team has marked the alert reviewed by
  // then; at once when nobody on it can be told. A notice run again keeps the first moment; a
  // notice of worse answers replaces it, as the review it waits for is of those.
  // Submitted answers have a job of their own: their moment counts from their own notice, not from
  // the one of the answers saved before them, whose job then finds nothing to do.
  const escalateAfter = caregivers.length > 0 ? env().ALERT_ESCALATION_HOURS * 3600 : 0;
  for (const c of caregivers)
    await enqueue(
      tx,
      "send-email",
      {
        to: c.email,
        language: c.language,
        kind: "alert",
        params: { path: pages.session(session.id, assignmentId), state },
      },
      { jobKey: `alert:${String(assignmentId)}:${String(c.id)}` },
    );
  await enqueue(
    tx,
    "alert-escalation",
    { assignmentId, unreachable: caregivers.length === 0, alertsOf: state },
    {
      delaySeconds: escalateAfter,
      jobKey: `alert-escalation:${String(assignmentId)}${state === "saved" ? ":saved" : ""}`,
      jobKeyMode: again ? "replace" : "preserve_run_at",
    },
  );
}
