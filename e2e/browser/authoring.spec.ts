import type { Page } from "@playwright/test";
import { pages } from "@/lib/api-client/paths";
import { makeBook } from "@/prisma/factories";
import { db, expect, loseAnswers, makeClinicWorld, signIn, test } from "../support/fixtures";
import { accessible } from "../support/accessible";

// Clinic staff author their program: a book, a module with a question editor and a live preview
// (saved as version 1, edited into version 2), and a design plan of weeks; and the refusals they can
// meet on the way (an incomplete question, a plan ending with an empty week).

/** A clinic's staff member on its second book's page, and that book's first module (a diary). */
async function onSecondBook(page: Page) {
  const w = await makeClinicWorld();
  const [diary] = w.book2.modules;
  if (!diary) throw new Error("the world's second book has no module");
  await signIn(page, w.staff.username, w.staff.password);
  await page.goto(pages.book(w.book2.id));
  return { w, diary };
}

/**
 * A staff member on the second book's first module, reached by its link from the book's page; the
 * questions the page asks are kept, the first refused ("stay") and the next accepted ("leave").
 */
async function onModuleAsked(page: Page) {
  const { diary } = await onSecondBook(page);
  const questions: string[] = [];
  page.on("dialog", (d) => {
    questions.push(d.message());
    void (questions.length === 1 ? d.dismiss() : d.accept());
  });
  await page.getByRole("link", { name: diary.name }).click();
  await expect(page.getByRole("heading", { name: diary.name, level: 1 })).toBeVisible();
  return { diary, questions };
}

/** A clinic's staff member on a new module of the world's first book, named, with one block added. */
async function newModuleWithBlock(page: Page, name: string, type: "single" | "multiple") {
  const w = await makeClinicWorld();
  await signIn(page, w.staff.username, w.staff.password);
  await page.goto(pages.newModule(w.book.id));
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${name} ${w.u}`);
  await page.getByLabel("Type").selectOption(type);
  await page.getByRole("button", { name: "Add block" }).click();
  const kind = type === "single" ? "Single choice" : "Multiple choice";
  return { w, block: page.getByRole("group", { name: `Block 1: ${kind}`, exact: true }) };
}

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
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Mood check ${w.u}`);
    await page.getByLabel("Description").fill("A weekly look at mood.");
    await page.getByRole("button", { name: "Create book" }).click();
    await expect(page.getByRole("heading", { name: `Mood check ${w.u}`, level: 1 })).toBeVisible();

    await page.getByRole("link", { name: "Add module" }).click();
    await expect(page.getByRole("heading", { name: "New module", level: 1 })).toBeVisible();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("status")).toHaveText(/0 questions, 0 required/);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Weekly mood");

    // Question 1: a single choice.
    await page.getByLabel("Type").selectOption("single");
    await page.getByRole("button", { name: "Add block" }).click();
    const first = page.getByRole("group", { name: "Block 1: Single choice", exact: true });
    // What is missing, in the editor's words rather than the definition's path.
    await expect(preview.getByRole("status")).toHaveText(
      "The preview shows once the module is complete. Still missing: Block 1, question (English): must not be empty",
    );
    await first.getByLabel("Question (English)").fill("How was your week?");
    await expect(preview.getByRole("status")).toHaveText(/Still missing: Block 1, option 1, label \(English\): /);
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

  test("staff let a client choose at most two of three options; the preview holds the third back", async ({ page }) => {
    const { w, block } = await newModuleWithBlock(page, "Pick two", "multiple");
    await block.getByLabel("Question (English)").fill("What helped this week?");
    await block.getByRole("button", { name: "Add option" }).click();
    for (const [i, label] of ["A walk", "A call", "Rest"].entries())
      await block.getByLabel("Label (English)").nth(i).fill(label);
    const most = block.getByLabel("Most options a client may choose");
    await most.fill("4");
    await page.getByRole("button", { name: "Create module" }).click();
    await expect(block.getByText("must not be above the options' count")).toBeVisible();
    await most.fill("2");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("checkbox", { name: "A walk" }).check();
    await preview.getByRole("checkbox", { name: "Rest" }).check();
    await expect(preview.getByRole("checkbox", { name: "A call" })).toBeDisabled();
    await expect(preview).toContainText("2 chosen of at most 2: untick one to choose another.");
    await page.getByRole("button", { name: "Create module" }).click();
    await expect(page.getByText("Module created: version 1.")).toBeVisible();
    await expect(page).toHaveURL(/\/clinic\/library\/modules\/\d+$/);
    const made = await db.moduleVersion.findFirstOrThrow({
      where: { module: { bookId: w.book.id, name: `Pick two ${w.u}` } },
      select: { definition: true },
    });
    expect(made.definition).toMatchObject({ blocks: [{ type: "multiple", maxChoices: 2 }] });
    await page.reload();
    await expect(
      page
        .getByRole("group", { name: "Block 1: Multiple choice", exact: true })
        .getByLabel("Most options a client may choose"),
    ).toHaveValue("2");
  });

  test("renaming a question's key carries its scoring and alert along: it stays summed and watched", async ({
    page,
  }) => {
    const { w, block } = await newModuleWithBlock(page, "Mood score", "single");
    await block.getByLabel("Question (English)").fill("How low was your mood?");
    for (const [i, [label, score]] of [
      ["Not low", "0"],
      ["Very low", "3"],
    ].entries()) {
      await block
        .getByLabel("Label (English)")
        .nth(i)
        .fill(label ?? "");
      await block
        .getByLabel("Score")
        .nth(i)
        .fill(score ?? "");
    }
    const scoring = page.getByRole("group", { name: "Scoring" });
    await scoring.getByLabel("Score this module (a test)").click();
    await scoring
      .getByRole("group", { name: /Summed questions/ })
      .getByRole("checkbox", { name: "q1" })
      .check();
    await scoring.getByLabel("Highest total").fill("3");
    await scoring.getByRole("button", { name: "Add band" }).click();
    await scoring.getByLabel("Band 1 from").fill("0");
    await scoring.getByLabel("to", { exact: true }).fill("3");
    await scoring.getByLabel("Label (English)").fill("Any");
    await scoring.getByRole("button", { name: "Add alert" }).click();
    await scoring.getByLabel("Alert 1: watches").selectOption("q1");
    await scoring.getByLabel("this value").fill("2");
    await scoring.getByLabel("Message (English)").fill("Very low mood");

    // The author names the question better once the scoring is set up. The summed box and the
    // alert named the old key, which no question had any more: the alert's choice showed "the
    // total" while the save was refused for a key nobody could see.
    await block.getByLabel(/^Key/).fill("mood");
    await expect(
      scoring.getByRole("group", { name: /Summed questions/ }).getByRole("checkbox", { name: "mood" }),
    ).toBeChecked();
    await expect(scoring.getByLabel("Alert 1: watches")).toHaveValue("mood");
    await page.getByRole("button", { name: "Create module" }).click();
    await expect(page.getByText("Module created: version 1.")).toBeVisible();
    const made = await db.moduleVersion.findFirstOrThrow({
      where: { module: { bookId: w.book.id, name: `Mood score ${w.u}` } },
      select: { definition: true },
    });
    expect(made.definition).toMatchObject({
      blocks: [{ key: "mood" }],
      scoring: { items: ["mood"], alerts: [{ question: "mood", above: 2 }] },
    });
  });

  test("a summed question removed is named, still ticked, where the scoring is refused, and unticked there the module saves", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const scale = (key: string, en: string) => ({
      type: "scale" as const,
      key,
      label: { en },
      required: true,
      points: [
        { value: 0, label: { en: "No" } },
        { value: 1, label: { en: "Yes" } },
      ],
    });
    const book = await makeBook(db, {
      clinicId: w.clinic.id,
      name: `Checks ${w.u}`,
      modules: [
        {
          name: `Two checks ${w.u}`,
          definition: {
            blocks: [scale("slept", "Did you sleep?"), scale("ate", "Did you eat?")],
            scoring: {
              items: ["slept", "ate"],
              reverse: [],
              multiplier: 1,
              range: { min: 0, max: 2 },
              subscales: [],
              bands: [{ min: 0, max: 2, label: { en: "Any" } }],
              alerts: [],
            },
          },
        },
      ],
    });
    const [module] = book.modules;
    if (!module) throw new Error("the book has its module");
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.module(module.id));
    await page.getByRole("button", { name: "Remove block 2" }).click();
    await page.getByRole("button", { name: "Save module" }).click();
    // It said "items.1: must name a scale question…", of a question no box showed any more.
    const summed = page.getByRole("group", { name: /Summed questions/ });
    const gone = summed.getByRole("checkbox", { name: "ate (no longer a question that can be summed)" });
    await expect(gone).toBeChecked();
    await expect(summed).toHaveAccessibleDescription(
      /“ate”: must name a scale question, or a single choice whose options all have a score/,
    );
    await expect(page.getByText(/items\.\d/)).toHaveCount(0);
    // Unticked, it leaves the list: no question of that key is left to tick.
    await gone.click();
    await expect(gone).toHaveCount(0);
    await page.getByRole("group", { name: "Scoring" }).getByLabel("Highest total").fill("1");
    await page.getByRole("group", { name: "Scoring" }).getByLabel("to", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Save module" }).click();
    await expect(page.getByText("Saved: version 2.")).toBeVisible();
  });

  test("leaving a module's page with changes not saved asks first; saved or untouched, it does not", async ({
    page,
  }) => {
    const { diary, questions } = await onModuleAsked(page);
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await name.fill(`${diary.name} (weekly)`);
    // The way back to the book, one click from the name: it dropped the change without a word.
    const back = page.getByRole("link", { name: /^← / });
    await back.click();
    expect(questions).toEqual(["Leave this page? What you changed is not saved."]);
    await expect(name).toHaveValue(`${diary.name} (weekly)`);
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(questions).toHaveLength(2);
    await expect(page).toHaveURL(/\/clinic\/library\/books\/\d+$/);

    await page.getByRole("link", { name: diary.name }).click();
    await expect(page.getByRole("heading", { name: diary.name, level: 1 })).toBeVisible();
    await name.fill(`${diary.name} (daily)`);
    await page.getByRole("button", { name: "Save module" }).click();
    await expect(page.getByText(/Saved: version/)).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/clinic\/library\/books\/\d+$/);
    expect(questions).toHaveLength(2);
  });

  test("the browser's Back button on a module's page with changes not saved asks first: refused, the page and the change stay", async ({
    page,
  }) => {
    const { diary, questions } = await onModuleAsked(page);
    const moduleUrl = page.url();
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await name.fill(`${diary.name} (weekly)`);
    // The Back refused never navigates, so Playwright's goBack never settles: it is not awaited.
    void page.goBack().catch(() => null);
    await expect.poll(() => questions).toEqual(["Leave this page? What you changed is not saved."]);
    await expect(page).toHaveURL(moduleUrl);
    await expect(name).toHaveValue(`${diary.name} (weekly)`);
    // The skip link goes to a place on this page: it leaves nothing, and asks nothing.
    await page.getByRole("link", { name: "Skip to main content" }).press("Enter");
    await expect(page).toHaveURL(/#main$/);
    expect(questions).toHaveLength(1);
    // A browser lets a page refuse one Back per time the person acts on it: they type again.
    await name.press("End");
    await name.pressSequentially("!");
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/clinic\/library\/books\/\d+$/);
    expect(questions).toHaveLength(2);

    // Untouched, Back asks nothing.
    await page.getByRole("link", { name: diary.name }).click();
    await expect(page.getByRole("heading", { name: diary.name, level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/clinic\/library\/books\/\d+$/);
    expect(questions).toHaveLength(2);
  });

  test("moving and removing rows keeps the focus with the rows, at the first and last place too", async ({ page }) => {
    const w = await makeClinicWorld();
    const book = await makeBook(db, {
      clinicId: w.clinic.id,
      name: `Order ${w.u}`,
      modules: [{ name: "First" }, { name: "Second" }, { name: "Third" }],
    });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.book(book.id));
    const row = (n: number) => page.getByRole("table").getByRole("row").nth(n);

    // The moved module's button keeps the focus; at the first place its Up is unavailable, and
    // pressing it again moves nothing (only the presses that move send the new order).
    let reorders = 0;
    page.on("request", (r) => {
      if (r.url().includes("/module-order")) reorders++;
    });
    const up = page.getByRole("button", { name: "Move Second up" });
    const down = page.getByRole("button", { name: "Move Second down" });
    await up.click();
    await expect(row(1)).toContainText("Second");
    await expect(page.getByText("Second is now 1 of 3.")).toBeVisible();
    await expect(up).toBeFocused();
    await expect(up).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(down).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(row(2)).toContainText("Second");
    await expect(down).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(row(3)).toContainText("Second");
    await expect(down).toBeFocused();
    await expect(down).toHaveAttribute("aria-disabled", "true");
    expect(reorders).toBe(3);
    // A removed module's row is gone: the focus goes to the row that took its place, else the one before.
    await page.getByRole("button", { name: "Remove Third" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Third removed.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove Second" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Second removed.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove First" })).toBeFocused();

    // The module editor's own rows: blocks, and the options of a question.
    await page.getByRole("link", { name: "Add module" }).click();
    await page.getByLabel("Type").selectOption("single");
    await page.getByRole("button", { name: "Add block" }).click();
    await page.getByLabel("Type").selectOption("shortText");
    await page.getByRole("button", { name: "Add block" }).click();
    await page.getByRole("button", { name: "Move block 2 up" }).click();
    await expect(page.getByRole("group", { name: "Block 1: Short text", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Move block 1 up" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("group", { name: "Block 1: Short text", exact: true })).toBeVisible();
    const choice = page.getByRole("group", { name: "Block 2: Single choice", exact: true });
    await choice.getByLabel("Label (English)").nth(1).fill("Hard");
    await choice.getByRole("button", { name: "Remove option 1" }).click();
    await expect(choice.getByLabel("Label (English)")).toHaveValue("Hard");
    await expect(choice.getByRole("button", { name: "Remove option 1" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(choice.getByLabel("Label (English)")).toHaveCount(0);
    await expect(choice.getByRole("button", { name: "Add option" })).toBeFocused();
    await page.getByRole("button", { name: "Remove block 2" }).click();
    await expect(page.getByRole("button", { name: "Remove block 1" })).toBeFocused();
  });

  test("a standard measure's page shows where it comes from and lets staff rename it, not change it", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const phq9 = await db.module.findFirstOrThrow({
      where: { libraryKey: "phq-9", book: { clinicId: w.clinic.id } },
      select: { id: true },
    });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.module(phq9.id));
    await expect(page.getByRole("heading", { name: "PHQ-9", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "A standard measure" })).toBeVisible();
    await expect(page.getByText(/Kroenke/).first()).toBeVisible();
    // No question, answer or scoring editor: only the name.
    await expect(page.getByRole("button", { name: "Add block" })).toHaveCount(0);
    await expect(page.getByRole("group", { name: /Scoring/ })).toHaveCount(0);
    // The preview still shows what the client answers.
    await expect(page.getByRole("region", { name: "Preview" }).getByRole("status")).toHaveText(
      "10 questions, 9 required; scored 0–27",
    );
    await accessible(page, "a standard measure's page");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("PHQ-9 (weekly)");
    await page.getByRole("button", { name: "Save module" }).click();
    await expect(page.getByText("Saved: version 1.")).toBeVisible();
    expect(await db.module.findUniqueOrThrow({ where: { id: phq9.id }, select: { name: true } })).toEqual({
      name: "PHQ-9 (weekly)",
    });
    expect(await db.moduleVersion.count({ where: { moduleId: phq9.id } })).toBe(1);
  });

  test("staff flag a fall of their own test's total: never urgent, measured from the last score or the first", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const points = [0, 1, 2, 3].map((value) => ({ value, label: { en: String(value), fr: String(value) } }));
    const book = await makeBook(db, {
      clinicId: w.clinic.id,
      name: `Wellbeing ${w.u}`,
      modules: [
        {
          name: "Weekly wellbeing",
          definition: {
            blocks: [{ type: "scale", key: "calm", label: { en: "Calm", fr: "Calme" }, required: true, points }],
            scoring: {
              items: ["calm"],
              reverse: [],
              multiplier: 1,
              range: { min: 0, max: 3 },
              subscales: [],
              bands: [{ min: 0, max: 3, label: { en: "Any", fr: "Tout" } }],
              alerts: [{ question: "calm", below: 1, urgent: true, message: { en: "Not calm", fr: "Pas calme" } }],
            },
          },
        },
      ],
    });
    const moduleId = book.modules[0]?.id ?? 0;
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.module(moduleId));
    const urgent = page.getByRole("checkbox", { name: "Urgent: email the care team at once" });
    await expect(urgent).toBeChecked();
    await page.getByLabel("Alert 1: watches").selectOption({ label: "the total" });
    await page.getByLabel("when it is").selectOption({ label: "down by" });
    await page.getByLabel("this value").fill("2");
    // A change is for the next review: the box says so, and cannot be ticked.
    await expect(urgent).toBeDisabled();
    await expect(urgent).not.toBeChecked();
    await expect(urgent).toHaveAccessibleDescription(/Down by at least this value since the client's last score/);
    await accessible(page, "a test's fall alert");
    await page.getByRole("button", { name: "Save module" }).click();
    await expect(page.getByText("Saved: version 2.")).toBeVisible();
    const saved = await db.moduleVersion.findFirstOrThrow({
      where: { moduleId, version: 2 },
      select: { definition: true },
    });
    expect(saved.definition).toMatchObject({
      scoring: { alerts: [{ total: true, fall: 2, urgent: false, message: { en: "Not calm" } }] },
    });
    // Read back, the row still says "down by".
    await page.reload();
    await expect(page.getByLabel("when it is")).toHaveValue("fall");
    await expect(page.getByLabel("this value")).toHaveValue("2");
  });

  test("pressed again after the answer was lost, the new-book form makes one book", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/library");
    await page.getByRole("button", { name: "New book" }).click();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Lost answer ${w.u}`);
    const lost = await loseAnswers(page, "**/gateway/profile/clinic/book");
    await page.getByRole("button", { name: "Create book" }).click();
    await expect(page.getByText("The server could not be reached. Check your connection and try again.")).toBeVisible();
    expect(lost.answers[0]?.status()).toBe(201);
    await lost.restore();

    await page.getByRole("button", { name: "Create book" }).click();
    await expect(page.getByRole("heading", { name: `Lost answer ${w.u}`, level: 1 })).toBeVisible();
    expect(await db.book.count({ where: { clinicId: w.clinic.id, name: `Lost answer ${w.u}` } })).toBe(1);
  });

  test("staff name a book and a module in French; a client whose language is French reads them on their homework", async ({
    page,
    signedIn,
  }) => {
    const { w, diary } = await onSecondBook(page);
    await page.getByLabel("Name in French").fill(`Journal ${w.u}`);
    await page.getByRole("button", { name: "Save book" }).click();
    await expect(page.getByText("Book saved.")).toBeVisible();
    await page.getByRole("link", { name: diary.name }).click();
    const french = page.getByLabel("Name in French");
    await expect(french).toHaveValue("");
    await expect(french).toHaveAccessibleDescription(/Left empty, they read the name above/);
    await french.fill(`Agenda ${w.u}`);
    await page.getByRole("button", { name: "Save module" }).click();
    await expect(page.getByText(/^Saved: version/)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Name in French")).toHaveValue(`Agenda ${w.u}`);
    await accessible(page, "a module's page with its French name");

    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    const client = await signedIn(w.client, { viewport: { width: 375, height: 740 } });
    await client.goto("/homework");
    const thisWeek = client.getByRole("region", { name: "Les exercices de la semaine" });
    await expect(thisWeek.getByRole("link", { name: `Agenda ${w.u}` })).toBeVisible();
    await expect(thisWeek.getByText(diary.name)).toHaveCount(0);
    await thisWeek.getByRole("link", { name: `Agenda ${w.u}` }).click();
    await expect(client.getByRole("heading", { name: `Agenda ${w.u}`, level: 1 })).toBeVisible();
    await expect(client.getByText(`Journal ${w.u}`)).toBeVisible();
  });

  test("a half-translated module says how much French is missing and where; each place leads to its French field; the book's list counts it", async ({
    page,
  }) => {
    const { w, block } = await newModuleWithBlock(page, "Sleep", "single");
    await block.getByLabel("Question (English)").fill("How did you sleep?");
    await block.getByLabel("Label (English)").nth(0).fill("Well");
    await block.getByLabel("Label (English)").nth(1).fill("Badly");
    await block.getByLabel("Help (English)").fill("Think of last night.");
    const form = page.getByRole("form", { name: "Module" });
    await expect(form).toContainText(
      "French: 4 of 4 texts not written yet. A French-speaking client reads them in English.",
    );
    const missing = form.getByRole("list", { name: "Go to the French not written yet" });
    await expect(missing.getByRole("listitem")).toHaveText([
      "Block 1, question (French)",
      "Block 1, help (French)",
      "Block 1, option 1, label (French)",
      "Block 1, option 2, label (French)",
    ]);
    // Each place is a way to its field: the author writes there at once.
    await missing.getByRole("button", { name: "Block 1, help (French)" }).click();
    await expect(block.getByLabel("Help (French)")).toBeFocused();
    await page.keyboard.type("Pensez à la nuit dernière.");
    await missing.getByRole("button", { name: "Block 1, option 2, label (French)" }).click();
    await expect(block.getByLabel("Label (French)").nth(1)).toBeFocused();
    await page.keyboard.type("Mal");
    await missing.getByRole("button", { name: "Block 1, question (French)" }).click();
    await expect(block.getByLabel("Question (French)")).toBeFocused();
    await page.keyboard.type("Avez-vous bien dormi ?");
    await expect(form).toContainText(
      "French: 1 of 4 texts not written yet. A French-speaking client reads it in English.",
    );
    await expect(missing.getByRole("listitem")).toHaveText(["Block 1, option 1, label (French)"]);
    await accessible(page, "a module with French still to write");
    await page.getByRole("button", { name: "Create module" }).click();
    await expect(page.getByText("Module created: version 1.")).toBeVisible();
    await page.getByRole("link", { name: `← ${w.book.name}` }).click();
    await expect(page.getByRole("row", { name: new RegExp(`Sleep ${w.u}`) })).toContainText("1 of 4 texts missing");

    await page.getByRole("link", { name: `Sleep ${w.u}` }).click();
    await block.getByLabel("Label (French)").nth(0).fill("Bien");
    await expect(form.getByText("French: every text is written.")).toBeVisible();
    await expect(missing).toHaveCount(0);
    await page.getByRole("button", { name: "Save module" }).click();
    await expect(page.getByText("Saved: version 2.")).toBeVisible();
    await page.getByRole("link", { name: `← ${w.book.name}` }).click();
    await expect(page.getByRole("row", { name: new RegExp(`Sleep ${w.u}`) })).toContainText("Written");
  });

  test("two editors at once: saving a book's or a module's page sends what this person changed, and keeps the French name a colleague wrote meanwhile", async ({
    page,
  }) => {
    const { w, diary } = await onSecondBook(page);
    await expect(page.getByLabel("Name in French")).toHaveValue("");
    // A colleague names the book in French after this page loaded.
    await db.book.update({ where: { id: w.book2.id }, data: { nameFr: `Journal ${w.u}` } });
    await page.getByLabel("Description").fill("Written down each evening.");
    await page.getByRole("button", { name: "Save book" }).click();
    await expect(page.getByText("Book saved.")).toBeVisible();
    const book = await db.book.findUniqueOrThrow({ where: { id: w.book2.id } });
    expect(book).toMatchObject({ description: "Written down each evening.", nameFr: `Journal ${w.u}` });
    await expect(page.getByLabel("Name in French")).toHaveValue(`Journal ${w.u}`);
    await page.getByRole("button", { name: "Save book" }).click();
    await expect(page.getByText("Nothing to save: no field was changed.")).toBeVisible();

    await page.getByRole("link", { name: diary.name }).click();
    await expect(page.getByLabel("Name in French")).toHaveValue("");
    await db.module.update({ where: { id: diary.id }, data: { nameFr: `Agenda ${w.u}` } });
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Evening diary ${w.u}`);
    await page.getByRole("button", { name: "Save module" }).click();
    // The questions were not touched: no new version.
    await expect(page.getByText("Saved: version 1.")).toBeVisible();
    const stored = await db.module.findUniqueOrThrow({ where: { id: diary.id } });
    expect(stored).toMatchObject({ name: `Evening diary ${w.u}`, nameFr: `Agenda ${w.u}` });
    // Typed back to the name it loaded with, the name is a change since the last save: it is sent.
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(diary.name);
    await page.getByRole("button", { name: "Save module" }).click();
    await expect
      .poll(() => db.module.findUniqueOrThrow({ where: { id: diary.id } }))
      .toMatchObject({ name: diary.name, nameFr: `Agenda ${w.u}` });
  });

  test("leaving a book's or a design plan's page with changes not saved asks first; saved, it does not", async ({
    page,
  }) => {
    const { w, diary } = await onSecondBook(page);
    const questions: string[] = [];
    page.on("dialog", (d) => {
      questions.push(d.message());
      void (questions.length % 2 === 1 ? d.dismiss() : d.accept());
    });
    const library = page.getByRole("link", { name: "← Library" });
    // The book's details: asked, and kept when the person stays.
    await page.getByLabel("Description").fill("Written down each evening.");
    await library.click();
    expect(questions).toEqual(["Leave this page? What you changed is not saved."]);
    await expect(page.getByLabel("Description")).toHaveValue("Written down each evening.");
    // Saved and read back, nothing is left to lose: a module's link leaves without a question.
    await page.getByRole("button", { name: "Save book" }).click();
    await expect(page.getByText("Book saved.")).toBeVisible();
    await page.getByRole("link", { name: diary.name }).click();
    await expect(page.getByRole("heading", { name: diary.name, level: 1 })).toBeVisible();
    expect(questions).toHaveLength(1);

    // A plan's weeks: ticking a book is a change; leaving is asked, and left when accepted.
    await page.goto(pages.designPlan(w.plan.id));
    await page.getByRole("button", { name: "Add week" }).click();
    await page
      .getByRole("group", { name: "Week 1", exact: true })
      .getByRole("checkbox", { name: new RegExp(w.book2.name) })
      .check();
    await library.click();
    expect(questions).toHaveLength(2);
    await expect(page).toHaveURL(/\/clinic\/library$/);
  });

  test("two tabs on one module: the later save is refused in words instead of undoing the earlier one", async ({
    page,
  }) => {
    const { diary } = await onSecondBook(page);
    await page.goto(pages.module(diary.id));
    const other = await page.context().newPage();
    await other.goto(pages.module(diary.id));
    const question = (p: Page) => p.getByLabel("Question (English)").first();
    await expect(question(other)).toBeVisible();

    await question(page).fill("What did you do this evening?");
    await page.getByRole("button", { name: "Save module" }).click();
    await expect(page.getByText("Saved: version 2.")).toBeVisible();

    // The other tab still holds version 1's questions: saving them whole would put back the old wording.
    await question(other).fill("How did you sleep?");
    await other.getByRole("button", { name: "Save module" }).click();
    await expect(other.getByRole("alert").filter({ hasText: "saved again" })).toContainText(
      "This module was saved again since version 1, which this change was made from (it is now version 2): nothing was saved",
    );
    const versions = await db.moduleVersion.findMany({ where: { moduleId: diary.id }, orderBy: { version: "asc" } });
    expect(versions).toHaveLength(2);
    expect(JSON.stringify(versions.at(-1)?.definition)).toContain("What did you do this evening?");
    // Read again, the page has the colleague's version, and a change made there is saved.
    other.on("dialog", (d) => void d.accept());
    await other.reload();
    await expect(question(other)).toHaveValue("What did you do this evening?");
    await question(other).fill("How did you sleep?");
    await other.getByRole("button", { name: "Save module" }).click();
    await expect(other.getByText("Saved: version 3.")).toBeVisible();
  });

  test("staff archive a book, asked first: refused in words while a plan in use has it, archived once the plan is; no longer offered as homework, listed under Archived, brought back", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    await db.designPlanWeek.create({ data: { designPlanId: w.plan.id, week: 1, bookId: w.book2.id } });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.book(w.book2.id));
    const archive = async (what: string, name: string) => {
      await page.getByRole("button", { name: `Archive ${what}` }).click();
      const dialog = page.getByRole("alertdialog", { name: `Archive ${name}?` });
      await expect(dialog).toContainText("You can bring it back.");
      await dialog.getByRole("button", { name: "Archive" }).click();
    };
    await archive("book", w.book2.name);
    const card = page.getByRole("region", { name: "Archive this book" });
    await expect(card.getByRole("alert")).toHaveText(
      `The book is in the weeks of a design plan in use (${w.plan.name}): nothing changed; take the book out of that plan, or archive that plan, first.`,
    );

    await page.goto(pages.designPlan(w.plan.id));
    await archive("design plan", w.plan.name);
    await expect(page.getByRole("region", { name: "This design plan is archived" })).toBeVisible();
    await page.goto(pages.book(w.book2.id));
    await archive("book", w.book2.name);
    await expect(page.getByText(`${w.book2.name} archived.`)).toBeVisible();
    const archived = page.getByRole("region", { name: "This book is archived" });
    await expect(archived).toContainText("It is no longer offered as homework or in design plans.");
    await accessible(page, "an archived book's page");

    const carer = await signedIn(w.carer);
    await carer.goto(`/caregiver/sessions/${String(w.session.id)}`);
    await carer.getByRole("button", { name: "Add homework" }).click();
    const form = carer.getByRole("form", { name: "Add homework" });
    await expect(form.getByRole("checkbox", { name: new RegExp(w.book.name) })).toBeVisible();
    await expect(form.getByRole("checkbox", { name: new RegExp(w.book2.name) })).toHaveCount(0);

    await page.getByRole("link", { name: "← Library" }).click();
    const list = page.getByRole("region", { name: "Archived" });
    await expect(list.getByRole("link")).toHaveText([w.book2.name, w.plan.name]);
    await expect(page.getByRole("table", { name: "Books of the clinic" })).not.toContainText(w.book2.name);
    await accessible(page, "the library with archived books and plans");
    await list.getByRole("link", { name: w.book2.name }).click();
    await page.getByRole("button", { name: "Bring back into use" }).click();
    await expect(page.getByText(`${w.book2.name} is in use again.`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Archive this book" })).toBeVisible();
    await carer.reload();
    await carer.getByRole("button", { name: "Add homework" }).click();
    await expect(form.getByRole("checkbox", { name: new RegExp(w.book2.name) })).toBeVisible();
  });

  test("two books in use never share a name: a new one is refused at its name; an archived twin comes back once renamed", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const twin = await db.book.create({ data: { clinicId: w.clinic.id, name: w.book.name, archivedAt: new Date() } });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/library");
    await page.getByRole("button", { name: "New book" }).click();
    const form = page.getByRole("form", { name: "New book" });
    await form.getByRole("textbox", { name: "Name", exact: true }).fill(w.book.name);
    await form.getByRole("button", { name: "Create book" }).click();
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveAccessibleDescription(
      /A book in use in the clinic already has this name: choose another, or rename or archive that one first\./,
    );
    await expect(page).toHaveURL(/\/clinic\/library$/);

    await page.goto(pages.book(twin.id));
    const archived = page.getByRole("region", { name: "This book is archived" });
    await archived.getByRole("button", { name: "Bring back into use" }).click();
    await expect(archived.getByRole("alert")).toHaveText(
      "A book in use in the clinic already has this book's name: rename one of them first; this one stays archived.",
    );
    await accessible(page, "an archived book whose name is in use");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${w.book.name} (last year)`);
    await page.getByRole("button", { name: "Save book" }).click();
    await expect(page.getByText("Book saved.")).toBeVisible();
    await archived.getByRole("button", { name: "Bring back into use" }).click();
    await expect(page.getByText(`${w.book.name} (last year) is in use again.`)).toBeVisible();
  });

  test("an archived plan whose book is archived too shows that book where it is ticked, so that it can be taken out and the plan brought back", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await db.designPlanWeek.create({ data: { designPlanId: w.plan.id, week: 1, bookId: w.book2.id } });
    await db.designPlan.update({ where: { id: w.plan.id }, data: { archivedAt: new Date() } });
    await db.book.update({ where: { id: w.book2.id }, data: { archivedAt: new Date() } });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.designPlan(w.plan.id));
    await page.getByRole("button", { name: "Bring back into use" }).click();
    await expect(page.getByRole("region", { name: "This design plan is archived" }).getByRole("alert")).toContainText(
      `an archived book (${w.book2.name})`,
    );
    const week = page.getByRole("group", { name: /Books of week 1/ });
    const archived = week.getByRole("checkbox", { name: `${w.book2.name} · archived` });
    await expect(archived).toBeChecked();
    // Unticked, it leaves the list: an archived book cannot be put back in.
    await archived.click();
    await expect(archived).toHaveCount(0);
    await week.getByRole("checkbox", { name: new RegExp(w.book.name) }).check();
    await page.getByRole("button", { name: "Save design plan" }).click();
    await expect(page.getByText("Design plan saved.")).toBeVisible();
    await page.getByRole("button", { name: "Bring back into use" }).click();
    await expect(page.getByText(`${w.plan.name} is in use again.`)).toBeVisible();
  });

  test("staff create a design plan of two weeks; a plan ending with an empty week is refused", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/library");
    await page.getByRole("link", { name: "New design plan" }).click();
    await expect(page.getByRole("heading", { name: "New design plan", level: 1 })).toBeVisible();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Two weeks ${w.u}`);
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

  test("staff name a design plan in French; saving sends what this person changed, and keeps a colleague's description", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.designPlan(w.plan.id));
    const french = page.getByLabel("Name in French");
    await expect(french).toHaveValue("");
    await expect(french).toHaveAccessibleDescription(/the sessions scheduled with the plan for clients whose language/);
    // A colleague describes the plan after this page loaded.
    await db.designPlan.update({ where: { id: w.plan.id }, data: { description: `Eight weeks ${w.u}` } });
    await french.fill(`Programme ${w.u}`);
    await accessible(page, "a design plan's page with its French name");
    await page.getByRole("button", { name: "Save design plan" }).click();
    await expect(page.getByText("Design plan saved.")).toBeVisible();
    expect(await db.designPlan.findUniqueOrThrow({ where: { id: w.plan.id } })).toMatchObject({
      name: w.plan.name,
      nameFr: `Programme ${w.u}`,
      description: `Eight weeks ${w.u}`,
    });
    // Saved, the page shows the plan as it now is, the colleague's description with it.
    await expect(page.getByLabel("Description")).toHaveValue(`Eight weeks ${w.u}`);
    await page.getByRole("button", { name: "Save design plan" }).click();
    await expect(page.getByText("Nothing to save: no field was changed.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Name in French")).toHaveValue(`Programme ${w.u}`);
    // Emptied, the French name is removed: sessions are then titled by the name in French too.
    await page.getByLabel("Name in French").fill("");
    await page.getByRole("button", { name: "Save design plan" }).click();
    await expect(page.getByText("Design plan saved.")).toBeVisible();
    await expect
      .poll(async () => (await db.designPlan.findUniqueOrThrow({ where: { id: w.plan.id } })).nameFr)
      .toBeNull();
  });
  test("what a person typed on a design plan's or a book's page outlives the record read again: a colleague's rename shows beside it", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await page.clock.install();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.designPlan(w.plan.id));
    await page.getByLabel("Description").fill(`Typed, not saved ${w.u}`);
    // A colleague renames the plan meanwhile; back on this tab later, the plan is read again.
    await db.designPlan.update({ where: { id: w.plan.id }, data: { name: `Renamed ${w.u}` } });
    const reread = page.waitForResponse((r) => r.url().endsWith(`/design-plan/${String(w.plan.id)}`));
    await page.clock.runFor(11_000);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await reread;
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(`Renamed ${w.u}`);
    await expect(page.getByLabel("Description")).toHaveValue(`Typed, not saved ${w.u}`);
    await page.getByRole("button", { name: "Save design plan" }).click();
    await expect(page.getByText("Design plan saved.")).toBeVisible();
    await expect
      .poll(async () => await db.designPlan.findUniqueOrThrow({ where: { id: w.plan.id } }))
      .toMatchObject({ name: `Renamed ${w.u}`, description: `Typed, not saved ${w.u}` });

    // The same on a book's page.
    await page.goto(pages.book(w.book.id));
    await page.getByLabel("Description").fill(`Typed for the book ${w.u}`);
    await db.book.update({ where: { id: w.book.id }, data: { name: `Book renamed ${w.u}` } });
    const bookReread = page.waitForResponse((r) => r.url().endsWith(`/book/${String(w.book.id)}`));
    await page.clock.runFor(11_000);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await bookReread;
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(`Book renamed ${w.u}`);
    await expect(page.getByLabel("Description")).toHaveValue(`Typed for the book ${w.u}`);
    await page.getByRole("button", { name: "Save book" }).click();
    await expect(page.getByText("Book saved.")).toBeVisible();
    await expect
      .poll(async () => await db.book.findUniqueOrThrow({ where: { id: w.book.id } }))
      .toMatchObject({ name: `Book renamed ${w.u}`, description: `Typed for the book ${w.u}` });
  });
});
