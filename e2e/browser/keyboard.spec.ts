import { makeClient } from "@/prisma/factories";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// What a person who uses only the keyboard meets (found by a review as one, 2026-12-06): the focus
// never falls to the top of the page after a key press, each page's content is one key away, and
// what a key press changed is said.

test.describe("by keyboard", () => {
  test("a skip link is the first stop of every signed-in page and the next Tab is in the page's content", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);

    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    await signIn(page, w.client.username, w.client.password);
    await page.goto("/homework");
    await expect(page.getByRole("heading", { name: "Mes exercices", level: 1 })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Aller au contenu principal" })).toBeFocused();
  });

  test("the pager's Next keeps the focus on the last page and the new page is said", async ({ page }) => {
    const w = await makeClinicWorld();
    for (let i = 0; i < 11; i++)
      await makeClient(db, { clinicId: w.clinic.id, name: `Keys ${i} ${w.u}`, email: `keys${i}-${w.u}@test.test` });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    const pager = page.getByRole("navigation", { name: /pages/i });
    const next = pager.getByRole("button", { name: "Next" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(pager.getByRole("status")).toHaveText("Page 2 of 2 (12 clients)");
    await expect(next).toBeFocused();
    await expect(next).toHaveAttribute("aria-disabled", "true");
    // Pressed again where there is no next page: nothing moves.
    await page.keyboard.press("Enter");
    await expect(pager.getByRole("status")).toHaveText("Page 2 of 2 (12 clients)");
  });

  test("on the session dashboard: the documents picker, Add homework and Close session keep the focus where the person is", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);

    // Upload without a file: said at the field, with the focus there.
    const documents = page.getByRole("region", { name: "Documents" });
    // Enabled once the page's scripts have run (components/ui/submit-button.tsx): focusable then.
    await expect(documents.getByRole("button", { name: "Upload" })).toBeEnabled();
    await documents.getByRole("button", { name: "Upload" }).focus();
    await page.keyboard.press("Enter");
    await expect(documents.getByLabel("File")).toBeFocused();
    await expect(documents.getByLabel("File")).toHaveAccessibleDescription(/Choose a file first\./);

    // Add homework opens its form in place of the button: the first book takes the focus.
    const more = page.getByRole("region", { name: "More homework" });
    await more.getByRole("button", { name: "Add homework" }).focus();
    await page.keyboard.press("Enter");
    await expect(more.getByRole("checkbox").first()).toBeFocused();

    // Close session cannot be used while homework waits for feedback, but Tab reaches it and it says why.
    const close = page
      .getByRole("region", { name: "Close the session" })
      .getByRole("button", { name: "Close session" });
    await close.focus();
    await expect(close).toBeFocused();
    await expect(close).toHaveAccessibleDescription(/wait(s)? for your feedback/);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    // The assignment opened by a key press shows where the focus went.
    const open = page.getByRole("button", { name: /^Open / }).first();
    await open.focus();
    await page.keyboard.press("Enter");
    const focused = page.locator(":focus");
    await expect(focused).toHaveRole("heading");
    expect(await focused.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
  });

  test("a panel that loads after a click elsewhere leaves the focus where the person put it", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/gateway/profile/clinic/book*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    const more = page.getByRole("region", { name: "More homework" });
    await more.getByRole("button", { name: "Add homework" }).focus();
    await page.keyboard.press("Enter");
    await expect(more.getByRole("status")).toBeVisible();
    // The person clicks on the page's text while the books load: where they are, not the panel's.
    await page.getByRole("heading", { level: 1 }).click();
    release();
    await expect(more.getByRole("checkbox").first()).toBeVisible();
    await expect(more.getByRole("checkbox").first()).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });

  test("the caregiver's session filters say how many sessions match after each change", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");
    const count = page.getByRole("status").filter({ hasText: /match(es)?$/ });
    await expect(count).toHaveText(/^\d+ sessions? match(es)?$/);
    const all = await count.textContent();
    // A native select filters at each arrow key: each new list is said by its count.
    await page.getByLabel("Status").focus();
    await page.getByLabel("Status").selectOption("COMPLETED");
    await expect(count).toHaveText("0 sessions match");
    await page.getByLabel("Status").selectOption("");
    await expect(count).toHaveText(all ?? "");
  });

  test("an email setting ticked with Space keeps the focus while it is saved", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/settings");
    const box = page.getByRole("checkbox").first();
    const before = await box.getAttribute("aria-checked");
    await box.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("Saved.", { exact: false }).first()).toBeVisible();
    await expect(box).not.toHaveAttribute("aria-checked", before ?? "");
    await expect(box).toBeFocused();
    // Saved, Space turns it back.
    await page.keyboard.press("Space");
    await expect(box).toHaveAttribute("aria-checked", before ?? "");
    await expect(box).toBeFocused();
  });

  test("a form's first field in error is scrolled to with its label in view", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/clinic/clients/new");
    await expect(page.getByRole("button", { name: "Create client" })).toBeEnabled();
    await page.getByRole("button", { name: "Create client" }).focus();
    await page.keyboard.press("Enter");
    const name = page.getByLabel("Full name");
    await expect(name).toBeFocused();
    await expect(page.locator("label[for='name']")).toBeInViewport();
    const top = await name.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(40);
  });
});
