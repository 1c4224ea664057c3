import { describe, expect, inject, it } from "vitest";
import { afterNowSql } from "@/lib/db/database-clock";
import { db as appDb } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { MOMENT_PATTERN } from "@/lib/jobs/database-moment";
import { alertDuty } from "@/lib/jobs/handlers/alert-duty";
import { alertEscalation } from "@/lib/jobs/handlers/alert-escalation";
import { alertNotice } from "@/lib/jobs/handlers/alert-notice";
import { queueMessageNotices } from "@/lib/messages/queue-message-notices";
import { mailDrained } from "../support/mail-drained";
import { waitForMail } from "../support/mailbox";
import { jobDue, queuedJob } from "../api/support/jobs";
import { databaseNowMs, onClockBehind } from "./support/clock-off";
import { db, makeWorld } from "./support/domain-world";

// The waits a job counts from now (an alert's escalation, its duty contact, a message's notice)
// are counted on the database's clock, by which the queue hands jobs over. Run here on a clock an
// hour behind, as a worker of a host whose clock is off: on its own clock, the staff would be told
// an hour early, a notice would go at once instead of gathering a burst of messages, and the duty
// contact would read that the staff were told an hour less ago than they were.
const mailDir = inject("mailDir");
const HOUR = 3_600_000;

/**
 * Runs `run` on the clock an hour behind and returns a check that a moment it planned is `waitMs`
 * after the database's clock while it ran: neither shorter nor longer.
 */
async function behind(run: () => Promise<unknown>) {
  const before = await databaseNowMs();
  await onClockBehind(HOUR, run);
  const after = await databaseNowMs();
  return (at: number | undefined, waitMs: number) => {
    expect(at).toBeGreaterThanOrEqual(before + waitMs);
    expect(at).toBeLessThanOrEqual(after + waitMs);
  };
}

/** The world with its test (complete, waiting for feedback) holding an urgent alert. */
async function alertedWorld() {
  const w = await makeWorld();
  const id = w.session.assignmentIds[2];
  if (id === undefined) throw new Error("no test");
  await db.assignment.update({
    where: { id },
    data: { alerts: [{ question: "q2", value: 10, urgent: true, message: { en: "Item 2 is very high" } }] },
  });
  return { w, id };
}

describe("a job's wait on a worker whose clock is behind the database's", () => {
  it("plans an alert's escalation ALERT_ESCALATION_HOURS, and its duty contact ALERT_DUTY_HOURS, after now", async () => {
    const { w, id } = await alertedWorld();
    const noticed = await behind(() => alertNotice({ assignmentId: id }));
    noticed((await jobDue(`alert-escalation:${String(id)}`))?.getTime(), env().ALERT_ESCALATION_HOURS * HOUR);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });

    const escalated = await behind(() =>
      alertEscalation({ assignmentId: id, unreachable: false, alertsOf: "submitted" }),
    );
    // Marked on the database's clock too, the moment the duty contact's email counts from.
    const { alertEscalatedAt } = await db.assignment.findUniqueOrThrow({ where: { id } });
    escalated(alertEscalatedAt?.getTime(), 0);
    const duty = await queuedJob(`alert-duty:${String(id)}:%`);
    escalated(duty.run_at.getTime(), env().ALERT_DUTY_HOURS * HOUR);
    await waitForMail(mailDir, w.staff.email, { timeoutMs: 30_000 });
    await mailDrained(appDb(), mailDir);
  });

  it("tells the duty contact how long ago the staff were told, by the database's clock", async () => {
    const { w, id } = await alertedWorld();
    // The staff were told three hours ago.
    const [told] = await db.$queryRaw<{ at: string }[]>`
      update "Assignment" set "alertEscalatedAt" = ${afterNowSql(-3 * 3600)}
       where id = ${id}
      returning to_char("alertEscalatedAt", ${MOMENT_PATTERN}) as at`;
    if (!told) throw new Error("not marked");
    await behind(() => alertDuty({ assignmentId: id, escalatedAt: told.at, state: "submitted", reason: "unreviewed" }));
    const [mail] = await waitForMail(mailDir, w.clinic.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("An urgent alert is still not reviewed");
    expect(mail?.text).toContain("the clinic's staff were told 3 hours ago.");
    await mailDrained(appDb(), mailDir);
  });

  it("queues a message's notice MESSAGE_NOTICE_DELAY_SECONDS after now", async () => {
    const w = await makeWorld();
    const [client, carer] = await Promise.all(
      [w.client.username, w.carer.username].map((username) => db.account.findUniqueOrThrow({ where: { username } })),
    );
    if (!client || !carer) throw new Error("no accounts");
    const queued = await behind(() => appDb().$transaction((tx) => queueMessageNotices(tx, w.session.id, client.id)));
    queued(
      (await jobDue(`message-notice:${String(w.session.id)}:${String(carer.id)}`))?.getTime(),
      env().MESSAGE_NOTICE_DELAY_SECONDS * 1000,
    );
  });
});
