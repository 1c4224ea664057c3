import "server-only";
import { db } from "@/lib/db/prisma";
import { enqueue } from "@/lib/jobs/enqueue";
import { queueReminderMails } from "@/lib/reminders/queue-reminder-mails";
import { sessionReminderAt, sessionReminderKey } from "@/lib/reminders/session-reminder-moment";
import type { TaskPayload } from "../tasks";

/**
 * A session's `remindDays` reminder, in one transaction under the session's row lock (the lock the
 * lifecycle writes take): skipped when already sent (`remindedAt`), when the session is closed, its
 * client INACTIVE, or no homework of it is left to do; else marked sent and its emails queued. A job
 * run twice (a retry, a second instance) finds `remindedAt` set and sends nothing more.
 */
export async function sessionReminder({ sessionId }: TaskPayload<"session-reminder">): Promise<void> {
  await db().$transaction(async (tx) => {
    // The database's clock, by which the queue handed the job over: on the worker's own, a little
    // behind, the moment would still be to come, and the job queued again would come straight back.
    const [locked] = await tx.$queryRaw<{ id: number; now: Date }[]>`
      select id, now() as now from "Session" where id = ${sessionId} for no key update`;
    if (!locked) return;
    const session = await tx.session.findUniqueOrThrow({
      where: { id: sessionId },
      select: {
        startAt: true,
        timeZone: true,
        remindDays: true,
        remindedAt: true,
        closedAt: true,
        client: { select: { status: true } },
        _count: { select: { assignments: { where: { status: { not: "COMPLETE" } } } } },
      },
    });
    if (session.remindDays == null || session.remindedAt || session.closedAt) return;
    // A job run before its moment (by hand) waits for it again.
    const runAt = sessionReminderAt(session.startAt, session.remindDays, session.timeZone);
    if (runAt > locked.now) {
      await enqueue(tx, "session-reminder", { sessionId }, { runAt, jobKey: sessionReminderKey(sessionId) });
      return;
    }
    if (session.client.status !== "ACTIVE" || session._count.assignments === 0) return;
    await tx.session.update({ where: { id: sessionId }, data: { remindedAt: locked.now } });
    await queueReminderMails(tx, sessionId);
  });
}
