import "server-only";
import { db } from "@/lib/db/prisma";
import { enqueue } from "@/lib/jobs/enqueue";
import { queueReminderMails } from "@/lib/reminders/queue-reminder-mails";
import { assignmentReminderKey } from "@/lib/reminders/session-reminder-moment";
import type { TaskPayload } from "../tasks";

/**
 * One reminder moment of homework, in one transaction under the session's row lock. Homework added
 * at once gets one reminder row per module at the same moment: the first job of that moment marks
 * them all sent and queues one email per person; the others find theirs sent. Nothing is sent when
 * the session is closed, its client INACTIVE, or every assignment of that moment is submitted.
 */
export async function assignmentReminder({ reminderId }: TaskPayload<"assignment-reminder">): Promise<void> {
  // Early or not by the database's clock, by which the queue handed the job over: on the worker's
  // own, a little behind, the moment would still be to come, and the job queued again would come
  // straight back.
  const [reminder] = await db().$queryRaw<{ remindAt: Date; sessionId: number; early: boolean; now: Date }[]>`
    select r."remindAt", a."sessionId", r."remindAt" > (now() at time zone 'UTC') as early, now() as now
      from "AssignmentReminder" r join "Assignment" a on a.id = r."assignmentId" where r.id = ${reminderId}`;
  if (!reminder) return;
  if (reminder.early) {
    // Run before its moment (by hand): it waits for it again.
    await db().$transaction((tx) =>
      enqueue(
        tx,
        "assignment-reminder",
        { reminderId },
        { runAt: reminder.remindAt, jobKey: assignmentReminderKey(reminderId) },
      ),
    );
    return;
  }
  const { sessionId } = reminder;
  await db().$transaction(async (tx) => {
    await tx.$queryRaw`select id from "Session" where id = ${sessionId} for no key update`;
    const mine = await tx.assignmentReminder.findUniqueOrThrow({ where: { id: reminderId }, select: { sentAt: true } });
    if (mine.sentAt) return;
    const session = await tx.session.findUniqueOrThrow({
      where: { id: sessionId },
      select: { closedAt: true, client: { select: { status: true } } },
    });
    if (session.closedAt || session.client.status !== "ACTIVE") return;
    // From the session's assignments to their reminders at this moment ((assignmentId, remindAt)
    // index), not through every clinic's reminders of the moment.
    const moment = await tx.assignmentReminder.findMany({
      where: { remindAt: reminder.remindAt, sentAt: null, assignment: { sessionId } },
      select: { id: true, assignment: { select: { status: true } } },
    });
    if (moment.every((r) => r.assignment.status === "COMPLETE")) return;
    await tx.assignmentReminder.updateMany({
      where: { id: { in: moment.map((r) => r.id) } },
      data: { sentAt: reminder.now },
    });
    await queueReminderMails(tx, sessionId);
  });
}
