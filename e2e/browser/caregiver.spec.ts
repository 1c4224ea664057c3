import { parseApiDate } from "@/lib/api-client/format-date";
import { formatDate } from "@/lib/dates";
import { makeSession } from "@/prisma/factories";
import { db, expect, loseAnswers, makeClinicWorld, signIn, test } from "../support/fixtures";

test.describe("caregiver pages", () => {
  test("a session whose homework nobody submitted yet says so where it can be closed", async ({ page }) => {
    const w = await makeClinicWorld();
    const [intro] = w.book.modules;
    if (!intro) throw new Error("the world's book has no module");
    const fresh = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `Nothing in ${w.u}`,
      startAt: new Date(Date.now() - 3_600_000),
      assignments: [{ bookId: w.book.id, moduleId: intro.id }],
    });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${fresh.id}`);
    const close = page.getByRole("region", { name: "Close the session" });
    await expect(close).toContainText("Nothing was submitted yet, so nothing waits for your feedback.");
    await expect(close.getByText("All submitted homework has feedback.")).toHaveCount(0);
  });

  test("a caregiver opens the session, sees the progress, gives feedback, sees the counts change and closes the session", async ({
    page,
  }, info) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");
    await expect(page.getByRole("heading", { name: "Feedback due" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Robin Client ${w.u}: Self-test` })).toBeVisible();
    await page.getByRole("link", { name: `Robin Client ${w.u}: Week 1 ${w.u}` }).click();

    await expect(page).toHaveURL(new RegExp(`/caregiver/sessions/${w.session.id}$`));
    await expect(page.getByTestId("progress-text")).toHaveText("2 of 4 assignments completed · 2 pending");
    await expect(page.getByRole("progressbar", { name: "Assignments completed" })).toHaveAttribute(
      "aria-valuenow",
      "2",
    );
    const scores = page.getByRole("list", { name: "Scores of the session" });
    await expect(scores).toContainText("Self-test: 12");
    // Each score says when it was submitted, the time the browser reads (its zone, its language).
    const selfTest = await db.assignment.findFirstOrThrow({
      where: { sessionId: w.session.id, score: 12 },
      select: { submittedAt: true },
    });
    // The time as the API writes it (to the minute), read back as the page reads it.
    const submitted = selfTest.submittedAt && parseApiDate(formatDate(selfTest.submittedAt, 0));
    if (!submitted) throw new Error("the world's test has no submit time");
    const minute = submitted.toISOString();
    const item = scores.getByRole("listitem").filter({ hasText: "Self-test" });
    await expect(item).toContainText("· submitted");
    await expect(item.locator("time")).toHaveAttribute("datetime", minute);
    const local = await page.evaluate(
      (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
      minute,
    );
    await expect(item.locator("time")).toHaveText(local);
    await expect(page.getByText(/Last score/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Close session" })).toBeDisabled();
    await page.screenshot({ path: info.outputPath("session-dashboard.png"), fullPage: true });
    await info.attach("session-dashboard", {
      path: info.outputPath("session-dashboard.png"),
      contentType: "image/png",
    });

    await page.getByRole("button", { name: "Open Self-test" }).click();
    await page.getByLabel("Your feedback").fill("Clear progress, keep practising.");
    await expect(page.getByRole("spinbutton", { name: "Score (optional)" })).toHaveAccessibleDescription(
      /Your own mark for this work.*The client.s pages do not show it\./,
    );
    await page.getByRole("spinbutton", { name: "Score (optional)" }).fill("4");
    // While it is sent, pressing the button again, or Enter in a field, sends nothing more.
    // The request is held until both presses are made: held for a fixed second, its answer came
    // first on a slow run, and the form, gone with it, had no field left to press Enter in.
    let sent = 0;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/caregiver/assignment/*/feedback", async (route) => {
      sent += 1;
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Give feedback" }).click();
    const sending = page.getByRole("button", { name: "Sending…" });
    await expect(sending).toHaveAttribute("aria-disabled", "true");
    await expect(sending).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByRole("spinbutton", { name: "Score (optional)" }).press("Enter");
    release();
    await expect(page.getByText("Clear progress, keep practising.")).toBeVisible();
    expect(sent).toBe(1);
    await expect(page.getByText("All submitted homework has feedback.")).toBeVisible();
    // The form goes once the feedback is given: the focus goes to the assignment's feedback, where
    // the new one is, not to the top of the page.
    await expect(page.getByRole("heading", { name: "Feedback", exact: true, level: 4 })).toBeFocused();

    await page.getByLabel("Feedback on the whole session").fill("A good first week.");
    await page.getByRole("button", { name: "Add session feedback" }).click();
    await expect(page.getByText("A good first week.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add session feedback" })).toBeFocused();

    await page.getByRole("button", { name: "Close session" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Close session" }).click();
    await expect(page.getByRole("heading", { name: "Close the session" })).toBeHidden();
    await expect(page.locator("header").getByText("completed")).toBeVisible();
    await page.goto("/caregiver");
    await expect(page.getByText("Nothing is waiting for your feedback.")).toBeVisible();
  });

  test("at 375 px the assignments table keeps its table semantics for screen readers", async ({ page }) => {
    const w = await makeClinicWorld();
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await expect(page.getByRole("table", { name: "Assignments of the session" })).toBeVisible();
    // Chromium's own accessibility tree (what a screen reader reads), not Playwright's role engine,
    // which derives roles from tag names whatever the CSS does: below 640 px the rows are grids.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: { ignored: boolean; role?: { value: string } }[];
    };
    const count = (role: string) => nodes.filter((n) => !n.ignored && n.role?.value === role).length;
    // One table: a header row and a row per assignment (4), seven columns, header and body groups.
    expect({
      table: count("table"),
      rowgroup: count("rowgroup"),
      row: count("row"),
      columnheader: count("columnheader"),
      cell: count("cell"),
    }).toEqual({ table: 1, rowgroup: 2, row: 5, columnheader: 7, cell: 28 });
  });

  test("at 375 px a row's Open brings its panel into view and to the focus; Cancel goes back to the row", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("button", { name: "Open Self-test" }).click();
    const title = page.getByRole("heading", { name: "Self-test", level: 3 });
    await expect(title).toBeFocused();
    // The row's button folds the work away; "Close" beside "Close session" read as closing something.
    await expect(page.getByRole("button", { name: "Hide Self-test", expanded: true })).toBeVisible();
    await expect(title).toBeInViewport();
    await page.getByRole("form", { name: "Feedback on Self-test" }).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Open Self-test" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Open Self-test" })).toBeInViewport();
  });

  test("a feedback the API would refuse is held back with the page's own words at its field, which takes the focus; nothing is sent", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/feedback")) sent.push(r.url());
    });
    await page.getByRole("button", { name: "Open Self-test" }).click();
    const form = page.getByRole("form", { name: "Feedback on Self-test" });
    const text = form.getByLabel("Your feedback");
    const score = form.getByRole("spinbutton", { name: "Score (optional)" });
    await text.fill("   ");
    await form.getByRole("button", { name: "Give feedback" }).click();
    await expect(text).toBeFocused();
    await expect(text).toHaveAccessibleDescription(/Write your feedback before you send it\./);
    await text.fill("Good work.");
    await score.fill("-2");
    await form.getByRole("button", { name: "Give feedback" }).click();
    await expect(score).toBeFocused();
    await expect(score).toHaveAccessibleDescription(/The score is a number from 0 to 100,000\./);
    await expect(text).not.toHaveAttribute("aria-invalid");
    // Text the number field cannot read is no score left out: it is said, not dropped.
    await score.fill("");
    await score.pressSequentially("1e");
    await form.getByRole("button", { name: "Give feedback" }).click();
    await expect(score).toBeFocused();
    await expect(score).toHaveAccessibleDescription(/The score is a number from 0 to 100,000\./);

    const session = page.getByRole("region", { name: "Session feedback" });
    await session.getByRole("button", { name: "Add session feedback" }).click();
    await expect(session.getByLabel("Feedback on the whole session")).toBeFocused();
    await expect(session.getByLabel("Feedback on the whole session")).toHaveAccessibleDescription(
      /Write your feedback before you send it\./,
    );
    expect(sent).toEqual([]);

    await score.fill("4");
    await form.getByRole("button", { name: "Give feedback" }).click();
    await expect(page.getByText("Feedback sent.")).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test("feedback being written on one assignment waits while another is opened", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("button", { name: "Open Self-test" }).click();
    const form = page.getByRole("form", { name: "Feedback on Self-test" });
    await form.getByLabel("Your feedback").fill("Well noticed: the worry came before the walk.");
    await form.getByRole("spinbutton", { name: "Score (optional)" }).fill("7");
    await page.getByRole("button", { name: "Open Sleep diary" }).click();
    await expect(form).toHaveCount(0);
    await page.getByRole("button", { name: "Open Self-test" }).click();
    await expect(form.getByLabel("Your feedback")).toHaveValue("Well noticed: the worry came before the walk.");
    await expect(form.getByRole("spinbutton", { name: "Score (optional)" })).toHaveValue("7");
  });

  test("feedback forms say what the API would refuse at the field and can be cancelled", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("button", { name: "Open Self-test" }).click();
    const form = page.getByRole("form", { name: "Feedback on Self-test" });
    await form.getByLabel("Your feedback").fill("Good.");
    const score = form.getByRole("spinbutton", { name: "Score (optional)" });
    await score.fill("200000");
    await form.getByRole("button", { name: "Give feedback" }).click();
    // The API's rule (at most 100000), said by the page at the score field.
    await expect(score).toHaveAttribute("aria-invalid", "true");
    await expect(score).toHaveAccessibleDescription(/The score is a number from 0 to 100,000\.$/);
    await expect(form.getByLabel("Your feedback")).not.toHaveAttribute("aria-invalid", "true");

    // Words written are not thrown away by one press: Cancel asks first.
    await form.getByRole("button", { name: "Cancel" }).click();
    const ask = page.getByRole("alertdialog", { name: "Discard your feedback on Self-test?" });
    await ask.getByRole("button", { name: "Keep writing" }).click();
    await expect(form.getByLabel("Your feedback")).toHaveValue("Good.");
    await form.getByRole("button", { name: "Cancel" }).click();
    await ask.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByRole("form", { name: "Feedback on Self-test" })).toHaveCount(0);
    // Focus goes back to the row's button that opened it, not to the top of the page.
    await expect(page.getByRole("button", { name: "Open Self-test" })).toBeFocused();
    await page.getByRole("button", { name: "Open Self-test" }).click();
    await expect(form.getByLabel("Your feedback")).toHaveValue("");
    await expect(form.getByRole("spinbutton", { name: "Score (optional)" })).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );

    const session = page.getByRole("region", { name: "Session feedback" });
    await session.getByLabel("Feedback on the whole session").fill("x".repeat(5001));
    await session.getByRole("button", { name: "Add session feedback" }).click();
    await expect(session.getByLabel("Feedback on the whole session")).toHaveAccessibleDescription(
      /5,001 characters long; the most is 5,000\./,
    );
    await session.getByRole("button", { name: "Cancel" }).click();
    await page
      .getByRole("alertdialog", { name: "Discard your feedback on the session?" })
      .getByRole("button", { name: "Discard" })
      .click();
    await expect(session.getByLabel("Feedback on the whole session")).toHaveValue("");
    await expect(session.getByLabel("Feedback on the whole session")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("session feedback sent again after its answer was lost is added once; the same words after an answer are a second", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    const session = page.getByRole("region", { name: "Session feedback" });
    const field = session.getByLabel("Feedback on the whole session");
    const text = `Steady progress this week ${w.u}`;
    // The server adds the feedback; its answer never reaches the browser (a dropped connection).
    const lost = await loseAnswers(page, `**/gateway/profile/caregiver/session/${String(w.session.id)}/feedback`);
    await field.fill(text);
    await session.getByRole("button", { name: "Add session feedback" }).click();
    await expect(session.getByRole("alert")).toBeVisible();
    await expect(field).toHaveValue(text);
    await lost.restore();

    await session.getByRole("button", { name: "Add session feedback" }).click();
    await expect(field).toHaveValue("");
    await expect(session.getByText(text)).toHaveCount(1);
    const given = () => db.feedback.count({ where: { sessionId: w.session.id, kind: "SESSION", text } });
    expect(await given()).toBe(1);
    await field.fill(text);
    await session.getByRole("button", { name: "Add session feedback" }).click();
    await expect(session.getByText(text)).toHaveCount(2);
    expect(await given()).toBe(2);
  });

  test("a caregiver of another clinic cannot open the session", async ({ page }) => {
    const w = await makeClinicWorld();
    const other = await makeClinicWorld();
    await signIn(page, other.carer.username, other.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await expect(page.getByRole("alert").filter({ hasText: "session not found" })).toBeVisible();
    await expect(page.getByText(`Week 1 ${w.u}`)).toHaveCount(0);
  });
});
