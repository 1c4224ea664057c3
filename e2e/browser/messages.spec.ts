import { db, expect, loseAnswers, makeClinicWorld, signIn, test } from "../support/fixtures";
import { accessible } from "../support/accessible";

// A session's conversation on the pages: the caregiver's session dashboard and the client's session
// page, each polling for new messages (docs/messages.md).

test.describe("messages in a session", () => {
  test.setTimeout(120_000);

  test("a caregiver and a client exchange messages; each sees the other's appear without reloading", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    // The caregiver's session dashboard.
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    const carerLog = page.getByRole("log", { name: "Conversation" });
    await expect(carerLog).toContainText("No message yet");
    const hello = `Hello from your caregiver ${w.u}`;
    await expect(page.getByLabel("Your message")).toHaveAccessibleDescription(
      "Enter sends; Shift+Enter starts a new line.",
    );
    await page.getByLabel("Your message").fill(hello);
    await page.getByLabel("Your message").press("Enter");
    await expect(carerLog.getByTestId("message").filter({ hasText: hello })).toContainText("You,");
    await expect(page.getByLabel("Your message")).toHaveValue("");

    // The client, in a browser of their own: an unread message on the home page.
    const client = await signedIn(w.client);
    await client.goto("/homework");
    const nav = client.getByRole("navigation", { name: "Main" });
    await expect(nav.getByText("1 unread message")).toBeAttached();
    const sessions = client.getByRole("region", { name: "My sessions and messages" });
    await expect(sessions.getByText("1 unread message")).toBeAttached();
    await sessions.getByRole("link", { name: w.session.title }).click();
    await expect(client).toHaveURL(new RegExp(`/homework/sessions/${String(w.session.id)}$`));
    await expect(client.getByRole("heading", { name: w.session.title, level: 1 })).toBeVisible();
    const clientLog = client.getByRole("log", { name: "Messages with your care team" });
    await expect(clientLog.getByTestId("message").filter({ hasText: hello })).toContainText(w.carer.name);
    // Read: the badge goes.
    await expect(nav.getByText("1 unread message")).toHaveCount(0, { timeout: 20_000 });
    await accessible(client, "the client's session page");

    // The client answers; the caregiver's open page shows it without a reload.
    const reply = `Thanks, see you Monday ${w.u}`;
    await client.getByLabel("Your message").fill(reply);
    await client.getByRole("button", { name: "Send" }).click();
    await expect(clientLog.getByTestId("message").filter({ hasText: reply })).toContainText("You,");
    // Sending keeps the focus where it was (a button disabled while it sends would lose it).
    await expect(client.getByRole("button", { name: "Send" })).toBeFocused();
    await expect(carerLog.getByTestId("message").filter({ hasText: reply })).toContainText(w.client.name, {
      timeout: 20_000,
    });

    // And the other way round, on the client's open page.
    const again = `One more thing ${w.u}`;
    await page.getByLabel("Your message").fill(again);
    await page.getByLabel("Your message").press("Enter");
    await expect(clientLog.getByTestId("message").filter({ hasText: again })).toBeVisible({ timeout: 20_000 });
    await accessible(page, "the session dashboard with its conversation");

    // A blank message is refused in words, at the field, before anything is sent.
    await client.getByLabel("Your message").fill("   ");
    await client.getByLabel("Your message").press("Enter");
    await expect(client.getByLabel("Your message")).toHaveAccessibleDescription(
      /Write your message before sending it\./,
    );
    await expect(client.getByLabel("Your message")).toHaveAttribute("aria-invalid", "true");
    // Writing it clears the refusal once it is sent.
    const last = `Last word ${w.u}`;
    await client.getByLabel("Your message").fill(last);
    await expect(client.getByLabel("Your message")).not.toHaveAttribute("aria-invalid");
    await client.getByLabel("Your message").press("Enter");
    await expect(clientLog.getByTestId("message").filter({ hasText: last })).toBeVisible();
    await expect(client.getByLabel("Your message")).not.toHaveAttribute("aria-invalid");
  });

  test("on a touch screen Enter starts a new line and Send sends, for the care team and the client alike", async ({
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    for (const [person, url, hint] of [
      [w.carer, `/caregiver/sessions/${String(w.session.id)}`, "Enter starts a new line."],
      [w.client, `/homework/sessions/${String(w.session.id)}`, "Enter starts a new line."],
    ] as const) {
      const page = await signedIn(person, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
      await page.goto(url);
      const field = page.getByLabel("Your message");
      await expect(field).toHaveAccessibleDescription(hint);
      await field.fill(`First line from ${person.username}`);
      await field.press("Enter");
      await field.pressSequentially("second line");
      await expect(field).toHaveValue(`First line from ${person.username}\nsecond line`);
      await page.getByRole("button", { name: "Send", exact: true }).tap();
      await expect(field).toHaveValue("");
      await expect(page.getByRole("log").getByTestId("message").last()).toContainText(
        `First line from ${person.username}\nsecond line`,
        { useInnerText: true },
      );
    }
    // One message each: Enter sent nothing half-written.
    expect(await db.message.count({ where: { sessionId: w.session.id } })).toBe(2);
  });

  test("a message sent again after its answer was lost is posted once; another text is a message of its own", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    const log = page.getByRole("log", { name: "Conversation" });
    const box = page.getByLabel("Your message");
    const text = `Did the walk help? ${w.u}`;
    // The server posts the message; its answer never reaches the browser (a dropped connection).
    const lost = await loseAnswers(page, `**/gateway/profile/session/${String(w.session.id)}/message`);
    await box.fill(text);
    await box.press("Enter");
    await expect(page.getByText(/The message was not sent/)).toBeVisible();
    await expect(box).toHaveValue(text);
    await lost.restore();

    await page.getByRole("button", { name: "Send" }).click();
    await expect(box).toHaveValue("");
    await expect(log.getByTestId("message").filter({ hasText: text })).toHaveCount(1);
    // The same words once more, now that the first were answered: a second message.
    await box.fill(text);
    await box.press("Enter");
    await expect(log.getByTestId("message").filter({ hasText: text })).toHaveCount(2);
    expect(await db.message.count({ where: { sessionId: w.session.id, text } })).toBe(2);
  });

  test("an open home page polls only the unread count, which writes no audit row; a new message reads the lists again", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const carer = await db.account.findFirstOrThrow({ where: { caregiverId: w.carer.id }, select: { id: true } });
    const client = await db.account.findFirstOrThrow({ where: { clientId: w.client.id }, select: { id: true } });
    const sessionReads = () => db.auditLog.count({ where: { accountId: client.id, action: "READ_SESSION" } });
    await db.message.create({ data: { sessionId: w.session.id, authorAccountId: carer.id, text: `Hi ${w.u}` } });
    await page.clock.install();
    await signIn(page, w.client.username, w.client.password);
    await page.goto("/homework");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByText("1 unread message")).toBeAttached();
    const sessions = page.getByRole("region", { name: "My sessions and messages" });
    await expect(sessions.getByText("1 unread message")).toBeAttached();
    await page.waitForLoadState("networkidle");
    const afterLoad = await sessionReads();
    expect(afterLoad).toBeGreaterThan(0);

    // A minute open, nothing new: four polls of the count, no list read again, no row written.
    const polls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/gateway/profile/conversation")) polls.push(new URL(r.url()).pathname);
    });
    const countPolled = () => page.waitForResponse((r) => r.url().endsWith("/gateway/profile/conversation/unread"));
    for (let i = 0; i < 4; i++) {
      // Each poll answered before the next: a poll still waiting is not sent twice.
      const answered = countPolled();
      await page.clock.runFor(15_000);
      await answered;
    }
    await page.waitForLoadState("networkidle");
    expect(polls).toEqual(Array<string>(4).fill("/gateway/profile/conversation/unread"));
    expect(await sessionReads()).toBe(afterLoad);

    // A second message: the next poll's count changes, and the lists are read again.
    await db.message.create({ data: { sessionId: w.session.id, authorAccountId: carer.id, text: `Again ${w.u}` } });
    const answered = countPolled();
    await page.clock.runFor(15_000);
    await answered;
    await expect(nav.getByText("2 unread messages")).toBeAttached();
    await expect(sessions.getByText("2 unread messages")).toBeAttached();
    expect(polls).toContain("/gateway/profile/conversation");
    expect(await sessionReads()).toBeGreaterThan(afterLoad);
  });

  test("a long conversation shows its latest thirty; older ones come a hundred at a time, above, as new ones keep coming", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const carer = await db.account.findFirstOrThrow({ where: { caregiverId: w.carer.id }, select: { id: true } });
    const client = await db.account.findFirstOrThrow({ where: { clientId: w.client.id }, select: { id: true } });
    // A long year of messages: 235, each side in turn ("Message 001" is the oldest).
    const text = (n: number) => `Message ${String(n).padStart(3, "0")} ${w.u}`;
    await db.message.createMany({
      data: Array.from({ length: 235 }, (_, i) => ({
        sessionId: w.session.id,
        authorAccountId: i % 2 ? client.id : carer.id,
        text: text(i + 1),
      })),
    });
    await signIn(page, w.carer.username, w.carer.password);
    // The page's HTML carries the latest thirty, not the year.
    const html = await (await page.request.get(`/caregiver/sessions/${String(w.session.id)}`)).text();
    expect(html).toContain(text(235));
    expect(html).toContain(text(206));
    expect(html).not.toContain(text(205));
    expect(html).not.toContain(text(1));

    await page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    const log = page.getByRole("log", { name: "Conversation" });
    const box = page.getByRole("group", { name: "Conversation" });
    const shown = box.getByTestId("message");
    await expect(log.getByTestId("message")).toHaveCount(30);
    await expect(log.getByTestId("message").last()).toContainText(text(235));
    // The box opens at its end.
    await box.scrollIntoViewIfNeeded();
    await expect(log.getByTestId("message").last()).toBeInViewport();
    await page.getByRole("button", { name: "Show earlier messages (205)" }).click();
    await expect(shown).toHaveCount(130);
    // Put above the latest, apart from the log (a screen reader does not hear them as new), and the
    // messages in view stay where they were instead of jumping to the oldest.
    const older = page.getByRole("list", { name: "Earlier messages" }).getByTestId("message");
    await expect(older.first()).toContainText(text(106));
    await expect(older.last()).toContainText(text(205));
    await expect(log.getByTestId("message")).toHaveCount(30);
    await expect(log.getByTestId("message").first()).toBeInViewport();

    // With the keyboard, the button keeps the focus and stays in view.
    const next = page.getByRole("button", { name: "Show earlier messages (105)" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(shown).toHaveCount(230);
    const rest = page.getByRole("button", { name: "Show earlier messages (5)" });
    await expect(rest).toBeFocused();
    await expect(rest).toBeInViewport();

    // A message the client writes meanwhile comes at the end, the earlier ones kept; someone reading
    // back is not taken to it.
    const clientPage = await signedIn(w.client);
    await clientPage.goto(`/homework/sessions/${String(w.session.id)}`);
    const clientLog = clientPage.getByRole("log", { name: "Messages with your care team" });
    await expect(clientLog.getByTestId("message")).toHaveCount(30);
    await expect(clientPage.getByRole("button", { name: "Show earlier messages (205)" })).toBeVisible();
    await clientPage.getByLabel("Your message").fill(`Still here ${w.u}`);
    await clientPage.getByLabel("Your message").press("Enter");
    await expect(log.getByTestId("message").last()).toContainText(`Still here ${w.u}`, { timeout: 20_000 });
    await expect(shown).toHaveCount(231);
    await expect(rest).toBeInViewport();
    await clientPage.context().close();

    // The oldest five, and nothing left to show: the focus stays in the conversation.
    await rest.press("Enter");
    await expect(shown).toHaveCount(236);
    await expect(older.first()).toContainText(text(1));
    await expect(page.getByRole("button", { name: /Show earlier messages/ })).toHaveCount(0);
    await expect(box).toBeFocused();
    await accessible(page, "a long conversation read back to its start");
  });

  test("the care team reads a message's date in the browser's own style, like the rest of the page", async ({
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const page = await signedIn(w.carer, { locale: "en-GB" });
    await page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    const log = page.getByRole("log", { name: "Conversation" });
    await page.getByLabel("Your message").fill(`In British style ${w.u}`);
    await page.getByLabel("Your message").press("Enter");
    // "You, 29 Nov 2026, 07:48", not "You, November 29, 2026 at 7:48 AM".
    const sent = log.getByTestId("message").filter({ hasText: `In British style ${w.u}` });
    await expect(sent).toContainText(/You, \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}/);
    await expect(sent).not.toContainText(/AM|PM/);
  });

  test("a client opening a session that is not theirs reads that it was not found", async ({ page }) => {
    const w = await makeClinicWorld();
    const other = await makeClinicWorld();
    await signIn(page, w.client.username, w.client.password);
    await page.goto(`/homework/sessions/${String(other.session.id)}`);
    await expect(page.getByRole("alert").filter({ hasText: "This session was not found." })).toBeVisible();
  });
});
