import { expect, makeClinicWorld, signIn, test } from "../support/fixtures";
import { accessible } from "../support/accessible";

// Clinic staff author their program: a book, a module with a question editor and a live preview
// (saved as version 1, edited into version 2), and a design plan of weeks; and the refusals they can
// meet on the way (an incomplete question, a plan ending with an empty week).

test.describe("authoring", () => {
  test.describe.configure({ timeout: 180_000 });

  test("staff create a module of two questions with a live preview, save it as version 1, edit it into version 2", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Library" }).click();
    await expect(page.getByRole("heading", { name: "Library", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: w.book.name })).toBeVisible();

    await page.getByRole("button", { name: "New book" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "New book" })).toBeFocused();
    await page.getByRole("button", { name: "New book" }).click();
    await page.getByLabel("Name").fill(`Mood check ${w.u}`);
    await page.getByLabel("Description").fill("A weekly look at mood.");
    await page.getByRole("button", { name: "Create book" }).click();
    await expect(page.getByRole("heading", { name: `Mood check ${w.u}`, level: 1 })).toBeVisible();

    await page.getByRole("link", { name: "Add module" }).click();
    await expect(page.getByRole("heading", { name: "New module", level: 1 })).toBeVisible();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("status")).toHaveText(/0 questions, 0 required/);
    await page.getByLabel("Name").fill("Weekly mood");

    // Question 1: a single choice.
    await page.getByLabel("Type").selectOption("single");
    await page.getByRole("button", { name: "Add block" }).click();
    const first = page.getByRole("group", { name: "Block 1: Single choice", exact: true });
    await expect(preview.getByRole("status")).toHaveText(/preview shows once the module is complete/);
    await first.getByLabel("Question (English)").fill("How was your week?");
    await first.getByLabel("Label (English)").nth(0).fill("Good");
    await first.getByLabel("Label (English)").nth(1).fill("Hard");
    await expect(preview.getByRole("status")).toHaveText(/1 question, 1 required/);
    // The preview is the client's renderer: the question and its choices as the client sees them.
    await expect(preview.getByRole("radiogroup", { name: /How was your week\?/ })).toBeVisible();
    await expect(preview.getByRole("radio", { name: "Hard" })).toBeVisible();

    // Question 2: short text. Saving it without its question is refused at the field.
    await page.getByLabel("Type").selectOption("shortText");
    await page.getByRole("button", { name: "Add block" }).click();
    const second = page.getByRole("group", { name: "Block 2: Short text", exact: true });
    await page.getByRole("button", { name: "Create module" }).click();
    await expect(second.getByText("must not be empty")).toBeVisible();
    await second.getByLabel("Question (English)").fill("Anything else?");
    await expect(preview.getByRole("status")).toHaveText(/2 questions, 2 required/);
    await expect(preview.getByRole("textbox", { name: /Anything else\?/ })).toBeVisible();
    await second.getByLabel("Required").click();
    await expect(preview.getByRole("status")).toHaveText(/2 questions, 1 required/);
    await accessible(page, "module editor");

    await page.getByRole("button", { name: "Create module" }).click();
    await expect(page.getByText("Module created: version 1.")).toBeVisible();
    await expect(page).toHaveURL(/\/clinic\/library\/modules\/\d+$/);
    await expect(page.getByText("Version 1", { exact: true })).toBeVisible();

    await page
      .getByRole("group", { name: "Block 1: Single choice", exact: true })
      .getByLabel("Question (English)")
      .fill("How was this week?");
    await page.getByRole("button", { name: "Save module" }).click();
    await expect(page.getByText("Saved: version 2.")).toBeVisible();
    await expect(page.getByText("Version 2", { exact: true })).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole("group", { name: "Block 1: Single choice", exact: true }).getByLabel("Question (English)"),
    ).toHaveValue("How was this week?");
    await expect(
      page.getByRole("group", { name: "Block 2: Short text", exact: true }).getByLabel("Required"),
    ).not.toBeChecked();
    await page.getByRole("link", { name: `← Mood check ${w.u}` }).click();
    await expect(page.getByRole("row", { name: /Weekly mood/ })).toContainText("2");
  });

  test("staff create a design plan of two weeks; a plan ending with an empty week is refused", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/library");
    await page.getByRole("link", { name: "New design plan" }).click();
    await expect(page.getByRole("heading", { name: "New design plan", level: 1 })).toBeVisible();
    await page.getByLabel("Name").fill(`Two weeks ${w.u}`);
    await page.getByRole("group", { name: "Week 1", exact: true }).getByLabel(w.book.name).check();
    await page.getByRole("button", { name: "Add week" }).click();
    await page.getByRole("button", { name: "Create design plan" }).click();
    await expect(
      page.getByRole("group", { name: "Week 2", exact: true }).getByText("The last week must name a book"),
    ).toBeVisible();
    await page.getByRole("group", { name: "Week 2", exact: true }).getByLabel(w.book2.name).check();
    await accessible(page, "design plan editor");
    await page.getByRole("button", { name: "Create design plan" }).click();
    await expect(page.getByRole("heading", { name: `Two weeks ${w.u}`, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/clinic\/library\/plans\/\d+$/);

    await page.reload();
    await expect(page.getByRole("group", { name: "Week 1", exact: true }).getByLabel(w.book.name)).toBeChecked();
    await expect(page.getByRole("group", { name: "Week 1", exact: true }).getByLabel(w.book2.name)).not.toBeChecked();
    await expect(page.getByRole("group", { name: "Week 2", exact: true }).getByLabel(w.book2.name)).toBeChecked();
    await page.getByRole("link", { name: "← Library" }).click();
    await expect(page.getByRole("link", { name: `Two weeks ${w.u}` })).toBeVisible();
  });
});
