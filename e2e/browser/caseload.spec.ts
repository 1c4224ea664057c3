import { makeClient, makeSession } from "@/prisma/factories";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";
import type { World } from "../support/world";

// Found by a review as a caregiver with a caseload of some thirty clients (2026-12-06): what the
// home and the session dashboard show when there is more than one screen of work.

const DAY = 86_400_000;

/**
 * `count` more clients of the world's caregiver, each in a running session with one test submitted
 * and waiting for feedback, and a message from the client not read yet.
 */
async function addCaseload(w: World, count: number) {
  const [, , selfTest] = w.book.modules;
  if (!selfTest) throw new Error("the world's book has no test");
  const account = await db.account.findUniqueOrThrow({ where: { username: w.client.username } });
  for (let i = 0; i < count; i++) {
    const client = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Client ${String(i + 1).padStart(2, "0")} ${w.u}`,
      email: `caseload-${String(i)}-${w.u}@test.test`,
      careTeam: [w.carer.id],
    });
    const session = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: client.id,
      caregiverId: w.carer.id,
      title: `Week 4 ${w.u}`,
      startAt: new Date(Date.now() - 2 * DAY - i * 60_000),
      assignments: [{ bookId: w.book.id, moduleId: selfTest.id, status: "COMPLETE", score: 5 }],
    });
    // Written by the world's client's account: who wrote it does not matter to the count, only
    // that it is someone other than the caregiver.
    await db.message.create({ data: { sessionId: session.id, authorAccountId: account.id, text: `Hello ${i}` } });
  }
}

test.describe("a caregiver with a caseload", () => {
  test("the home's feedback due and unread messages say how many there are and show them all on asking", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await addCaseload(w, 24);
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");

    // 24 and the world's own test: the list stopped at 20, with nothing to say there were more.
    const due = page.getByRole("region", { name: /Feedback due/ });
    await expect(due.getByRole("heading")).toHaveText("Feedback due (25)");
    await expect(due.getByRole("listitem")).toHaveCount(20);
    await due.getByRole("button", { name: "Show all 25 waiting for feedback" }).click();
    await expect(due.getByRole("listitem")).toHaveCount(25);
    await expect(due.getByRole("link", { name: `Client 04 ${w.u}: Self-test` })).toBeFocused();

    const unread = page.getByRole("region", { name: /Unread messages/ });
    await expect(unread.getByRole("heading")).toHaveText("Unread messages (24)");
    await expect(unread.getByTestId("unread-conversation")).toHaveCount(20);
    await unread.getByRole("button", { name: "Show all 24 conversations" }).click();
    await expect(unread.getByTestId("unread-conversation")).toHaveCount(24);
  });

  test("feedback being written waits while the caregiver looks at the client's scores over time and comes back", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("button", { name: "Open Self-test" }).click();
    const form = page.getByRole("form", { name: "Feedback on Self-test" });
    await form.getByLabel("Your feedback").fill("Your score went down since last week: well done.");
    await form.getByRole("spinbutton", { name: "Score (optional)" }).fill("7");
    // The dashboard's own link to the measures' chart, which a review reads before it writes on.
    await page.getByRole("link", { name: /^Scores over time on/ }).click();
    await expect(page.getByRole("heading", { name: "Measures over time" })).toBeVisible();
    await page.goBack();
    await expect(form.getByLabel("Your feedback")).toHaveValue("Your score went down since last week: well done.");
    await expect(form.getByRole("spinbutton", { name: "Score (optional)" })).toHaveValue("7");
    // Once sent, nothing is kept: the next visit finds no draft.
    await form.getByRole("button", { name: "Give feedback" }).click();
    await expect(page.getByText("Feedback sent.")).toBeVisible();
    await page.getByRole("link", { name: /^Scores over time on/ }).click();
    await expect(page.getByRole("heading", { name: "Measures over time" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("region", { name: "Self-test" })).toContainText("Your score went down since last week");
    await expect(form).toHaveCount(0);
  });

  test("feedback being written survives a reload of the session's page, the session's own feedback too", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("button", { name: "Open Self-test" }).click();
    const form = page.getByRole("form", { name: "Feedback on Self-test" });
    await form.getByLabel("Your feedback").fill("Sleep is better since you began the diary.");
    await form.getByRole("spinbutton", { name: "Score (optional)" }).fill("8");
    const sessionText = page.getByLabel("Feedback on the whole session");
    await sessionText.fill("A good week: keep the diary going.");
    // Leaving the field keeps what is written at once, as a click elsewhere would.
    await sessionText.blur();
    await page.reload();
    await expect(form.getByLabel("Your feedback")).toHaveValue("Sleep is better since you began the diary.");
    await expect(form.getByRole("spinbutton", { name: "Score (optional)" })).toHaveValue("8");
    // The panel that was open is where the caregiver goes on, below the table on a phone.
    await expect(page.getByRole("heading", { name: "Self-test", level: 3 })).toBeFocused();
    await expect(page.getByLabel("Feedback on the whole session")).toHaveValue("A good week: keep the diary going.");
    // Sent, the session's feedback is not offered again after the next reload.
    await page.getByRole("button", { name: "Add session feedback" }).click();
    await expect(page.getByText("Session feedback added.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Session feedback" })).toContainText(
      "A good week: keep the diary going.",
    );
    await expect(page.getByLabel("Feedback on the whole session")).toHaveValue("");
    await expect(form.getByLabel("Your feedback")).toHaveValue("Sleep is better since you began the diary.");
  });

  test("the home's sessions start with the running ones, not the sessions planned ahead", async ({ page }) => {
    const w = await makeClinicWorld();
    // Each client's next session, planned for the coming days: later starts, first in the list.
    for (let i = 0; i < 12; i++) {
      const client = await makeClient(db, {
        clinicId: w.clinic.id,
        name: `Planned ${String(i + 1).padStart(2, "0")} ${w.u}`,
        email: `planned-${String(i)}-${w.u}@test.test`,
        careTeam: [w.carer.id],
      });
      await makeSession(db, {
        clinicId: w.clinic.id,
        clientId: client.id,
        caregiverId: w.carer.id,
        title: `Week 5 ${w.u}`,
        startAt: new Date(Date.now() + (1 + (i % 4)) * DAY),
      });
    }
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");
    // The running session, whose test waits for feedback, was on page 2 behind twelve sessions with
    // nothing to do yet.
    await expect(page.getByRole("link", { name: `Robin Client ${w.u}: Week 1 ${w.u}` })).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("RUNNING");
    await expect(page.getByRole("link", { name: new RegExp(`^Planned \\d+ ${w.u}`) })).toHaveCount(0);
    // Every session is one choice away.
    await page.getByLabel("Status").selectOption("");
    await expect(page.getByRole("status").filter({ hasText: /match(es)?$/ })).toHaveText("13 sessions match");
  });

  test("a conversation read on the session's page is no longer listed unread when the caregiver comes back home", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await addCaseload(w, 2);
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");
    const unread = page.getByRole("region", { name: /Unread messages/ });
    await expect(unread.getByTestId("unread-conversation")).toHaveCount(2);
    await unread.getByRole("link", { name: `Client 01 ${w.u}: Week 4 ${w.u}` }).click();
    await expect(page.getByRole("log").getByText("Hello 0")).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My sessions" }).click();
    // Sooner than the unread count's next poll (15 s), which was the first to notice: the
    // conversation just read stayed listed, and counted, until then.
    await expect(unread.getByTestId("unread-conversation")).toHaveCount(1, { timeout: 5_000 });
    await expect(unread.getByRole("heading")).toHaveText("Unread messages (1)");
  });

  test("on a phone the home's top says how much waits for feedback and how many conversations are unread, and leads there", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await addCaseload(w, 24);
    await signIn(page, w.carer.username, w.carer.password);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/caregiver");
    // Below ten sessions' cards: three screens down, and the messages five, with nothing at the
    // top to say they were there.
    const due = page.getByRole("region", { name: /Feedback due/ });
    const unread = page.getByRole("region", { name: /Unread messages/ });
    await expect(due.getByRole("listitem").first()).toBeAttached();
    await expect(due).not.toBeInViewport();
    const waiting = page.getByRole("list", { name: "Waiting for you" });
    await expect(waiting).toBeInViewport();
    await waiting.getByRole("link", { name: "25 waiting for your feedback" }).click();
    await expect(due.getByRole("heading")).toBeInViewport();
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await waiting.getByRole("link", { name: "24 conversations with unread messages" }).click();
    await expect(unread.getByRole("heading")).toBeInViewport();
  });

  test("after a feedback the dashboard leads to the next homework waiting for one, to the last", async ({ page }) => {
    const w = await makeClinicWorld();
    await addCaseload(w, 2);
    await signIn(page, w.carer.username, w.carer.password);
    const selfTest = w.session.assignmentIds[2];
    await page.goto(`/caregiver/sessions/${String(w.session.id)}?assignment=${String(selfTest)}`);
    const give = async (words: string) => {
      await page.getByLabel("Your feedback").fill(words);
      await page.getByRole("button", { name: "Give feedback" }).click();
      await expect(page.getByText(words)).toBeVisible();
    };
    // It was My sessions, then the home's list (on a phone, scrolled to), for each of them.
    await give("Thank you for this week's test.");
    const next = page.getByTestId("next-due");
    await expect(next).toHaveText(`Next waiting for your feedback: Client 02 ${w.u}: Self-test`);
    await next.getByRole("link").click();
    await expect(page.getByRole("heading", { name: `Client 02 ${w.u}: Week 4 ${w.u}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Self-test", exact: true })).toBeFocused();
    await give("Well done, Client 02.");
    await expect(next).toHaveText(`Next waiting for your feedback: Client 01 ${w.u}: Self-test`);
    await next.getByRole("link").click();
    await expect(page.getByRole("heading", { name: `Client 01 ${w.u}: Week 4 ${w.u}` })).toBeVisible();
    await give("Well done, Client 01.");
    await expect(next).toHaveText("Nothing else is waiting for your feedback.");
  });
});
