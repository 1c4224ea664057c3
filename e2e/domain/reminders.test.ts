import { describe, expect, inject, it } from "vitest";
import { addHomework } from "@/lib/assignments/add-homework";
import { db as appDb } from "@/lib/db/prisma";
import { updateEmailSettings } from "@/lib/email-settings/update-email-settings";
import { enqueue } from "@/lib/jobs/enqueue";
import { assignmentReminder } from "@/lib/jobs/handlers/assignment-reminder";
import { sessionReminder } from "@/lib/jobs/handlers/session-reminder";
import { closeSession } from "@/lib/sessions/close-session";
import { scheduleSessions } from "@/lib/sessions/schedule-sessions";
import { startWorker } from "@/scripts/lib/processes";
import { mailDrained } from "../support/mail-drained";
import { mailTo, waitForMail, type CapturedMail } from "../support/mailbox";
import type { World } from "../support/world";
import { jobDue } from "../api/support/jobs";
import { onClockBehind } from "./support/clock-off";
import { db, makeWorld } from "./support/domain-world";

// Reminders through the real queue: the stack's separate worker process runs the reminder jobs and
// hands the emails to the loopback SMTP server, whose messages these tests read. A session's
// `remindDays` reminder and homework's reminder moments go to the client and the care team, once,
// and to nobody when the session is closed, the client INACTIVE, the homework submitted, or the
// person turned reminders off.
const mailDir = inject("mailDir");
const baseUrl = inject("baseUrl");
const DAY = 24 * 3600 * 1000;
const REMINDER = "A reminder from your care platform";
const DIGEST = "Your daily summary";

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const timeOf = (at: Date) => at.toISOString().slice(11, 16);
const of = (mails: CapturedMail[], subject: string) => mails.filter((m) => m.subject === subject);
const remindersTo = (address: string) => of(mailTo(mailDir, address), REMINDER);

/**
 * The world's second book added to its running session, started yesterday, with a reminder in two
 * days: the assignments and their reminder rows.
 */
async function homeworkRemindedLater(w: Awaited<ReturnType<typeof makeWorld>>) {
  const start = new Date(Date.now() - DAY);
  const remind = new Date(Date.now() + 2 * DAY);
  const added = await addHomework(
    await w.scope("carer"),
    {
      sessionId: w.session.id,
      bookIds: [w.book2.id],
      startDate: dayOf(start),
      startTime: timeOf(start),
      endDate: dayOf(new Date(Date.now() + 3 * DAY)),
      remindDates: [{ date: dayOf(remind), time: timeOf(remind) }],
    },
    { offset: 0 },
  );
  const reminders = await db.assignmentReminder.findMany({ where: { assignmentId: { in: added.map((a) => a.id) } } });
  return { added, reminders };
}

/** The reminders' moment comes: it is now, their queued jobs run, and the queue is left empty. */
async function fireReminders(reminders: { id: number }[]) {
  await db.assignmentReminder.updateMany({
    where: { id: { in: reminders.map((r) => r.id) } },
    data: { remindAt: new Date(Date.now() - 60_000) },
  });
  for (const r of reminders) {
    const jobKey = `assignment-reminder:${r.id}`;
    await appDb().$transaction((tx) =>
      enqueue(tx, "assignment-reminder", { reminderId: r.id }, { runAt: new Date(), jobKey }),
    );
    await jobDone(jobKey);
  }
  await mailDrained(appDb(), mailDir);
}

/** Waits until the job of `key` has run (it is no longer in the queue). */
async function jobDone(key: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const left = await db.$queryRaw<{ n: number }[]>`
      select count(*)::int as n from graphile_worker._private_jobs where key = ${key}`;
    if (left[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error(`the job ${key} did not run`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One session of the world's client with the carer, starting `daysAgo` days ago with homework. */
async function scheduleReminded(w: World, daysAgo: number, remindDays: number, sessionCount = 1) {
  const start = new Date(Date.now() - daysAgo * DAY);
  const { value } = await scheduleSessions(
    await w.scope("carer"),
    {
      clientId: w.client.id,
      designPlanId: null,
      bookIdList: [w.book2.id],
      title: "Reminded",
      date: dayOf(start),
      time: timeOf(start),
      remindDays,
      sessionCount,
    },
    { offset: 0 },
  );
  return value.map((s) => s.id);
}

/**
 * Brings a session's reminder moment to now: the reminder day becomes its (past) start day, and
 * its queued job runs now (a job run before its moment would wait for it again).
 */
async function makeDue(sessionId: number) {
  await db.session.update({ where: { id: sessionId }, data: { remindDays: 0 } });
  await appDb().$transaction((tx) =>
    enqueue(tx, "session-reminder", { sessionId }, { runAt: new Date(), jobKey: `session-reminder:${sessionId}` }),
  );
}

describe("a session's remindDays reminder", () => {
  it("reaches the client and the care team once, with a link and no name of the homework", async () => {
    const w = await makeWorld();
    const [sessionId] = await scheduleReminded(w, 20, 1);
    const [toClient] = await waitForMail(mailDir, w.client.email);
    const [toCarer] = await waitForMail(mailDir, w.carer.email);
    expect(toClient?.subject).toBe(REMINDER);
    expect(toClient?.text).toContain("You have homework waiting for you.");
    expect(toClient?.text).toContain(`${baseUrl}/homework`);
    expect(toCarer?.text).toContain(`${baseUrl}/caregiver/sessions/${sessionId}`);
    for (const mail of [toClient, toCarer]) {
      const all = `${mail?.subject} ${mail?.text} ${mail?.html}`;
      for (const secret of [w.book2.name, "Diary", "Quiz", w.client.name, w.carer.name, "Reminded"])
        expect(all).not.toContain(secret);
    }
    expect((await db.session.findUniqueOrThrow({ where: { id: sessionId } })).remindedAt).not.toBeNull();

    // The job run again (a retry, a second instance, the next poll) sends nothing more.
    if (sessionId === undefined) throw new Error("no session");
    await makeDue(sessionId);
    await jobDone(`session-reminder:${sessionId}`);
    await mailDrained(appDb(), mailDir);
    expect(remindersTo(w.client.email)).toHaveLength(1);
    expect(remindersTo(w.carer.email)).toHaveLength(1);
    // Not on the client's care team: no reminder.
    expect(remindersTo(w.outsider.email)).toHaveLength(0);
  });

  it("waits for its moment when that is still to come", async () => {
    const w = await makeWorld();
    const [sessionId] = await scheduleReminded(w, 20, 30);
    const jobs = await db.$queryRaw<{ run_at: Date }[]>`
      select run_at from graphile_worker._private_jobs where key = ${`session-reminder:${sessionId}`}`;
    expect(jobs).toHaveLength(1);
    const start = (await db.session.findUniqueOrThrow({ where: { id: sessionId } })).startAt;
    expect(jobs[0]?.run_at.getTime()).toBe(start.getTime() + 30 * DAY);
  });

  it("is not sent for an INACTIVE client, a closed session or submitted homework", async () => {
    const inactive = await makeWorld();
    const [a] = await scheduleReminded(inactive, 20, 30);
    await db.client.update({ where: { id: inactive.client.id }, data: { status: "INACTIVE" } });

    const closed = await makeWorld();
    const [b] = await scheduleReminded(closed, 20, 30);
    if (b === undefined) throw new Error("no session");
    await closeSession(await closed.scope("carer"), b);

    const submitted = await makeWorld();
    const [c] = await scheduleReminded(submitted, 20, 30);
    await db.assignment.updateMany({ where: { sessionId: c }, data: { status: "COMPLETE", submittedAt: new Date() } });

    for (const id of [a, b, c]) {
      if (id === undefined) throw new Error("no session");
      await makeDue(id);
      await jobDone(`session-reminder:${id}`);
    }
    await mailDrained(appDb(), mailDir);
    for (const w of [inactive, closed, submitted]) {
      expect(remindersTo(w.client.email)).toHaveLength(0);
      expect(remindersTo(w.carer.email)).toHaveLength(0);
    }
  });

  it("is not sent to a person who turned reminders off; the others still get theirs", async () => {
    const w = await makeWorld();
    await updateEmailSettings(await w.scope("client"), { remindersOn: false });
    await scheduleReminded(w, 20, 1);
    await waitForMail(mailDir, w.carer.email);
    await mailDrained(appDb(), mailDir);
    expect(remindersTo(w.client.email)).toHaveLength(0);
    expect(remindersTo(w.carer.email)).toHaveLength(1);
  });
  it("is not sent to a caregiver whose sign-in the operator disabled", async () => {
    const w = await makeWorld();
    await db.account.update({ where: { username: w.carer.username }, data: { disabled: true } });
    await scheduleReminded(w, 20, 1);
    await waitForMail(mailDir, w.client.email);
    await mailDrained(appDb(), mailDir);
    expect(remindersTo(w.carer.email)).toHaveLength(0);
  });
});

describe("homework reminder moments", () => {
  it("send one email per person for the moment, whatever the number of modules", async () => {
    const w = await makeWorld();
    const start = new Date(Date.now() - 3 * DAY);
    const remind = new Date(Date.now() - DAY);
    // Three modules, one reminder moment: three reminder rows, one email each for client and carer.
    await addHomework(
      await w.scope("carer"),
      {
        sessionId: w.session.id,
        bookIds: [w.book.id],
        startDate: dayOf(start),
        startTime: timeOf(start),
        endDate: dayOf(new Date(Date.now() + 3 * DAY)),
        remindDates: [{ date: dayOf(remind), time: timeOf(remind) }],
      },
      { offset: 0 },
    );
    const [toClient] = await waitForMail(mailDir, w.client.email);
    await waitForMail(mailDir, w.carer.email);
    expect(toClient?.text).toContain(`${baseUrl}/homework`);
    await mailDrained(appDb(), mailDir);
    expect(remindersTo(w.client.email)).toHaveLength(1);
    expect(remindersTo(w.carer.email)).toHaveLength(1);
    const rows = await db.assignmentReminder.findMany({ where: { assignment: { sessionId: w.session.id } } });
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });

  it("send nothing when the homework of the moment is submitted", async () => {
    const w = await makeWorld();
    const { added, reminders } = await homeworkRemindedLater(w);
    await db.assignment.updateMany({
      where: { id: { in: added.map((a) => a.id) } },
      data: { status: "COMPLETE", submittedAt: new Date() },
    });
    expect(reminders).toHaveLength(2);
    await fireReminders(reminders);
    expect(remindersTo(w.client.email)).toHaveLength(0);
    expect(remindersTo(w.carer.email)).toHaveLength(0);
  });

  it("send nothing when the client is INACTIVE at the moment", async () => {
    const w = await makeWorld();
    const { reminders } = await homeworkRemindedLater(w);
    // The clinic pauses the client before the moment; the homework stays to do.
    await db.client.update({ where: { id: w.client.id }, data: { status: "INACTIVE" } });
    expect(reminders.length).toBeGreaterThan(0);
    await fireReminders(reminders);
    expect(remindersTo(w.client.email)).toHaveLength(0);
    expect(remindersTo(w.carer.email)).toHaveLength(0);
    const after = await db.assignmentReminder.findMany({ where: { id: { in: reminders.map((r) => r.id) } } });
    expect(after.every((r) => r.sentAt === null)).toBe(true);
  });
});

describe("reminders and the worker processes", () => {
  const workerEnv = {
    DATABASE_URL: inject("databaseUrl"),
    DATABASE_POOL_SIZE: "3",
    SECRET_KEY: inject("secretKey"),
    NEXTAUTH_URL: baseUrl,
    SMTP_URL: inject("smtpUrl"),
    WORKER_POLL_MS: "250",
    DIGEST_CRON: "0 0 31 2 *",
  };

  it("a reminder that fell due while a worker was stopped is sent once after it starts again", async () => {
    const w = await makeWorld();
    const first = startWorker(workerEnv, { quiet: true });
    await mailDrained(appDb(), mailDir);
    await first.stop();
    await scheduleReminded(w, 20, 2);
    const again = startWorker(workerEnv, { quiet: true });
    try {
      await waitForMail(mailDir, w.client.email);
      await waitForMail(mailDir, w.carer.email);
      await mailDrained(appDb(), mailDir);
      await mailDrained(appDb(), mailDir);
      expect(remindersTo(w.client.email)).toHaveLength(1);
      expect(remindersTo(w.carer.email)).toHaveLength(1);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it("two worker processes send one email per reminder and person", async () => {
    const w = await makeWorld();
    const second = startWorker(workerEnv, { quiet: true });
    try {
      // Five weekly sessions, all past their reminder day: five reminders, each once.
      const ids = await scheduleReminded(w, 60, 1, 5);
      expect(ids).toHaveLength(5);
      await waitForMail(mailDir, w.client.email, { count: 5 });
      await waitForMail(mailDir, w.carer.email, { count: 5 });
      await mailDrained(appDb(), mailDir);
      await mailDrained(appDb(), mailDir);
      expect(remindersTo(w.client.email)).toHaveLength(5);
      const links = remindersTo(w.carer.email).map((m) => m.text.match(/\/caregiver\/sessions\/(\d+)/)?.[1]);
      expect(links.sort()).toEqual(ids.map(String).sort());
    } finally {
      await second.stop();
    }
  }, 60_000);
});

describe("a reminder job on a worker whose clock is behind the database's", () => {
  // The queue hands a job over by the database's clock; a worker reading its own clock, a minute
  // behind, would find the moment still to come and queue the job again, which the queue hands
  // straight back: a loop for that minute. The jobs here run in this process, on a clock set back.
  const behind = (run: () => Promise<void>) => onClockBehind(60_000, run);

  it("sends a session's reminder whose moment the database has reached", async () => {
    const w = await makeWorld();
    const [sessionId] = await scheduleReminded(w, 20, 30);
    if (sessionId === undefined) throw new Error("no session");
    await db.session.update({
      where: { id: sessionId },
      data: { startAt: new Date(Date.now() - 20_000), remindDays: 0 },
    });
    await behind(() => sessionReminder({ sessionId }));
    expect((await db.session.findUniqueOrThrow({ where: { id: sessionId } })).remindedAt).not.toBeNull();
    // Sent here, not queued again for the moment: the job of its first moment is still waiting.
    expect((await jobDue(`session-reminder:${sessionId}`))?.getTime()).toBeGreaterThan(Date.now() + DAY);
    await waitForMail(mailDir, w.client.email);
    await mailDrained(appDb(), mailDir);
  });

  it("sends homework's reminder whose moment the database has reached", async () => {
    const w = await makeWorld();
    const { reminders } = await homeworkRemindedLater(w);
    const [reminder] = reminders;
    if (!reminder) throw new Error("no reminder");
    await db.assignmentReminder.updateMany({
      where: { id: { in: reminders.map((r) => r.id) } },
      data: { remindAt: new Date(Date.now() - 20_000) },
    });
    await behind(() => assignmentReminder({ reminderId: reminder.id }));
    expect((await db.assignmentReminder.findUniqueOrThrow({ where: { id: reminder.id } })).sentAt).not.toBeNull();
    expect((await jobDue(`assignment-reminder:${reminder.id}`))?.getTime()).toBeGreaterThan(Date.now() + DAY);
    await waitForMail(mailDir, w.client.email);
    await mailDrained(appDb(), mailDir);
  });
});

describe("the daily digest", () => {
  it("gives each caregiver the counts of homework waiting for feedback and of alerts, once a day", async () => {
    const w = await makeWorld();
    // The world has one test waiting for feedback; a second one waits too, with an alert.
    const [, inProgress] = w.session.assignmentIds;
    await db.assignment.update({
      where: { id: inProgress },
      data: {
        status: "COMPLETE",
        submittedAt: new Date(),
        feedbackStatus: "WAITING",
        alerts: [{ question: "q9", value: 2, message: "Thoughts of self-harm" }],
      },
    });
    // For this world's caregivers only: the cron's run (no list) would mail every test world's.
    // Both runs are of one cron moment, so that midnight UTC between them cannot make two days.
    const run = { caregiverIds: [w.carer.id, w.outsider.id], _cron: { ts: new Date().toISOString() } };
    await appDb().$transaction((tx) => enqueue(tx, "daily-digest", run));
    const [digest] = of(await waitForMail(mailDir, w.carer.email), DIGEST);
    expect(digest?.text).toContain(
      "2 assignments are waiting for your feedback, 1 with an alert. 1 urgent alert is waiting for your review.",
    );
    expect(digest?.text).toContain(`${baseUrl}/caregiver`);
    for (const secret of ["Thoughts", "self-harm", w.client.name, "Test", w.book.name])
      expect(`${digest?.text} ${digest?.html}`).not.toContain(secret);
    // Not on the care team: nothing waits for them (asked once every queued mail went out, since
    // the job mails one caregiver after another).
    await mailDrained(appDb(), mailDir);
    expect(of(mailTo(mailDir, w.outsider.email), DIGEST)).toHaveLength(0);

    // A second run the same day (the cron fired twice, an operator ran it) sends nothing more.
    await appDb().$transaction((tx) => enqueue(tx, "daily-digest", run, { jobKey: "digest-again" }));
    await jobDone("digest-again");
    await mailDrained(appDb(), mailDir);
    expect(of(mailTo(mailDir, w.carer.email), DIGEST)).toHaveLength(1);
  });

  it("counts the urgent alerts nobody has reviewed, saved answers' and earlier ones too, even with no homework waiting", async () => {
    const w = await makeWorld();
    const [submitted, inProgress] = w.session.assignmentIds;
    await db.assignment.updateMany({ where: { sessionId: w.session.id }, data: { feedbackStatus: "GIVEN" } });
    // Answers saved, not submitted, that raised an urgent alert: waiting for a review, not feedback.
    await db.assignment.update({
      where: { id: inProgress },
      data: { alerts: [{ question: "q2", value: 10, message: "Item 2 is very high", urgent: true }] },
    });
    // Earlier alerts nobody reviewed (a worrying answer saved, then submitted without it): to
    // review too, an assignment once whatever else it has to review.
    const urgentEarlier = (assignmentId: number | undefined) => ({
      assignmentId: assignmentId ?? 0,
      alerts: [{ question: "q2", value: 10, message: "Item 2 is very high", urgent: true }],
      alertsAt: new Date(Date.now() - 7_200_000),
      clearedAt: new Date(Date.now() - 3_600_000),
    });
    await db.earlierAlertReview.createMany({ data: [urgentEarlier(submitted), urgentEarlier(inProgress)] });
    await appDb().$transaction((tx) =>
      enqueue(tx, "daily-digest", { caregiverIds: [w.carer.id] }, { jobKey: `digest-review-${w.carer.id}` }),
    );
    const [digest] = of(await waitForMail(mailDir, w.carer.email), DIGEST);
    expect(digest?.text).toContain(
      "No homework is waiting for your feedback. 2 urgent alerts are waiting for your review.",
    );
    for (const secret of ["Item 2", w.client.name]) expect(`${digest?.text} ${digest?.html}`).not.toContain(secret);

    // Reviewed, or not urgent: nothing to say, so another caregiver's world gets no digest.
    const v = await makeWorld();
    const [reviewed, notUrgent] = v.session.assignmentIds;
    await db.assignment.updateMany({ where: { sessionId: v.session.id }, data: { feedbackStatus: "GIVEN" } });
    await db.assignment.update({
      where: { id: reviewed },
      data: {
        alerts: [{ question: "q2", value: 10, message: "Item 2 is very high", urgent: true }],
        alertReviewedAt: new Date(),
        alertReviewerId: v.carer.id,
      },
    });
    await db.assignment.update({
      where: { id: notUrgent },
      data: { alerts: [{ question: "q1", value: 1, message: "Low wellbeing", urgent: false }] },
    });
    await db.earlierAlertReview.createMany({
      data: [
        { ...urgentEarlier(reviewed), reviewedAt: new Date(), reviewerId: v.carer.id },
        {
          ...urgentEarlier(notUrgent),
          alerts: [{ question: "q1", value: 1, message: "Low wellbeing", urgent: false }],
        },
      ],
    });
    await appDb().$transaction((tx) =>
      enqueue(tx, "daily-digest", { caregiverIds: [v.carer.id] }, { jobKey: `digest-none-${v.carer.id}` }),
    );
    await jobDone(`digest-none-${v.carer.id}`);
    await mailDrained(appDb(), mailDir);
    expect(of(mailTo(mailDir, v.carer.email), DIGEST)).toHaveLength(0);
  });

  it("is not sent to a caregiver who turned it off", async () => {
    const w = await makeWorld();
    await updateEmailSettings(await w.scope("carer"), { digestOn: false });
    await appDb().$transaction((tx) =>
      enqueue(tx, "daily-digest", { caregiverIds: [w.carer.id] }, { jobKey: "digest-off" }),
    );
    await jobDone("digest-off");
    await mailDrained(appDb(), mailDir);
    expect(of(mailTo(mailDir, w.carer.email), DIGEST)).toHaveLength(0);
  });
});
