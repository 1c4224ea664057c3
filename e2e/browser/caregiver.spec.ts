import { expect, makeClinicWorld, signIn, test } from "../support/fixtures";

test.describe("caregiver pages", () => {
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
    await expect(page.getByText("Last score: 12")).toBeVisible();
    await expect(page.getByRole("button", { name: "Close session" })).toBeDisabled();
    await page.screenshot({ path: info.outputPath("session-dashboard.png"), fullPage: true });
    await info.attach("session-dashboard", {
      path: info.outputPath("session-dashboard.png"),
      contentType: "image/png",
    });

    await page.getByRole("button", { name: "Open Self-test" }).click();
    await page.getByLabel("Your feedback").fill("Clear progress, keep practising.");
    await page.getByRole("spinbutton", { name: "Score (optional)" }).fill("4");
    await page.getByRole("button", { name: "Give feedback" }).click();
    await expect(page.getByText("Clear progress, keep practising.")).toBeVisible();
    await expect(page.getByText("All submitted homework has feedback.")).toBeVisible();

    await page.getByLabel("Feedback on the whole session").fill("A good first week.");
    await page.getByRole("button", { name: "Add session feedback" }).click();
    await expect(page.getByText("A good first week.")).toBeVisible();

    await page.getByRole("button", { name: "Close session" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Close session" }).click();
    await expect(page.getByRole("heading", { name: "Close the session" })).toBeHidden();
    await expect(page.locator("header").getByText("completed")).toBeVisible();
    await page.goto("/caregiver");
    await expect(page.getByText("Nothing is waiting for your feedback.")).toBeVisible();
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
