import { enqueue } from "@/lib/jobs/enqueue";
import { PHQ9 } from "@/lib/library/measures";
import { ModuleDefinition, isQuestion } from "@/lib/schemas/module-definition";
import { libraryHomework } from "../support/library-homework";
import { buildPhq9Story } from "../support/measure-story";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";
import { accessible } from "../support/accessible";
import { makeBook, makeSession } from "@/prisma/factories";

// What the care team sees of a weekly PHQ-9: everything asserted is derived from the definition the
// story used, so the spec holds whichever version of the instrument the library ships.
/** The saved answers' notice, an hour after the save, runs now; done once the alerts are stored. */
async function tellCareTeamNow(assignmentId: number) {
  const jobKey = `saved-alert:${String(assignmentId)}`;
  await db.$transaction((tx) => enqueue(tx, "saved-alert", { assignmentId }, { runAt: new Date(), jobKey }));
  await expect
    .poll(async () => (await db.assignment.findUniqueOrThrow({ where: { id: assignmentId } })).alerts, {
      timeout: 20_000,
    })
    .not.toEqual([]);
}

/**
 * The client's PHQ-9 once a week for `weeks` weeks up to last week, scoring the week's number (1, 2…),
 * each submitted the day after its session began, in closed sessions titled "<title> 01"…; when
 * each week began.
 */
async function weeklyPhq9(w: Awaited<ReturnType<typeof makeClinicWorld>>, weeks: number, title: string) {
  const book = await makeBook(db, {
    clinicId: w.clinic.id,
    name: `Measures ${w.u}`,
    modules: [{ name: PHQ9.name, definition: PHQ9.definition }],
  });
  const [phq] = book.modules;
  if (!phq) throw new Error("no module");
  await db.module.update({ where: { id: phq.id }, data: { libraryKey: PHQ9.key } });
  const weekStart = (week: number) => new Date(Date.now() - (weeks + 1 - week) * 7 * 24 * 3600 * 1000);
  for (let week = 1; week <= weeks; week++) {
    await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `${title} ${String(week).padStart(2, "0")} ${w.u}`,
      startAt: weekStart(week),
      closed: true,
      assignments: [
        {
          bookId: book.id,
          moduleId: phq.id,
          status: "COMPLETE",
          feedbackStatus: "GIVEN",
          score: week,
          submittedAfterDays: 1,
        },
      ],
    });
  }
  return weekStart;
}

test.describe("the care team's view of answers and scores", () => {
  test("the caregiver sees the alert first in feedback due, the score, band and alert on the dashboard, and the answers in words", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const story = await buildPhq9Story(db, w);
    const alerted = story.weeks[2]!;
    const [alert] = alerted.alerts;
    if (!alert) throw new Error("the story's last week raises an alert");
    // The world's Self-test waits since two days, longer than the PHQ-9: only the alert puts the PHQ-9 first.
    await db.assignment.update({
      where: { id: w.session.assignmentIds[2]! },
      data: { submittedAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) },
    });
    await signIn(page, w.carer.username, w.carer.password);

    await page.goto("/caregiver");
    const due = page.getByRole("region", { name: "Feedback due" }).getByRole("listitem");
    await expect(due).toHaveCount(2);
    // The order is said, not only shown.
    await expect(page.getByRole("region", { name: "Feedback due" })).toContainText(
      "Alerts first, then the longest waiting.",
    );
    // Submitted last, listed first: its alert.
    await expect(due.first()).toContainText(`Robin Client ${w.u}: PHQ-9`);
    await expect(due.first()).toContainText("Alert");
    await expect(due.first()).toContainText(`Score ${alerted.score} · ${alerted.band}`);
    await expect(due.nth(1)).toContainText(`Robin Client ${w.u}: Self-test`);
    await expect(due.nth(1)).not.toContainText("Alert");

    await due.first().getByRole("link").click();
    await expect(page).toHaveURL(
      new RegExp(`/caregiver/sessions/${alerted.sessionId}\\?assignment=${alerted.assignmentId}$`),
    );
    const row = page.getByRole("row").filter({ hasText: "PHQ-9" });
    await expect(row).toContainText(`${alerted.score}· ${alerted.band}`);
    await expect(row.getByText("Alert")).toBeVisible();
    await expect(page.getByRole("list", { name: "Scores of the session" })).toContainText(
      `PHQ-9: ${alerted.score}· ${alerted.band}Alert`,
    );

    const panel = page.getByRole("region", { name: "PHQ-9", exact: true });
    await expect(panel.getByRole("alert")).toContainText(alert.message.en);
    // The alerted answer in the client's words, not only its number (the clinical review of 2026-11-29).
    const alertedQuestion = story.definition.blocks.filter(isQuestion).find((q) => q.key === alert.question);
    const alertedWords =
      alertedQuestion?.type === "scale"
        ? alertedQuestion.points.find((p) => p.value === alert.value)?.label.en
        : undefined;
    if (!alertedWords) throw new Error("the alerted question is a scale with a label for its value");
    await expect(panel.getByRole("alert")).toContainText(`${alertedWords} (${String(alert.value)})`);
    await expect(panel.getByTestId("result-score")).toContainText(`Score: ${alerted.score}· ${alerted.band}`);
    const questions = story.definition.blocks.filter(isQuestion);
    const answers = panel.locator("dl");
    await expect(answers.locator(":scope > div")).toHaveCount(questions.length);
    for (const [i, q] of questions.entries()) {
      const item = answers.locator(":scope > div").nth(i);
      await expect(item.getByRole("term")).toHaveText(q.label.en);
      const value = alerted.answers.get(q.key);
      const label =
        q.type === "scale"
          ? q.points.find((p) => p.value === value)?.label.en
          : q.type === "single"
            ? q.options.find((o) => o.value === value)?.label.en
            : undefined;
      if (label) await expect(item.getByRole("definition")).toContainText(label);
      // Never the key (unless the words happen to hold it).
      if (![q.label.en, label ?? ""].some((t) => t.includes(q.key))) await expect(item).not.toContainText(q.key);
    }
  });

  test("a caregiver marks an alert reviewed; the clinic's staff see who did, and cannot mark it themselves", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const story = await buildPhq9Story(db, w);
    const alerted = story.weeks[2]!;
    const dashboard = `/caregiver/sessions/${String(alerted.sessionId)}?assignment=${String(alerted.assignmentId)}`;
    const staffPage = await signedIn(w.staff);
    await staffPage.goto(dashboard);
    const staffPanel = staffPage.getByRole("region", { name: "PHQ-9", exact: true });
    await expect(staffPanel.getByTestId("alert-review")).toHaveText("Not reviewed yet.");
    await expect(staffPanel.getByRole("button", { name: "Mark as reviewed" })).toHaveCount(0);

    await signIn(page, w.carer.username, w.carer.password);
    // The caregiver's home lists the alert nobody has reviewed, and leads to it. On a phone, where
    // the list is below the sessions, a line at the top says so and leads to the list.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/caregiver");
    const toReview = page.getByRole("region", { name: "Alerts to review" });
    await expect(toReview).not.toBeInViewport();
    await page.getByRole("link", { name: "1 urgent alert to review" }).click();
    await expect(page).toHaveURL(/#alerts-heading$/);
    await expect(toReview).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 800 });
    // Beside the sessions on a desktop, the list needs no line to show it, but a keyboard reaches it
    // after every session: the line is there for the keyboard, shown while it has the focus.
    const jump = page.getByRole("link", { name: "1 urgent alert to review" });
    // Seen: the point at the link's middle is the link's.
    const seen = () =>
      jump.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
    expect(await seen()).toBe(false);
    await page.goto("/caregiver");
    await expect(jump).toBeAttached();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // the skip link
    await page.keyboard.press("Tab");
    await expect(jump).toBeFocused();
    expect(await seen()).toBe(true);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(toReview.getByRole("link", { name: `Robin Client ${w.u}: PHQ-9` })).toBeFocused();
    await expect(toReview.getByRole("listitem")).toHaveCount(1);
    await expect(toReview.getByRole("listitem")).toContainText("Alertsubmitted");
    // Followed on a phone, the link lands on the alert's panel far down the session's page: shown
    // and focused, so the caregiver and their screen reader start there.
    await page.setViewportSize({ width: 375, height: 812 });
    await toReview.getByRole("link", { name: `Robin Client ${w.u}: PHQ-9` }).click();
    await expect(page).toHaveURL(new RegExp(`${dashboard.replace("?", "\\?")}$`));
    const panel = page.getByRole("region", { name: "PHQ-9", exact: true });
    await expect(panel.getByRole("heading", { name: "PHQ-9", exact: true })).toBeFocused();
    await expect(panel.getByTestId("alert-review")).toBeInViewport();
    await expect(panel.getByTestId("alert-review")).toHaveText("Not reviewed yet.Mark as reviewed");
    await panel.getByRole("button", { name: "Mark as reviewed" }).click();
    await expect(page.getByText("Marked as reviewed.")).toBeVisible();
    const line = panel.getByTestId("alert-review");
    await expect(line).toContainText(`Reviewed by ${w.carer.name} on `);
    // The button went with the click: the focus is on the line that replaced it.
    await expect(line).toBeFocused();
    await expect(panel.getByRole("button", { name: "Mark as reviewed" })).toHaveCount(0);
    // The review is not part of the alert's live region, which would read the alert out again.
    await expect(panel.getByRole("alert")).not.toContainText("Reviewed by");
    await page.goto("/caregiver");
    await expect(toReview).toContainText("No urgent alert is waiting for a review.");
    await expect(page.getByRole("link", { name: /urgent alerts? to review/ })).toHaveCount(0);

    await staffPage.reload();
    await expect(staffPanel.getByTestId("alert-review")).toContainText(`Reviewed by ${w.carer.name} on `);
  });

  test("an alert the staff and then the duty contact were told of, still unreviewed, says who was told", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const story = await buildPhq9Story(db, w);
    const alerted = story.weeks[2]!;
    // As the escalation and the duty job leave it (they are tested through the API).
    const day = 24 * 3_600_000;
    await db.assignment.update({
      where: { id: alerted.assignmentId },
      data: { alertEscalatedAt: new Date(Date.now() - 2 * day), alertDutyToldAt: new Date(Date.now() - day) },
    });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");
    const item = page.getByRole("region", { name: "Alerts to review" }).getByRole("listitem");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Duty contact told");
    await expect(item).not.toContainText("Staff told");
    await item.getByRole("link", { name: `Robin Client ${w.u}: PHQ-9` }).click();
    const line = page.getByRole("region", { name: "PHQ-9", exact: true }).getByTestId("alert-review");
    await expect(line).toContainText(
      /^Not reviewed yet\. The clinic's staff were told on .+\. The clinic's duty contact was told on .+\.Mark as reviewed$/,
    );
    await accessible(page, "the dashboard of an alert the duty contact was told of");
  });

  test("a total in the severe band is flagged as the total score, with its value, beside the bands", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const story = await buildPhq9Story(db, w);
    const [high] = story.weeks;
    const flag = high?.alerts.find((a) => a.question === null);
    if (!high || !flag)
      throw new Error("the story's first week, every item at its highest but item 9, raises no flag on its total");
    expect(flag.urgent).toBe(false);
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${high.sessionId}?assignment=${high.assignmentId}`);
    const panel = page.getByRole("region", { name: "PHQ-9", exact: true });
    await expect(panel.getByRole("alert")).toContainText("The total score needs your attention");
    await expect(panel.getByRole("alert")).toContainText(`${flag.message.en} (Total score: ${String(high.score)})`);
    await expect(panel.getByTestId("result-score")).toContainText(`Score: ${high.score}· ${high.band}`);
  });

  test("a PHQ-9 up 6 since the client's first is flagged with the scores it rose from", async ({ page, signedIn }) => {
    const w = await makeClinicWorld();
    const clientPage = await signedIn(w.client);
    // The client submits 5, 8, then 11, in three weekly sessions (through the pages' own gateway
    // calls): up 3 at a time, 6 from the first.
    const submitted: { sessionId: number; assignmentId: number }[] = [];
    for (const [week, values] of [
      [1, [1, 1, 1, 1, 1, 0, 0, 0, 0]],
      [2, [2, 2, 1, 1, 1, 1, 0, 0, 0]],
      [3, [2, 2, 2, 2, 1, 1, 1, 0, 0]],
    ] as const) {
      const { sessionId, assignmentId } = await libraryHomework(w, "phq-9", `Mood week ${String(week)}`);
      const r = await clientPage.request.post(`/gateway/profile/client/assignment/${String(assignmentId)}/submit`, {
        data: { answers: values.map((value, i) => ({ questionKey: `item${String(i + 1)}`, value })) },
        headers: { origin: new URL(process.env.E2E_BASE_URL ?? "").origin },
      });
      expect(r.status(), await r.text()).toBe(200);
      submitted.push({ sessionId, assignmentId });
    }
    await clientPage.context().close();

    await signIn(page, w.carer.username, w.carer.password);
    const third = submitted.at(-1);
    if (!third) throw new Error("nothing submitted");
    await page.goto(`/caregiver/sessions/${String(third.sessionId)}?assignment=${String(third.assignmentId)}`);
    const alert = page.getByRole("region", { name: "PHQ-9", exact: true }).getByRole("alert");
    await expect(alert).toContainText("The total score needs your attention");
    await expect(alert).toContainText("Up 6 or more since the last PHQ-9 or the first");
    await expect(alert).toContainText("(Total score: 11, previously 8, first 5)");
  });

  test("an urgent answer saved and not submitted reaches the care team with the answer as it was saved", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const phq = await db.module.findFirstOrThrow({
      where: { libraryKey: "phq-9", book: { clinicId: w.clinic.id } },
      select: { versions: { select: { definition: true }, take: 1 } },
    });
    const item9 = ModuleDefinition.parse(phq.versions[0]?.definition)
      .blocks.filter(isQuestion)
      .find((q) => q.key === "item9");
    if (item9?.type !== "scale") throw new Error("PHQ-9's item 9 is a scale");
    const { sessionId, assignmentId } = await libraryHomework(w, "phq-9", "Left week");
    const clientPage = await signedIn(w.client);
    await clientPage.goto(`/homework/${String(assignmentId)}`);
    // Before answering, the client reads who sees the answers, and when.
    await expect(clientPage.getByText("Your care team can see your answers before you submit.")).toBeVisible();
    const point = item9.points.find((p) => p.value === 2);
    if (!point) throw new Error("item 9 has a point 2");
    await clientPage
      .getByRole("radiogroup", { name: item9.label.en })
      .getByRole("radio", { name: point.label.en })
      .check();
    await expect(clientPage.getByText("Saved", { exact: true })).toBeVisible();
    await clientPage.context().close();

    // The hour is up: the notice runs now.
    await tellCareTeamNow(assignmentId);

    await signIn(page, w.carer.username, w.carer.password);
    // The session's row says so before it is opened.
    await page.goto(`/caregiver/sessions/${String(sessionId)}`);
    await expect(page.getByRole("row", { name: /PHQ-9/ })).toContainText("Alert saved, not submitted");
    await page.goto(`/caregiver/sessions/${String(sessionId)}?assignment=${String(assignmentId)}`);
    const alert = page.getByRole("region", { name: "PHQ-9", exact: true }).getByRole("alert");
    await expect(alert).toContainText("Saved answers need your attention: not submitted yet");
    await expect(alert).toContainText(`(${item9.label.en}: ${point.label.en} (2))`);
    await page.getByRole("button", { name: "Mark as reviewed" }).click();
    await expect(page.getByText(`Reviewed by ${w.carer.name}`)).toBeVisible();

    // The client then submits, item 9 still answered: the new alerts need a review of their own,
    // and the one given stays on record below them.
    const againPage = await signedIn(w.client);
    const submitted = await againPage.request.post(
      `/gateway/profile/client/assignment/${String(assignmentId)}/submit`,
      {
        data: {
          answers: [0, 0, 0, 0, 0, 0, 0, 0, 2].map((value, i) => ({ questionKey: `item${String(i + 1)}`, value })),
        },
        headers: { origin: new URL(process.env.E2E_BASE_URL ?? "").origin },
      },
    );
    expect(submitted.status(), await submitted.text()).toBe(200);
    await againPage.context().close();
    await page.reload();
    await expect(page.getByTestId("alert-review")).toContainText("Not reviewed yet.");
    const earlier = page.getByRole("list", { name: "Earlier alerts on this homework" });
    await expect(earlier).toContainText("Alerts on saved answers, told on");
    await expect(earlier).toContainText(`reviewed by ${w.carer.name} on`);
    await expect(earlier).toContainText("when the answers were stored again");
    // With the answer as it was saved when the care team was told.
    await expect(earlier).toContainText(`(${item9.label.en}: ${point.label.en} (2))`);
  });

  test("a worrying answer saved, told, then taken back at the submit waits for a review until a caregiver marks it", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const { sessionId, assignmentId } = await libraryHomework(w, "phq-9", "Taken back week");
    const clientPage = await signedIn(w.client);
    const asClient = async (method: "put" | "post", path: string, answers: Record<string, number>) => {
      const r = await clientPage.request[method](`/gateway/profile/client/assignment/${String(assignmentId)}/${path}`, {
        data: { answers: Object.entries(answers).map(([questionKey, value]) => ({ questionKey, value })) },
        headers: { origin: new URL(process.env.E2E_BASE_URL ?? "").origin },
      });
      expect(r.status(), await r.text()).toBe(200);
    };
    // Item 9 saved at 2; the hour is up and the care team is told; then the client takes it back.
    await asClient("put", "autosave", { item9: 2 });
    await tellCareTeamNow(assignmentId);
    // Submitted with item 9 at 0, and a total of 21: a flag of the severe band, not urgent.
    await asClient(
      "post",
      "submit",
      Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`item${String(i + 1)}`, i < 7 ? 3 : 0])),
    );
    await clientPage.context().close();

    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");
    const toReview = page
      .getByRole("region", { name: "Alerts to review" })
      .getByRole("listitem")
      .filter({ hasText: `${w.client.name}: PHQ-9` });
    await expect(toReview).toContainText("saved before the submit");
    await toReview.getByRole("link").click();
    await expect(page).toHaveURL(
      new RegExp(`/caregiver/sessions/${String(sessionId)}\\?assignment=${String(assignmentId)}`),
    );
    const earlier = page.getByRole("list", { name: "Earlier alerts on this homework" });
    await expect(earlier).toContainText("not reviewed.");
    // The flag's review would mark the earlier alerts too, and says so; the flag does not hold
    // back their own button.
    const both = page.getByRole("button", { name: "Mark these and the earlier alerts as reviewed" });
    await expect(both).toBeVisible();
    await page.getByRole("button", { name: "Mark earlier alerts as reviewed" }).click();
    await expect(earlier).toContainText(`reviewed by ${w.carer.name} on`);
    await expect(page.getByRole("button", { name: "Mark earlier alerts as reviewed" })).toHaveCount(0);
    await expect(both).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Mark as reviewed", exact: true })).toBeVisible();
    await page.goto("/caregiver");
    await expect(page.getByRole("region", { name: "Alerts to review" })).toContainText(
      "No urgent alert is waiting for a review.",
    );
  });

  test("on a phone, the client's page draws a chart only once it scrolls into view", async ({ page }) => {
    const w = await makeClinicWorld();
    await buildPhq9Story(db, w);
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}`);
    const chart = page.getByTestId("chart-phq-9");
    // The scores are there as text at once; the drawing (most of the page's JavaScript) waits.
    await expect(page.getByRole("table", { name: "PHQ-9 scores by session" })).toBeAttached();
    await expect(chart).not.toBeInViewport();
    await page.waitForLoadState("networkidle");
    await expect(chart.locator("svg")).toHaveCount(0);
    // Meanwhile its box holds a placeholder, not a blank.
    await expect(chart.locator('[data-slot="skeleton"]')).toHaveCount(1);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator(".recharts-line-dots circle").first()).toBeVisible();
  });

  test("on a phone, a band's label is drawn clear of the points near its line (at the other end)", async ({ page }) => {
    const w = await makeClinicWorld();
    // Scores 1 to 6: the last point sits just above the line where "Mild" begins (5).
    await weeklyPhq9(w, 6, "Week");
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}`);
    const chart = page.getByTestId("chart-phq-9");
    await chart.scrollIntoViewIfNeeded();
    const dots = chart.locator(".recharts-line-dots circle");
    await expect(dots).toHaveCount(6);
    await chart.screenshot({ path: "/tmp/chart-375.png" });
    const label = await chart
      .locator(".recharts-label")
      .filter({ hasText: /^Mild$/ })
      .boundingBox();
    const boxes = await Promise.all([0, 5].map((i) => dots.nth(i).boundingBox()));
    if (!label || boxes.some((b) => !b)) throw new Error("the chart is not drawn");
    // Apart by a few pixels at least: a point touching the word reads as part of it.
    const gap = 4;
    for (const b of boxes) {
      if (!b) continue;
      const apart =
        b.x > label.x + label.width + gap ||
        b.x + b.width + gap < label.x ||
        b.y > label.y + label.height + gap ||
        b.y + b.height + gap < label.y;
      expect(apart, `a point at ${JSON.stringify(b)} under the label at ${JSON.stringify(label)}`).toBe(true);
    }
  });

  test("a year of scores: the table shows the latest ten, and all of them on asking, the focus on the table", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    // Fourteen weekly scores, 1 to 14, the oldest first.
    await weeklyPhq9(w, 14, "Year week");
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${String(w.client.id)}`);
    const table = page.getByRole("table", { name: "PHQ-9 scores by session" });
    const rows = table.getByRole("rowgroup").last().getByRole("row");
    await expect(rows).toHaveCount(10);
    await expect(page.getByRole("table", { name: "PHQ-9 scores by session: the latest 10 of 14" })).toBeAttached();
    await expect(rows.first()).toContainText(`Year week 05 ${w.u}`);
    await expect(rows.last()).toContainText(`Year week 14 ${w.u}`);
    await page.getByRole("button", { name: "Show all 14 PHQ-9 scores" }).click();
    await expect(rows).toHaveCount(14);
    await expect(rows.first()).toContainText(`Year week 01 ${w.u}`);
    await expect(page.getByRole("button", { name: /PHQ-9 scores/ })).toHaveCount(0);
    await expect(table).toBeFocused();
    await accessible(page, "a year of PHQ-9 scores, all shown");
  });

  test("a new episode of care: the chart marks where it began, the table lists the scores before it and of it apart", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    // Twelve weekly scores, the oldest first; the episode began between the tenth and the eleventh.
    const weekStart = await weeklyPhq9(w, 12, "Episode week");
    const began = new Date(weekStart(10).getTime() + 4 * 24 * 3600 * 1000);
    await db.client.update({ where: { id: w.client.id }, data: { careEpisodeStartedAt: began } });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(w.client.id)}`);

    const chart = page.getByTestId("chart-phq-9");
    await chart.scrollIntoViewIfNeeded();
    // A line more than the bands' thresholds, labelled (in the labels' own layer, as the thresholds').
    const lines = chart.locator(".recharts-reference-line");
    const thresholds = PHQ9.definition.scoring!.bands.length - 1;
    const episodeLabel = chart.locator(".recharts-label").filter({ hasText: /^New episode of care$/ });
    await expect(lines).toHaveCount(thresholds + 1);
    await expect(episodeLabel).toBeVisible();
    const table = page.getByRole("table", { name: "PHQ-9 scores by session: the latest 10 of 12" });
    const before = table.getByRole("rowgroup").nth(1);
    const during = table.getByRole("rowgroup").nth(2);
    await expect(before.getByRole("rowheader")).toHaveText("Before this episode of care");
    await expect(before.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveCount(8);
    await expect(before).toContainText(`Episode week 03 ${w.u}`);
    await expect(before).toContainText(`Episode week 10 ${w.u}`);
    await expect(during.getByRole("rowheader")).toHaveText(/^This episode of care, since .*\d{4}$/);
    await expect(during.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveCount(2);
    await expect(during).toContainText(`Episode week 11 ${w.u}`);
    await expect(during).toContainText(`Episode week 12 ${w.u}`);
    await accessible(page, "PHQ-9 scores of two episodes of care");

    // Another episode now: every score shown came before it, and the chart has no line to draw.
    const episode = page.getByRole("region", { name: "Episode of care" });
    await episode.getByRole("button", { name: "Start a new episode of care" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Start new episode" }).click();
    await expect(page.getByText("New episode of care started.")).toBeVisible();
    await expect(table.getByRole("rowheader")).toHaveText(["Before this episode of care"]);
    await expect(
      table
        .getByRole("rowgroup")
        .nth(1)
        .getByRole("row")
        .filter({ has: page.getByRole("cell") }),
    ).toHaveCount(10);
    await expect(episodeLabel).toHaveCount(0);
    await expect(lines).toHaveCount(thresholds);
  });

  test("the client's page shows each measure across sessions as a chart with its band lines and as a table", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const story = await buildPhq9Story(db, w);
    const scoring = story.definition.scoring!;
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${story.weeks[2]!.sessionId}`);
    await page.getByRole("link", { name: `Scores over time on Robin Client ${w.u}'s page` }).focus();
    await page.keyboard.press("Enter");
    // At the scores, with the focus there, not at the top of the client's page (found by a review
    // as a keyboard user): the next Tab is in the measures.
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}#measures-heading$`));
    const measures = page.getByRole("region", { name: "Measures over time" });
    await expect(measures.getByRole("heading", { name: "Measures over time" })).toBeFocused();
    await expect(measures.getByRole("heading", { name: "Measures over time" })).toBeInViewport();

    const phq = measures.getByRole("region", { name: /^PHQ-9/ });
    await expect(phq.getByRole("heading")).toHaveText(`PHQ-9 (score ${scoring.range.min}–${scoring.range.max})`);
    await expect(page.getByTestId("bands-phq-9")).toHaveText(
      `Bands: ${scoring.bands.map((b) => `${b.min}–${b.max} ${b.label.en}`).join("; ")}`,
    );
    // A line at each band's threshold (PHQ-9: 5, 10, 15, 20), labelled with the band it starts.
    const chart = page.getByTestId("chart-phq-9");
    await chart.scrollIntoViewIfNeeded();
    const thresholds = scoring.bands.slice(1);
    await expect(chart.locator(".recharts-line-dots circle")).toHaveCount(story.weeks.length);
    await expect(chart.locator(".recharts-reference-line")).toHaveCount(thresholds.length);
    for (const b of thresholds) {
      // recharts draws the lines' labels in a layer of their own, above the lines.
      await expect(chart.locator(".recharts-label").filter({ hasText: new RegExp(`^${b.label.en}$`) })).toBeVisible();
      await expect(
        chart.locator(".recharts-cartesian-axis-tick-value").filter({ hasText: new RegExp(`^${b.min}$`) }),
      ).toBeVisible();
    }

    // The text equivalent: one row per submitted PHQ-9, oldest first, with its band and alert.
    const table = phq.getByRole("table", { name: "PHQ-9 scores by session" });
    const rows = table.getByRole("rowgroup").last().getByRole("row");
    await expect(rows).toHaveCount(story.weeks.length);
    for (const [i, week] of story.weeks.entries()) {
      await expect(rows.nth(i)).toContainText(week.title);
      await expect(rows.nth(i)).toContainText(String(week.score));
      await expect(rows.nth(i)).toContainText(week.band);
      if (week.alerts.length > 0) await expect(rows.nth(i)).toContainText("Alert");
      else await expect(rows.nth(i)).not.toContainText("Alert");
    }
  });
});
