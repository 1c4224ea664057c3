import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { enqueue } from "@/lib/jobs/enqueue";
import { pages } from "@/lib/api-client/paths";

// Caregivers who may sign in (OPTT's ACTIVE and VERIFIED) are the only ones reminded.
const MAY_SIGN_IN = ["ACTIVE", "VERIFIED"] as const;

/**
 * Queues the reminder emails of one session, in the caller's transaction: one to the client and
 * one to each person of the care team (the session's owner and the client's care team in the
 * client's clinic) who has an address and reminders on. The link is the client's homework or the
 * caregiver's session dashboard: an id, never a name, a module or a score. Returns how many.
 */
export async function queueReminderMails(tx: Tx, sessionId: number): Promise<number> {
  const session = await tx.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      caregiverId: true,
      client: {
        select: {
          id: true,
          clinicId: true,
          email: true,
          language: true,
          remindersOn: true,
          careTeam: { select: { caregiverId: true } },
        },
      },
    },
  });
  const { client } = session;
  const team = await tx.caregiver.findMany({
    where: {
      id: { in: [session.caregiverId, ...client.careTeam.map((m) => m.caregiverId)] },
      // The owner of a session works in the client's clinic; a care-team row left behind after a
      // caregiver left the clinic gives no access, and so no email (care-team.ts).
      clinics: { some: { clinicId: client.clinicId } },
      remindersOn: true,
      activationStatus: { in: [...MAY_SIGN_IN] },
      email: { not: "" },
    },
    select: { email: true, language: true },
    orderBy: { id: "asc" },
  });
  const mails = [
    ...(client.remindersOn && client.email
      ? [{ to: client.email, language: client.language, audience: "client", path: pages.homework }]
      : []),
    ...team.map((c) => ({ to: c.email, language: c.language, audience: "caregiver", path: pages.session(sessionId) })),
  ];
  for (const m of mails)
    await enqueue(tx, "send-email", {
      to: m.to,
      language: m.language,
      kind: "reminder",
      params: { audience: m.audience, path: m.path },
    });
  return mails.length;
}
