import "server-only";
import { ACCOUNT_MAY_SIGN_IN } from "@/lib/auth/sign-in-hold";
import type { Tx } from "@/lib/db/prisma";
import { enqueue } from "@/lib/jobs/enqueue";
import { pages } from "@/lib/api-client/paths";
import { careTeamOfClient } from "@/lib/sessions/care-team";

/**
 * Queues the reminder emails of one session, in the caller's transaction: one to the client and
 * one to each person of the care team (the client's care team in the client's clinic) who can sign
 * in, has an address and reminders on. The link is the client's homework or the
 * caregiver's session dashboard: an id, never a name, a module or a score. Returns how many.
 */
export async function queueReminderMails(tx: Tx, sessionId: number): Promise<number> {
  const session = await tx.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      client: {
        select: {
          id: true,
          clinicId: true,
          email: true,
          language: true,
          remindersOn: true,
          account: { select: { disabled: true, heldByStatus: true } },
        },
      },
    },
  });
  const { client } = session;
  const team = await tx.caregiver.findMany({
    where: {
      // Who may open the session (the session's owner is on the team while it is open).
      ...careTeamOfClient(client),
      remindersOn: true,
      // A link to sign in is for someone who can: not disabled by the operator, not held by their
      // status (a care provider neither ACTIVE nor VERIFIED is held, sign-in-hold.ts).
      account: { is: ACCOUNT_MAY_SIGN_IN },
      email: { not: "" },
    },
    select: { email: true, language: true },
    orderBy: { id: "asc" },
  });
  const mails = [
    ...(client.remindersOn && client.email && client.account && !client.account.disabled && !client.account.heldByStatus
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
