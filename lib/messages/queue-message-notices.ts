import "server-only";
import { ACCOUNT_MAY_SIGN_IN } from "@/lib/auth/sign-in-hold";
import type { Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { enqueue } from "@/lib/jobs/enqueue";
import { careTeamOfClient } from "@/lib/sessions/care-team";

/**
 * Queues one "you have a new message" notice, MESSAGE_NOTICE_DELAY_SECONDS from now, for each
 * other party who wants them: the session's client and its care team. The job key keeps the first
 * moment, so a burst of messages gives one email; the job sends nothing if the person has read
 * the conversation by then (lib/jobs/handlers/message-notice.ts). Ids only in the payload.
 */
export async function queueMessageNotices(tx: Tx, sessionId: number, authorAccountId: number): Promise<void> {
  const session = await tx.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      client: {
        select: {
          id: true,
          clinicId: true,
          status: true,
          messageNoticesOn: true,
          account: { select: { id: true, disabled: true, heldByStatus: true } },
        },
      },
    },
  });
  const { client } = session;
  const caregivers = await tx.caregiver.findMany({
    where: {
      ...careTeamOfClient(client),
      messageNoticesOn: true,
      account: { is: ACCOUNT_MAY_SIGN_IN },
    },
    select: { account: { select: { id: true } } },
  });
  const accounts = caregivers.flatMap((c) => (c.account ? [c.account.id] : []));
  const a = client.account;
  if (client.status === "ACTIVE" && client.messageNoticesOn && a && !a.disabled && !a.heldByStatus) accounts.push(a.id);
  for (const accountId of accounts.filter((id) => id !== authorAccountId)) {
    await enqueue(
      tx,
      "message-notice",
      { sessionId, accountId },
      {
        delaySeconds: env().MESSAGE_NOTICE_DELAY_SECONDS,
        jobKey: `message-notice:${String(sessionId)}:${String(accountId)}`,
        jobKeyMode: "preserve_run_at",
      },
    );
  }
}
