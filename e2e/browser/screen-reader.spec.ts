import type { Page } from "@playwright/test";
import { pages } from "@/lib/api-client/paths";
import { PHQ9 } from "@/lib/library/measures";
import { makeBook } from "@/prisma/factories";
import { inLanguage, isQuestion } from "@/lib/schemas/module-definition";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";
import { libraryHomework } from "../support/library-homework";

// What a person who uses a screen reader hears (found by a review as one, 2026-12-06): each thing
// once, by its name, and what the page says of itself when it matters.

const QUESTIONS = PHQ9.definition.blocks.filter(isQuestion);
const [firstItem] = QUESTIONS;
if (!firstItem) throw new Error("the library's PHQ-9 has questions");
const FIRST = inLanguage(firstItem.label, "en");

/** What a screen reader reads out as it changes: status, alert and log roles, and other live regions. */
const liveRegions = (page: Page) =>
  page.locator("[role=status], [role=alert], [role=log], [aria-live=polite], [aria-live=assertive]");

/** A client's own PHQ-9 to do, opened on its page. */
async function openPhq9AsClient(page: Page) {
  const w = await makeClinicWorld();
  const { assignmentId } = await libraryHomework(w, "phq-9", "Mood week");
  await signIn(page, w.client.username, w.client.password);
  await page.goto(`/homework/${String(assignmentId)}`);
}

test.describe("by screen reader", () => {
  test("a questionnaire's question is one radio group named by the question, not a group around a radio group of the same name", async ({
    page,
  }) => {
    await openPhq9AsClient(page);
    const question = page.getByRole("radiogroup", { name: FIRST, exact: true });
    await expect(question.getByRole("radio")).toHaveCount(4);
    // Entering the question, a screen reader says the name of each group it enters: the question once.
    await expect(page.getByRole("group", { name: FIRST, exact: true })).toHaveCount(0);
    await expect(question).toHaveAttribute("aria-required", "true");

    // Left unanswered at the submit: the question says so, as its description.
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: FIRST, exact: true }).click();
    await expect(question.getByRole("radio").first()).toBeFocused();
    await expect(question).toHaveAttribute("aria-invalid", "true");
    await expect(question).toHaveAccessibleDescription("This question needs an answer.");
  });

  test("answering is not followed each time by 'Saving…' and 'Saved'; a save that fails is said, and so is the save that puts it right", async ({
    page,
  }) => {
    await openPhq9AsClient(page);
    const live = liveRegions(page);
    const radios = page.getByRole("radiogroup", { name: FIRST, exact: true }).getByRole("radio");
    await radios.nth(1).check();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    // Saved, as the page said at its top that answers are: nothing is read out after each answer.
    await expect(live.filter({ hasText: /^(Saving…|Saved)$/ })).toHaveCount(0);

    await page.route("**/autosave", (route) => route.abort("internetdisconnected"));
    await radios.nth(2).check();
    await expect(live.filter({ hasText: /^Not saved$/ })).toHaveCount(1);
    await page.unroute("**/autosave");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(live.filter({ hasText: /^Saved$/ })).toHaveCount(1);

    // Put right, the next answer is saved quietly again.
    await radios.nth(3).check();
    await expect(page.getByText("Saving…", { exact: true })).toBeVisible();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(live.filter({ hasText: /^(Saving…|Saved|Not saved)$/ })).toHaveCount(0);
  });

  test("a staff form's line on required fields says what marks them", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    // The mark beside each label is hidden from screen readers, which say "required" at the field.
    const note = "- paragraph: /^Fields marked with an asterisk are required\\./";
    await page.goto("/clinic/clients/new");
    await expect(page.getByRole("form", { name: "New client" })).toMatchAriaSnapshot(note);
    await expect(page.getByRole("textbox", { name: "Full name" })).toHaveAttribute("aria-required", "true");
    await page.goto(`/client/${String(w.client.id)}/edit`);
    await expect(page.getByRole("main")).toMatchAriaSnapshot(note);
    await page.goto("/clinic/caregivers");
    await page.getByRole("button", { name: "Add care provider" }).click();
    await expect(page.getByRole("main")).toMatchAriaSnapshot(note);
  });

  test("the main navigation says which of its links is the page the person is on", async ({ page }) => {
    const w = await makeClinicWorld();
    const current = (name: string) =>
      page.getByRole("navigation", { name: /^(Main|Principal)$/ }).getByRole("link", { name, exact: true });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    await expect(current("Clients")).toHaveAttribute("aria-current", "page");
    await expect(current("New client")).not.toHaveAttribute("aria-current", /.*/);
    await current("New client").click();
    await expect(page.getByRole("heading", { name: "New client", level: 1 })).toBeVisible();
    await expect(current("New client")).toHaveAttribute("aria-current", "page");
    await expect(current("Clients")).not.toHaveAttribute("aria-current", /.*/);

    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");
    await expect(current("My sessions")).toHaveAttribute("aria-current", "page");

    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    await signIn(page, w.client.username, w.client.password);
    await page.goto("/homework");
    await expect(current("Mes exercices")).toHaveAttribute("aria-current", "page");
    await current("Paramètres des e-mails").click();
    await expect(current("Paramètres des e-mails")).toHaveAttribute("aria-current", "page");
    await expect(current("Mes exercices")).not.toHaveAttribute("aria-current", /.*/);
  });
  test("a finished questionnaire's answers are heard as each question with its answer", async ({ page }) => {
    const w = await makeClinicWorld();
    const { assignmentId } = await libraryHomework(w, "phq-9", "Mood week");
    await signIn(page, w.client.username, w.client.password);
    const submitted = await page.request.post(`/gateway/profile/client/assignment/${String(assignmentId)}/submit`, {
      data: { answers: QUESTIONS.filter((q) => q.required).map((q) => ({ questionKey: q.key, value: 1 })) },
      headers: { origin: new URL(process.env.E2E_BASE_URL ?? "").origin },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
    await page.goto(`/homework/${String(assignmentId)}`);
    const answers = page.getByRole("region", { name: "Your answers" });
    // Each question a term and its answer the term's definition, in one list per run of questions:
    // a screen reader says which is which, and how many there are.
    await expect(answers.getByRole("term")).toHaveText(QUESTIONS.map((q) => inLanguage(q.label, "en")));
    const said = answers.getByRole("definition");
    await expect(said).toHaveCount(QUESTIONS.length);
    await expect(said.first()).toHaveText("Several days");
    await expect(said.last()).toHaveText("Not answered");
  });
  test("the module editor's French fields are marked French, so a screen reader reads them in a French voice", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const points = [0, 1].map((value) => ({
      value,
      label: { en: `Point ${String(value)}`, fr: `Point ${String(value)}` },
    }));
    const book = await makeBook(db, {
      clinicId: w.clinic.id,
      name: `Wellbeing ${w.u}`,
      modules: [
        {
          name: "Weekly wellbeing",
          definition: {
            blocks: [
              { type: "text", body: { en: "Think of the week.", fr: "Pensez à la semaine." } },
              { type: "scale", key: "calm", label: { en: "Calm", fr: "Calme" }, required: true, points },
            ],
            scoring: {
              items: ["calm"],
              reverse: [],
              multiplier: 1,
              range: { min: 0, max: 1 },
              subscales: [],
              bands: [{ min: 0, max: 1, label: { en: "Any", fr: "Tout" } }],
              alerts: [{ question: "calm", below: 1, urgent: false, message: { en: "Not calm", fr: "Pas calme" } }],
            },
          },
        },
      ],
    });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(pages.module(book.modules[0]?.id ?? 0));
    const french = page.getByRole("textbox", { name: /\(French\)|^Name in French/ });
    // The name, the text, the question, its help, its two points, the band and the alert.
    await expect(french).toHaveCount(8);
    for (const field of await french.all()) await expect(field).toHaveAttribute("lang", "fr");
    for (const field of await page.getByRole("textbox", { name: /\(English\)/ }).all())
      await expect(field).not.toHaveAttribute("lang", "fr");
  });
});
