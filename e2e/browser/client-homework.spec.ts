import { createHash, randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { percent, t } from "@/lib/library/define";
import { PHQ9 } from "@/lib/library/measures";
import { inLanguage, isQuestion, type ModuleDefinitionT, type QuestionT } from "@/lib/schemas/module-definition";
import { makeBook, makeClient, makeSession } from "@/prisma/factories";
import { accessible } from "../support/accessible";
import { libraryHomework } from "../support/library-homework";
import { db, expect, makeClinicWorld, makePeople, signIn, test } from "../support/fixtures";

const DAY = 24 * 3600 * 1000;

/** Answers the library's sleep diary on its page: 8 h 15 min in bed, 5 h 50 min asleep. */
async function fillNight(page: Page, night: string) {
  await page.getByLabel("Night of (the date you went to bed)").fill(night);
  for (const [label, time] of [
    ["What time did you get into bed?", "22:45"],
    ["What time did you try to go to sleep?", "23:15"],
    ["What time was your final awakening?", "06:15"],
    ["What time did you get out of bed for the day?", "07:00"],
  ] as const) {
    const input = page.getByLabel(label);
    await expect(input).toHaveAttribute("type", "time");
    await input.fill(time);
  }
  // Minutes to the minute, not in fives.
  await page.getByLabel("How long did it take you to fall asleep?").fill("33");
  await page.getByLabel("How many times did you wake up, not counting your final awakening?").fill("2");
  await page.getByLabel("In total, how long did these awakenings last?").fill("37");
  await page.getByRole("radio", { name: "Fair" }).check();
}

/** Submits the homework on its page and confirms; the client is back on their homework. */
async function submitHomework(page: Page) {
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/homework$/);
}

/** An open invitation link of the client, valid for a day: its token. */
async function openInvitation(clinicId: number, clientId: number) {
  const token = randomBytes(32).toString("base64url");
  await db.invitation.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("base64url"),
      clinicId,
      clientId,
      expiresAt: new Date(Date.now() + DAY),
    },
  });
  return token;
}

/** A French client whose session of yesterday has one homework: a module of these blocks. */
async function frenchClientWith(name: string, blocks: ModuleDefinitionT["blocks"]) {
  const people = await makePeople();
  const { clinic, client, carer, u } = people;
  await db.client.update({ where: { id: client.id }, data: { language: "FR" } });
  const book = await makeBook(db, {
    clinicId: clinic.id,
    name: `${name} ${u}`,
    modules: [{ name: `${name} ${u}`, definition: { blocks } }],
  });
  const made = await makeSession(db, {
    clinicId: clinic.id,
    clientId: client.id,
    caregiverId: carer.id,
    title: `Week 1 ${u}`,
    startAt: new Date(Date.now() - DAY),
    assignments: [{ bookId: book.id, moduleId: book.modules[0]!.id }],
  });
  return { ...people, made, assignmentId: made.assignmentIds[0]! };
}

// The library's PHQ-9 as the client's page shows it: its questions (the page is given the module
// without its scoring section, which stays with the care team), whatever items the library holds.
const QUESTIONS = PHQ9.definition.blocks.filter(isQuestion);
const REQUIRED = QUESTIONS.filter((q) => q.required);

/**
 * A client whose running session has a PHQ-9 to do and a finished diary with the care team's
 * feedback, and whose next session starts in a week.
 */
async function clientWithPhq9(language: "EN" | "FR" = "EN") {
  const people = await makePeople();
  const { clinic, client, carer, u } = people;
  await db.client.update({ where: { id: client.id }, data: { language } });
  const book = await makeBook(db, {
    clinicId: clinic.id,
    name: `Mood check ${u}`,
    modules: [{ name: `PHQ-9 ${u}`, definition: PHQ9.definition }, { name: `Mood diary ${u}` }],
  });
  const [phq9, diary] = book.modules;
  const session = (title: string, startAt: Date, assignments: Parameters<typeof makeSession>[1]["assignments"]) =>
    makeSession(db, {
      clinicId: clinic.id,
      clientId: client.id,
      caregiverId: carer.id,
      title: `${title} ${u}`,
      startAt,
      assignments,
    });
  await session("Week 1", new Date(Date.now() - DAY), [
    { bookId: book.id, moduleId: phq9!.id },
    {
      bookId: book.id,
      moduleId: diary!.id,
      status: "COMPLETE",
      feedbackStatus: "GIVEN",
      submittedAfterDays: 0,
      feedback: `Lovely diary, ${u}`,
    },
  ]);
  await session("Week 2", new Date(Date.now() + 6 * DAY), [{ bookId: book.id, moduleId: diary!.id }]);
  return { ...people, phq9Name: `PHQ-9 ${u}`, diaryName: `Mood diary ${u}`, feedback: `Lovely diary, ${u}` };
}

async function signInAsClient(page: Page, username: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/homework$/);
}

/** The control of a question: its radio group, its box group, or its field. */
function controlOf(page: Page, q: QuestionT): Locator {
  const name = inLanguage(q.label, "en");
  if (q.type === "single" || q.type === "scale") return page.getByRole("radiogroup", { name, exact: true });
  if (q.type === "multiple") return page.getByRole("group", { name, exact: true });
  return page.getByLabel(name, { exact: true });
}

/** The label of the choice this test makes for a question (the second one, where there are several). */
const choiceOf = (q: QuestionT) => {
  const options = q.type === "scale" ? q.points : q.type === "single" || q.type === "multiple" ? q.options : [];
  const o = options[1] ?? options[0];
  return o ? inLanguage(o.label, "en") : "";
};

async function answer(page: Page, q: QuestionT) {
  const control = controlOf(page, q);
  switch (q.type) {
    case "single":
    case "scale":
      return control.getByRole("radio", { name: choiceOf(q), exact: true }).check();
    case "multiple":
      return control.getByRole("checkbox", { name: choiceOf(q), exact: true }).check();
    case "number":
      return control.fill(String(q.min));
    case "date":
      return control.fill("2026-11-20");
    default:
      return control.fill("An answer");
  }
}

async function expectAnswered(page: Page, q: QuestionT) {
  const control = controlOf(page, q);
  switch (q.type) {
    case "single":
    case "scale":
      return expect(control.getByRole("radio", { name: choiceOf(q), exact: true })).toBeChecked();
    case "multiple":
      return expect(control.getByRole("checkbox", { name: choiceOf(q), exact: true })).toBeChecked();
    case "number":
      return expect(control).toHaveValue(String(q.min));
    case "date":
      return expect(control).toHaveValue("2026-11-20");
    default:
      return expect(control).toHaveValue("An answer");
  }
}

test.describe("the client's homework pages", () => {
  test.describe.configure({ timeout: 120_000 });

  test("on a 375 px screen a client answers a PHQ-9: saved as it goes, resumed, submitted after the confirmation", async ({
    page,
  }) => {
    expect(REQUIRED.length).toBeGreaterThan(0);
    const w = await clientWithPhq9();
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsClient(page, w.client.username, w.client.password);
    await expect(page.getByRole("heading", { name: "My homework", level: 1 })).toBeVisible();
    const thisWeek = page.getByRole("region", { name: "This week's homework" });
    const finished = page.getByRole("region", { name: "Finished work" });
    await expect(thisWeek.getByRole("link", { name: w.phq9Name })).toBeVisible();
    await expect(finished.getByRole("link", { name: w.diaryName })).toBeVisible();
    await expect(finished.getByText(w.feedback)).toBeVisible();
    await expect(page.getByRole("region", { name: "Next session" })).toContainText(`Week 2 ${w.u} starts on`);
    await accessible(page, "the homework page", { asIs: true });

    await thisWeek.getByRole("link", { name: w.phq9Name }).click();
    await expect(page.getByRole("heading", { name: w.phq9Name, level: 1 })).toBeVisible();
    await accessible(page, "the PHQ-9", { asIs: true });

    // Submitting with required questions unanswered lists them first, and submits nothing.
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    const missing = page.getByRole("alertdialog", { name: "Some required questions have no answer" });
    await expect(missing).toBeVisible();
    for (const q of REQUIRED) await expect(missing.getByRole("listitem")).toContainText([inLanguage(q.label, "en")]);
    await missing.getByRole("button", { name: "Back to the questions" }).click();
    await expect(missing).toBeHidden();
    await expect(page.getByRole("button", { name: "Submit", exact: true })).toBeFocused();
    // A question named in the list takes the focus itself.
    const second = REQUIRED[1];
    expect(second).toBeDefined();
    if (!second) return;
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await missing.getByRole("button", { name: inLanguage(second.label, "en") }).click();
    await expect(missing).toBeHidden();
    await expect(page.locator(`#q-${second.key}`).locator("input, button, textarea").first()).toBeFocused();
    await expect(page.getByText("This question needs an answer.").first()).toBeVisible();

    // Every change is saved as it goes.
    for (const q of REQUIRED) await answer(page, q);
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();

    // Leaving and coming back resumes from the saved answers.
    await page.getByRole("link", { name: "Back to my homework" }).click();
    await expect(thisWeek.getByRole("link", { name: w.phq9Name })).toBeVisible();
    await page.reload();
    await thisWeek.getByRole("link", { name: w.phq9Name }).click();
    for (const q of REQUIRED) await expectAnswered(page, q);

    // Submitting asks first; then the work is finished.
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: `Submit ${w.phq9Name}?` });
    await expect(confirm).toContainText("You cannot change them afterwards.");
    await confirm.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/homework$/);
    await expect(finished.getByRole("link", { name: w.phq9Name })).toBeVisible();
    await expect(thisWeek.getByRole("link", { name: w.phq9Name })).toBeHidden();

    // Finished work is read-only, with the answers given in words.
    await finished.getByRole("link", { name: w.phq9Name }).click();
    await expect(page.getByText("You submitted this on")).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit", exact: true })).toBeHidden();
    const first = REQUIRED[0]!;
    if (first.type === "scale" || first.type === "single")
      await expect(page.getByRole("region", { name: "Your answers" })).toContainText(choiceOf(first));
    await expect(page.getByRole("radio")).toHaveCount(0);
  });

  test("a client with months of finished work and sessions sees the newest first, five at once, and the rest on asking", async ({
    page,
  }) => {
    const people = await makePeople();
    const { clinic, client, carer, u } = people;
    const book = await makeBook(db, { clinicId: clinic.id, name: `Diaries ${u}`, modules: [{ name: `Diary ${u}` }] });
    const [diary] = book.modules;
    // Seven weekly sessions, each with its diary finished a day in and given feedback.
    for (let week = 1; week <= 7; week++) {
      await makeSession(db, {
        clinicId: clinic.id,
        clientId: client.id,
        caregiverId: carer.id,
        title: `Week ${String(week)} ${u}`,
        startAt: new Date(Date.now() - (8 - week) * 7 * DAY),
        assignments: [
          {
            bookId: book.id,
            moduleId: diary!.id,
            status: "COMPLETE",
            feedbackStatus: "GIVEN",
            submittedAfterDays: 1,
            feedback: `Feedback on week ${String(week)}`,
          },
        ],
      });
    }
    // And this week's, its diary still to do.
    await makeSession(db, {
      clinicId: clinic.id,
      clientId: client.id,
      caregiverId: carer.id,
      title: `Week 8 ${u}`,
      startAt: new Date(Date.now() - DAY),
      assignments: [{ bookId: book.id, moduleId: diary!.id }],
    });
    // Every read of the whole finished list the browser makes: none until the client asks.
    const wholeListReads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/finished-assignment") && !r.url().includes("size=5")) wholeListReads.push(r.url());
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsClient(page, client.username, client.password);
    const finished = page.getByRole("region", { name: "Finished work" });
    const cards = finished.getByTestId("homework-item");
    await expect(cards).toHaveCount(5);
    for (const [i, week] of [7, 6, 5, 4, 3].entries()) {
      await expect(cards.nth(i)).toContainText(`Feedback on week ${String(week)}`);
    }
    await expect(finished.getByText("Feedback on week 2")).toHaveCount(0);
    // The page brought those five and no more: the rest is read when the client asks for it.
    const html = await (await page.request.get("/homework")).text();
    expect(html).toContain("Feedback on week 3");
    expect(html).not.toContain("Feedback on week 2");

    expect(wholeListReads).toEqual([]);

    await finished.getByRole("button", { name: "Show all 7 finished" }).click();
    await expect(cards).toHaveCount(7);
    expect(wholeListReads).toHaveLength(1);
    await expect(cards.nth(6)).toContainText("Feedback on week 1");
    // The keyboard goes on where the new cards start.
    await expect(cards.nth(5).getByRole("link", { name: `Diary ${u}` })).toBeFocused();
    await expect(finished.getByRole("button", { name: /Show all/ })).toHaveCount(0);
    await accessible(page, "the homework page with all its finished work", { asIs: true });

    // Its sessions and their conversations too: five, then the rest on asking.
    const sessions = page.getByRole("region", { name: "My sessions and messages" });
    await expect(sessions.getByTestId("session-conversation")).toHaveCount(5);
    await sessions.getByRole("button", { name: "Show all 8 sessions" }).click();
    await expect(sessions.getByTestId("session-conversation")).toHaveCount(8);
    await expect(sessions.getByTestId("session-conversation").nth(5).getByRole("link")).toBeFocused();

    // This week's diary, submitted after the whole list was read, comes first on return, counted.
    await page
      .getByRole("region", { name: "This week's homework" })
      .getByRole("link", { name: `Diary ${u}` })
      .click();
    await submitHomework(page);
    await expect(cards.first()).toContainText(`Week 8 ${u}`);
    await expect(cards).toHaveCount(5);
    await expect(finished.getByRole("button", { name: "Show all 8 finished" })).toBeVisible();
  });

  test("a save that cannot reach the server says so in plain words, and the words go once a retry saves", async ({
    page,
  }) => {
    const w = await clientWithPhq9();
    const [first] = REQUIRED;
    expect(first).toBeDefined();
    if (!first) return;
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsClient(page, w.client.username, w.client.password);
    await page.getByRole("link", { name: w.phq9Name }).click();
    await expect(page.getByRole("heading", { name: w.phq9Name, level: 1 })).toBeVisible();

    await page.route("**/autosave", (route) => route.abort("internetdisconnected"));
    await answer(page, first);
    await expect(page.getByRole("status").filter({ hasText: "Not saved" })).toBeVisible();
    const alert = page.getByRole("alert").filter({ hasText: "could not be reached" });
    await expect(alert).toHaveText("The server could not be reached. Check your connection and try again.");
    await expect(page.getByText("Failed to fetch")).toHaveCount(0);

    await page.unroute("**/autosave");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await expect(alert).toBeHidden();
    await page.reload();
    await expectAnswered(page, first);
  });

  test("a page left open while the homework was submitted in another tab says so in words and shows it as submitted", async ({
    page,
  }) => {
    const w = await clientWithPhq9();
    await signInAsClient(page, w.client.username, w.client.password);
    await page.getByRole("link", { name: w.phq9Name }).click();
    await expect(page.getByRole("heading", { name: w.phq9Name, level: 1 })).toBeVisible();
    const stale = page.url();

    const other = await page.context().newPage();
    await other.goto(stale);
    for (const q of REQUIRED) await answer(other, q);
    await expect(other.getByText("Saved", { exact: true })).toBeVisible();
    await submitHomework(other);
    await other.close();

    const [first] = REQUIRED;
    if (!first) throw new Error("the PHQ-9 has no required question");
    await answer(page, first);
    await expect(page.getByRole("alert").filter({ hasText: "meanwhile" })).toHaveText(
      "This homework was submitted or closed meanwhile, perhaps in another tab or window, so this change was not saved.",
    );
    await expect(page.getByText("already submitted")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await page.getByRole("button", { name: "See it as it is now" }).click();
    await expect(page.getByRole("button", { name: "Submit", exact: true })).toHaveCount(0);
    await expect(page.getByRole("radio")).toHaveCount(0);
  });

  test("two tabs of one homework: each shows what the other saved when the client comes back to it, and a submit keeps both", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const text = (key: string, en: string) =>
      ({ type: "shortText", key, label: { en, fr: en }, required: false, maxLength: 200 }) as const;
    const book = await makeBook(db, {
      clinicId: w.clinic.id,
      name: `Two tabs ${w.u}`,
      modules: [
        {
          name: `Week plan ${w.u}`,
          definition: {
            blocks: ["Monday", "Tuesday", "Wednesday", "Thursday"].map((day) => text(day.toLowerCase(), day)),
          },
        },
      ],
    });
    const s = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `Two tabs ${w.u}`,
      startAt: new Date(),
      assignments: [{ bookId: book.id, moduleId: book.modules[0]?.id ?? 0 }],
    });
    const url = `/homework/${String(s.assignmentIds[0])}`;
    await signIn(page, w.client.username, w.client.password);
    await page.goto(url);
    const other = await page.context().newPage();
    await other.goto(url);
    const saved = (p: Page) => expect(p.getByText("Saved", { exact: true })).toBeVisible();

    await other.getByLabel("Monday").fill("Walk");
    await saved(other);
    await page.getByLabel("Tuesday").fill("Swim");
    await saved(page);
    // Back to the first tab: what the other saved is there, and what this one wrote stays.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(page.getByLabel("Monday")).toHaveValue("Walk");
    await expect(page.getByLabel("Tuesday")).toHaveValue("Swim");

    // Saved in the other tab while this one is still in front: "Submit" finds it and adds it before
    // asking; saved while the confirmation is open, the confirmed submit finds it and asks again.
    // Neither sends the work without it.
    const notice = page.getByRole("alert").filter({ hasText: "another tab" });
    await other.getByLabel("Wednesday").fill("Rest");
    await saved(other);
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(notice).toHaveText(
      "Answers saved in another tab or window were added. Check them, then submit again.",
    );
    await expect(page.getByLabel("Wednesday")).toHaveValue("Rest");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expect(notice).toHaveCount(0);
    await other.getByLabel("Thursday").fill("Read");
    await saved(other);
    await page.getByRole("alertdialog").getByRole("button", { name: "Submit" }).click();
    await expect(notice).toBeVisible();
    await expect(page.getByLabel("Thursday")).toHaveValue("Read");
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await submitHomework(page);
    const answers = await db.answer.findMany({
      where: { assignmentId: s.assignmentIds[0] },
      select: { questionKey: true, value: true },
      orderBy: { questionKey: "asc" },
    });
    expect(answers).toEqual([
      { questionKey: "monday", value: "Walk" },
      { questionKey: "thursday", value: "Read" },
      { questionKey: "tuesday", value: "Swim" },
      { questionKey: "wednesday", value: "Rest" },
    ]);
    await other.close();
  });

  test("a French client reads that the server could not be reached in French", async ({ page }) => {
    const w = await clientWithPhq9("FR");
    await signInAsClient(page, w.client.username, w.client.password);
    await page.getByRole("link", { name: w.phq9Name }).click();
    await page.route("**/autosave", (route) => route.abort("internetdisconnected"));
    await page.getByRole("radio").first().check();
    await expect(page.getByRole("status").filter({ hasText: "Non enregistré" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "injoignable" })).toHaveText(
      "Le serveur est injoignable. Vérifiez votre connexion et réessayez.",
    );
    await page.unroute("**/autosave");
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Enregistré$/ })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "injoignable" })).toBeHidden();
  });

  test("a French client sees French pages", async ({ page }) => {
    const w = await clientWithPhq9("FR");
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsClient(page, w.client.username, w.client.password);
    await expect(page.getByRole("heading", { name: "Mes exercices", level: 1 })).toBeVisible();
    await expect(page.locator("main").locator("xpath=ancestor::*[@lang][1]")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("region", { name: "Les exercices de la semaine" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Prochaine séance" })).toContainText(`Week 2 ${w.u} commence le`);
    await expect(page.getByRole("region", { name: "Travaux terminés" })).toContainText(`Retour de ${w.carer.name}`);
    await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await accessible(page, "the homework page in French", { asIs: true });
    await page.getByRole("link", { name: w.phq9Name }).click();
    await expect(page.getByRole("link", { name: "Retour à mes exercices" })).toBeVisible();
    await expect(page.getByText("Les questions marquées * demandent une réponse.")).toBeVisible();
    await page.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.getByRole("alertdialog", { name: "Des questions obligatoires sont sans réponse" })).toBeVisible();
  });

  test("a French client hears what a page is loading in French, and a page that does not exist says so in French", async ({
    page,
  }) => {
    const w = await clientWithPhq9("FR");
    await signInAsClient(page, w.client.username, w.client.password);
    const assignment = await db.assignment.findFirstOrThrow({
      where: { session: { clientId: w.client.id, title: `Week 1 ${w.u}` }, status: { not: "COMPLETE" } },
    });
    // The homework is held back: the page says what it waits for, in whole French. (The session's
    // page, which said it of the session, comes with its data since 2026-12-07.)
    const held = `**/gateway/profile/client/assignment/${String(assignment.id)}`;
    await page.route(held, () => undefined);
    await page.goto(`/homework/${String(assignment.id)}`);
    await expect(page.getByRole("status").filter({ hasText: /Chargement|Loading/ })).toHaveText(
      "Chargement de l’exercice…",
    );
    await page.unroute(held);

    await page.goto("/homework/sessions/not-a-session");
    await expect(page.getByRole("heading", { name: "Page introuvable", level: 1 })).toBeVisible();
    await expect(page.getByText("Il n’y a pas de page à cette adresse.", { exact: false })).toBeVisible();
    // An address no page answers: its tab says so too.
    await page.goto("/homework/nothing/here");
    await expect(page.getByRole("heading", { name: "Page introuvable", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^Page introuvable/);
    await page.getByRole("link", { name: "Aller à l’accueil" }).click();
    await expect(page.getByRole("heading", { name: "Mes exercices", level: 1 })).toBeVisible();
  });

  test("a French client meets no English: the page's language, the toasts' close button, finished answers' dates and numbers, an empty message, a page that fails", async ({
    page,
  }) => {
    const { client, made, assignmentId } = await frenchClientWith("Night", [
      { type: "date", key: "night", label: { en: "Night of", fr: "Nuit du" }, required: true },
      {
        type: "number",
        key: "hours",
        label: { en: "Hours asleep", fr: "Heures de sommeil" },
        required: true,
        min: 0,
        max: 24,
        step: 0.5,
        unit: { en: "hours", fr: "heures" },
      },
      { type: "time", key: "bed", label: { en: "Bedtime", fr: "Heure du coucher" }, required: true },
    ]);
    await signInAsClient(page, client.username, client.password);
    // The whole page is French to a screen reader, its tab's title and its toasts included.
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    await page.goto(`/homework/${String(assignmentId)}`);
    // A year of five digits, which the browser's date field lets through, is held back on the page
    // in French (the server's refusal would be English); the other answers are saved.
    await page.getByLabel("Nuit du").evaluate((input: HTMLInputElement) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, "20266-12-04");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await expect(page.getByLabel("Nuit du")).toHaveAccessibleDescription(/Saisissez une date du calendrier/);
    const saved = page.waitForRequest((r) => r.url().endsWith("/autosave"));
    await page.getByLabel("Heure du coucher").fill("22:45");
    const sent = (await saved).postData() ?? "";
    expect(sent).toContain("22:45");
    expect(sent).not.toContain("20266");
    await page.getByLabel("Nuit du").fill("2026-12-04");
    await page.getByLabel("Heures de sommeil").fill("7.5");
    await page.getByLabel("Heure du coucher").fill("22:45");
    await page.getByRole("button", { name: "Envoyer", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Envoyer" }).click();
    await expect(page).toHaveURL(/\/homework$/);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Envoyé. Merci !" });
    await expect(toast.getByRole("button", { name: "Fermer la notification" })).toBeVisible();

    // The finished answers, as a French reader writes a date and a decimal.
    await page.goto(`/homework/${String(assignmentId)}`);
    const answers = page.getByRole("region", { name: "Vos réponses" });
    await expect(answers.getByText("4 décembre 2026", { exact: true })).toBeVisible();
    await expect(answers.getByText("7,5 heures", { exact: true })).toBeVisible();
    await expect(answers.getByText("22:45", { exact: true })).toBeVisible();

    // A message of only spaces is refused on the page, in French, and nothing is sent.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/gateway/profile/conversation")) posts.push(r.url());
    });
    await page.goto(`/homework/sessions/${String(made.id)}`);
    const box = page.getByRole("textbox", { name: "Votre message" });
    await box.fill("   ");
    await page.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.getByText("Écrivez votre message avant de l’envoyer.")).toBeVisible();
    await expect(box).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);

    // A page that fails while rendering (here an answer it cannot read) says so in French.
    await page.route(`**/gateway/profile/client/assignment/${String(assignmentId)}`, async (route) => {
      const real = await route.fetch();
      await route.fulfill({ response: real, json: { ...(await real.json()), definition: null } });
    });
    await page.goto(`/homework/${String(assignmentId)}`);
    await expect(page.getByRole("heading", { name: "Une erreur s’est produite", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Réessayer" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Aller à l’accueil" })).toBeVisible();
    await page.unroute(`**/gateway/profile/client/assignment/${String(assignmentId)}`);
    await page.getByRole("link", { name: "Aller à l’accueil" }).click();
    await expect(page.getByRole("heading", { name: "Mes exercices", level: 1 })).toBeVisible();
  });

  test("a client whose clinic makes them French meanwhile reads the toasts' close button and a failing page's words in French on their next pages, without reloading", async ({
    page,
  }) => {
    const { client, assignmentId } = await frenchClientWith("Steps", [
      {
        type: "number",
        key: "steps",
        label: { en: "Steps walked", fr: "Pas marchés" },
        required: true,
        min: 0,
        max: 100000,
      },
    ]);
    await db.client.update({ where: { id: client.id }, data: { language: "EN" } });
    await signInAsClient(page, client.username, client.password);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // The page's JavaScript runs (a button that works only then), so its links move by the router.
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await page.waitForLoadState("networkidle");
    // A mark on this document's window, which a whole page load would not keep.
    await page.evaluate(() => Object.assign(window, { loadedBy: "the sign-in" }));
    const loadedBy = () => page.evaluate(() => (window as Window & { loadedBy?: string }).loadedBy);

    // The clinic changes the client's language while their home is open; the client goes on by
    // the page's own links, so the document the sign-in loaded stays.
    await db.client.update({ where: { id: client.id }, data: { language: "FR" } });
    await page
      .locator(`a[href="/homework/${String(assignmentId)}"]`)
      .first()
      .click();
    await expect(page.getByLabel("Pas marchés")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.getByLabel("Pas marchés").fill("4000");
    await page.getByRole("button", { name: "Envoyer", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Envoyer" }).click();
    await expect(page).toHaveURL(/\/homework$/);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Envoyé. Merci !" });
    await expect(toast.getByRole("button", { name: "Fermer la notification" })).toBeVisible();

    // A page that then fails while rendering (an answer it cannot read) says so in French too.
    await page.route(`**/gateway/profile/client/assignment/${String(assignmentId)}`, async (route) => {
      const real = await route.fetch();
      await route.fulfill({ response: real, json: { ...(await real.json()), definition: null } });
    });
    await page
      .locator(`a[href="/homework/${String(assignmentId)}"]`)
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Une erreur s’est produite", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Réessayer" })).toBeVisible();
    expect(await loadedBy()).toBe("the sign-in");
  });

  test("on a 375 px screen a 0–100 % rating's short points sit side by side and its labelled ends on rows of their own, each a full-size target", async ({
    page,
  }) => {
    const { client, assignmentId } = await frenchClientWith("Strength", [
      {
        type: "scale",
        key: "strength",
        label: { en: "How strong was that feeling?", fr: "Quelle était l’intensité de ce sentiment ?" },
        required: true,
        points: percent(t("not at all", "pas du tout"), t("as strong as it gets", "le plus fort possible")),
      },
      {
        type: "scale",
        key: "often",
        label: { en: "How often?", fr: "À quelle fréquence ?" },
        required: false,
        points: ["Jamais", "Rarement", "Parfois", "Souvent", "Toujours"].map((fr, value) => ({
          value,
          label: { en: fr, fr },
        })),
      },
    ]);
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsClient(page, client.username, client.password);
    await page.goto(`/homework/${String(assignmentId)}`);
    const scale = page.getByRole("radiogroup", { name: "Quelle était l’intensité de ce sentiment ?" });
    const box = async (name: string) => {
      const b = await scale.getByText(name, { exact: true }).locator("..").boundingBox();
      if (!b) throw new Error(`${name} is not shown`);
      return b;
    };
    const [low, ten, twenty, thirty, high] = await Promise.all(
      ["0 % – pas du tout", "10 %", "20 %", "30 %", "100 % – le plus fort possible"].map(box),
    );
    // Eleven stacked rows were two screens of a phone; the points 10 to 90 now share rows.
    expect([twenty?.y, thirty?.y]).toEqual([ten?.y, ten?.y]);
    expect(low?.width).toBeGreaterThan(300);
    expect(high?.width).toBeGreaterThan(300);
    for (const b of [low, ten, high]) expect(b?.height).toBeGreaterThanOrEqual(44);
    expect((await scale.boundingBox())?.height).toBeLessThan(400);
    // A scale of words stays one column, rather than some words paired and some alone.
    const often = page.getByRole("radiogroup", { name: "À quelle fréquence ?" });
    const xs = await Promise.all(
      ["Jamais", "Rarement", "Parfois"].map(async (w) => (await often.getByText(w, { exact: true }).boundingBox())?.x),
    );
    expect(new Set(xs).size).toBe(1);
    await scale.getByRole("radio", { name: "20 %", exact: true }).check();
    await expect(page.getByText("Enregistré", { exact: true })).toBeVisible();
    await accessible(page, "a 0–100 % rating", { asIs: true });
  });

  test("a French client reads the server's refusals in French: a server that fails, a message to a session closed meanwhile; a failed re-read keeps the homework", async ({
    page,
  }) => {
    const { client, made, assignmentId } = await frenchClientWith("Sleep", [
      {
        type: "number",
        key: "hours",
        label: { en: "Hours asleep", fr: "Heures de sommeil" },
        required: true,
        min: 0.5,
        max: 12,
        step: 0.5,
      },
    ]);
    await signInAsClient(page, client.username, client.password);
    await page.goto(`/homework/${String(assignmentId)}`);
    const hours = page.getByLabel("Heures de sommeil");
    // The question's bounds as a French reader writes a decimal.
    await expect(hours).toHaveAccessibleDescription(/De 0,5 à 12/);

    // A server that fails (here, its database gone) answers in English; the client reads French.
    const english = /database|unexpected|request failed/i;
    await page.route("**/autosave", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/problem+json",
        json: {
          title: "Service Unavailable",
          status: 503,
          detail: "the database is unavailable; nothing was changed, retry shortly",
        },
      }),
    );
    await hours.fill("7.5");
    await expect(page.getByRole("status").filter({ hasText: "Non enregistré" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Une erreur s’est produite" })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(english);
    await page.unroute("**/autosave");
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Enregistré$/ })).toBeVisible();

    // The homework read again (the client comes back to the tab) fails, retries included: what
    // they see stays.
    let failedReads = 0;
    await page.route(`**/gateway/profile/client/assignment/${String(assignmentId)}`, async (route) => {
      failedReads += 1;
      await route.fulfill({
        status: 500,
        json: { title: "Internal Server Error", status: 500, detail: "an unexpected error occurred" },
      });
    });
    await page.evaluate(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => failedReads, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    // What the last failure leaves, drawn.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await expect(hours).toHaveValue("7.5");
    await expect(page.getByRole("button", { name: "Envoyer", exact: true })).toBeVisible();
    await page.unroute(`**/gateway/profile/client/assignment/${String(assignmentId)}`);

    // The care team closes the session while the client writes: the message is not sent, and the
    // page says why in French, then offers no form.
    await page.goto(`/homework/sessions/${String(made.id)}`);
    const box = page.getByRole("textbox", { name: "Votre message" });
    await box.fill("Bonjour, une question sur cette semaine.");
    await db.session.update({ where: { id: made.id }, data: { closedAt: new Date() } });
    await page.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.getByText("Cette séance est terminée", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(/closed|can no longer/i);
    await expect(box).toBeHidden();
    expect(await db.message.count({ where: { sessionId: made.id } })).toBe(0);
  });

  test("homework added with a due moment shows when it is due on the client's card, in their language and time zone", async ({
    browser,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    // The care team adds the client's second book with a due moment, as the gateway takes it (UTC).
    const carerPage = await signedIn(w.carer);
    const added = await carerPage.request.put("/gateway/profile/caregiver/session/assignment", {
      data: { sessionId: w.session.id, bookIds: [w.book2.id], endDate: "2031/01/10", endTime: "18:00" },
      headers: { origin: process.env.E2E_BASE_URL ?? "", offset: "0" },
    });
    expect(added.status(), await added.text()).toBe(200);
    await carerPage.context().close();

    // The client reads their home in Paris, on a phone: 18:00 UTC is 19:00 there.
    const own = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, timezoneId: "Europe/Paris" });
    const page = await own.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsClient(page, w.client.username, w.client.password);
    const thisWeek = page.getByRole("region", { name: "Les exercices de la semaine" });
    const diary = w.book2.modules[0]!.name;
    const cards = thisWeek.getByTestId("homework-item").filter({ hasText: diary });
    await expect(cards).toHaveCount(2);
    const due = cards.filter({ hasText: "À rendre" });
    await expect(due).toHaveCount(1);
    await expect(due).toContainText(/À rendre le 10 janvier 2031( à|,) 19:00/);
    // The world's own homework has no due moment: its cards say nothing of one.
    await expect(thisWeek.getByTestId("homework-item").filter({ hasText: "À rendre" })).toHaveCount(1);
    await accessible(page, "the homework page with due dates", { asIs: true });
  });

  test("a client writes a night of the sleep diary in clock times; the care team reads time in bed and efficiency", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const { sessionId, assignmentId } = await libraryHomework(w, "sleep-diary", "Sleep week");
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.client.username, w.client.password);
    await page.goto(`/homework/${String(assignmentId)}`);
    // A required question is marked once, whatever its control: a time, a number, a choice.
    for (const question of [
      "What time did you get into bed?",
      "How long did it take you to fall asleep?",
      "How would you rate the quality of your sleep?",
    ]) {
      const label = page.locator("label, legend").filter({ hasText: question });
      await expect(label).toHaveCount(1);
      expect((await label.innerText()).match(/\*/g), question).toEqual(["*"]);
    }
    await fillNight(page, "2026-11-28");
    await accessible(page, "a sleep diary");
    await submitHomework(page);

    const carerPage = await signedIn(w.carer);
    await carerPage.goto(`/caregiver/sessions/${String(sessionId)}?assignment=${String(assignmentId)}`);
    const night = carerPage.getByRole("region", { name: "The night" });
    await expect(night).toContainText("Time in bed:8 h 15 min");
    await expect(night).toContainText("Asleep:5 h 50 min");
    await expect(night.getByRole("definition").filter({ hasText: "%" })).toHaveText("71%");
    await accessible(carerPage, "a night of the sleep diary on the session dashboard");
    // On the client's page, the week of that night (Saturday 28 November: the week of Monday 23).
    await carerPage.goto(`/client/${String(w.client.id)}`);
    const week = carerPage.getByRole("table", { name: "Sleep diary by week" }).getByRole("rowgroup").last();
    await expect(week.getByRole("row")).toHaveCount(1);
    await expect(week.getByRole("cell")).toContainText(["Nov 23, 2026", "1", "8 h 15 min", "5 h 50 min", "71%"]);
    await accessible(carerPage, "the sleep diary by week on the client's page");
  });

  test("a diary that names no night is the night before the client's own morning, in Sydney", async ({ signedIn }) => {
    const w = await makeClinicWorld();
    const { assignmentId } = await libraryHomework(w, "sleep-diary", "Sleep week");
    const page = await signedIn(w.client, { timezoneId: "Australia/Sydney" });
    await page.goto(`/homework/${String(assignmentId)}`);
    await fillNight(page, "2026-11-01");
    await submitHomework(page);
    await page.context().close();
    // As on a clinic's copy that does not ask the night, submitted at 08:00 on Tuesday 24 November in
    // Sydney, still Monday the 23rd in UTC: the night of Monday 23rd, not of Sunday 22nd.
    await db.answer.deleteMany({ where: { assignmentId, questionKey: "night_of" } });
    await db.assignment.update({
      where: { id: assignmentId },
      data: { submittedAt: new Date("2026-11-23T21:00:00Z") },
    });

    // A care team in New York, where the week's Monday at midnight UTC is still Sunday, reads the
    // week in its own locale, as every other date of the page.
    const carerPage = await signedIn(w.carer, { timezoneId: "America/New_York", locale: "fr-FR" });
    await carerPage.goto(`/client/${String(w.client.id)}`);
    const week = carerPage.getByRole("table", { name: "Sleep diary by week" }).getByRole("rowgroup").last();
    await expect(week.getByRole("row")).toHaveCount(1);
    await expect(week.getByRole("cell").first()).toContainText("23 nov. 2026");
  });

  test("a number that does not fit holds back none of the other answers: they are saved, and it is named at its question in the client's words", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const { assignmentId } = await libraryHomework(w, "activity-scheduling", "Activity week");
    await signIn(page, w.client.username, w.client.password);
    await page.goto(`/homework/${String(assignmentId)}`);
    const done = page.getByLabel("How many of the activities you planned did you do this week?");
    // Typed at once, so that the three go in one save.
    await done.fill("60");
    await page.getByLabel("Choose one activity you did. What was it?").fill("A walk by the river");
    await page.getByLabel("Your plan for next week").fill("Two walks");
    await expect(page.getByRole("status").filter({ hasText: "Not saved" })).toBeVisible();
    const saved = async () =>
      Object.fromEntries(
        (await db.autoSaveAnswer.findMany({ where: { assignmentId }, select: { questionKey: true, value: true } })).map(
          (a) => [a.questionKey, a.value],
        ),
      );
    await expect.poll(saved, { timeout: 15_000 }).toEqual({ activity: "A walk by the river", next_week: "Two walks" });
    // Said at the question in the client's words, not the API's.
    await expect(done).toHaveAccessibleDescription(/Enter a number from 0 to 50\./);
    await done.fill("2.5");
    await expect(done).toHaveAccessibleDescription(/Enter a whole number\./);
    await expect(page.getByText(/multiple of/)).toHaveCount(0);

    // Put right, it is saved too.
    await done.fill("6");
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await expect.poll(saved, { timeout: 15_000 }).toEqual({
      activity: "A walk by the river",
      next_week: "Two walks",
      activities_done: 6,
    });
  });

  test("the values exercise takes up to three areas: a fourth cannot be ticked until one is unticked", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const { assignmentId } = await libraryHomework(w, "values", "Values week");
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.client.username, w.client.password);
    await page.goto(`/homework/${String(assignmentId)}`);
    const areas = page.getByRole("group", { name: "Which areas of life matter most to you right now?" });
    const full = areas.getByText("3 chosen of at most 3: untick one to choose another.");
    for (const name of ["Family", "Friendships"]) await areas.getByRole("checkbox", { name }).check();
    await expect(full).toHaveCount(0);
    await expect(areas.getByRole("checkbox", { name: "Work or study" })).toBeEnabled();
    await areas.getByRole("checkbox", { name: "Health and body" }).check();
    await expect(full).toBeVisible();
    await expect(areas.getByRole("checkbox", { name: "Work or study" })).toBeDisabled();
    // Read again with any box reached later, not only as it was said.
    await expect(areas.getByRole("checkbox", { name: "Work or study" })).toHaveAccessibleDescription(
      /3 chosen of at most 3/,
    );
    await expect(areas.getByRole("checkbox", { name: "Family" })).toBeEnabled();
    await accessible(page, "three areas of life chosen, the most the question takes");
    // Saved as the three chosen.
    const saved = async () =>
      (
        await db.autoSaveAnswer.findMany({
          where: { assignmentId, questionKey: "areas" },
          select: { value: true },
        })
      ).map((a) => a.value);
    await expect.poll(saved, { timeout: 15_000 }).toEqual([["family", "friends", "health"]]);
    await areas.getByRole("checkbox", { name: "Friendships" }).uncheck();
    await expect(full).toHaveCount(0);
    await areas.getByRole("checkbox", { name: "Work or study" }).check();
    await expect.poll(saved, { timeout: 15_000 }).toEqual([["family", "health", "work"]]);
  });

  test("a client's page is theirs: another client's assignment is not found, and staff pages send the client home", async ({
    page,
  }) => {
    const w = await clientWithPhq9();
    const other = await clientWithPhq9();
    const theirs = await db.assignment.findFirstOrThrow({
      where: { session: { clientId: other.client.id } },
      select: { id: true },
    });
    await signInAsClient(page, w.client.username, w.client.password);
    await page.goto(`/homework/${String(theirs.id)}`);
    await expect(page.getByRole("alert").filter({ hasText: "This assignment was not found." })).toBeVisible();
    await page.goto("/clinic");
    await expect(page).toHaveURL(/\/homework$/);
  });

  test("a French client's invitation page is in French, its refusals too", async ({ page }) => {
    const w = await makePeople();
    const invited = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Léa Invitée ${w.u}`,
      email: `lea-${w.u}@test.test`,
      careTeam: [w.carer.id],
      language: "FR",
    });
    const token = await openInvitation(w.clinic.id, invited.id);
    await page.goto(`/invite/${token}`);
    await expect(page.getByRole("heading", { name: `Bienvenue, ${invited.name}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toHaveAttribute("lang", "fr");
    // The whole document, opened before anyone signs in: a screen reader speaks it in French.
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.locator("#invite-username").fill(`lea-${w.u}`);
    await page.locator("#invite-password").fill("court");
    await page.locator("#invite-confirm").fill("autre");
    await page.getByRole("button", { name: "Enregistrer et se connecter" }).click();
    await expect(page.locator("#invite-password")).toHaveAccessibleDescription(/Doit compter au moins 10 caractères\./);
    await expect(page.locator("#invite-confirm")).toHaveAccessibleDescription(
      /Les deux mots de passe sont différents\./,
    );
    await page.locator("#invite-password").fill("un mot de passe assez long");
    await page.locator("#invite-confirm").fill("un mot de passe assez long");
    // The username's rules, checked on the page, and a name someone holds, refused by the server.
    await page.locator("#invite-username").fill(`léa ${w.u}`);
    await page.getByRole("button", { name: "Enregistrer et se connecter" }).click();
    await expect(page.locator("#invite-username-error")).toHaveText(
      "Utilisez seulement des lettres sans accent, des chiffres et . _ @ + - (sans espace).",
    );
    await page.locator("#invite-username").fill(`sso-lea-${w.u}`);
    await page.getByRole("button", { name: "Enregistrer et se connecter" }).click();
    await expect(page.locator("#invite-username-error")).toHaveText(
      "Un identifiant ne peut pas commencer par « sso » suivi d’un signe : ces noms sont réservés.",
    );
    await page.locator("#invite-username").fill(w.carer.username);
    await page.getByRole("button", { name: "Enregistrer et se connecter" }).click();
    await expect(page.locator("#invite-username-error")).toHaveText(
      "Cet identifiant est déjà pris : choisissez-en un autre.",
    );
    await expect(page.locator("#invite-username")).toBeFocused();
    await page.locator("#invite-username").fill(`lea-${w.u}`);
    await page.getByRole("button", { name: "Enregistrer et se connecter" }).click();
    await expect(page).toHaveURL(/\/homework$/);
    await expect(page.getByRole("heading", { name: "Mes exercices", level: 1 })).toBeVisible();
    // Said on the page the whole page load goes to, once: not again when it is loaded again.
    await expect(page.getByText("Votre accès est prêt. Bienvenue !")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Mes exercices", level: 1 })).toBeVisible();
    await expect(page.getByText("Votre accès est prêt. Bienvenue !")).toHaveCount(0);

    await page.context().clearCookies();
    await page.goto(`/invite/${token}`);
    await expect(page.getByRole("heading", { name: "Cette invitation a déjà été utilisée" })).toBeVisible();

    // Another client's link, used in another tab while its page was open: the page says so in French.
    const other = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Noé Invité ${w.u}`,
      email: `noe-${w.u}@test.test`,
      careTeam: [w.carer.id],
      language: "FR",
    });
    await page.goto(`/invite/${await openInvitation(w.clinic.id, other.id)}`);
    await expect(page).toHaveTitle(/^Invitation ·/);
    await page.locator("#invite-username").fill(`noe-${w.u}`);
    await page.locator("#invite-password").fill("un mot de passe assez long");
    await page.locator("#invite-confirm").fill("un mot de passe assez long");
    await db.invitation.updateMany({ where: { clientId: other.id }, data: { usedAt: new Date() } });
    await page.getByRole("button", { name: "Enregistrer et se connecter" }).click();
    await expect(page.getByRole("heading", { name: "Cette invitation a déjà été utilisée" })).toBeVisible();
  });

  test("a client invited by link chooses a sign-in and lands on their homework", async ({ page }) => {
    const w = await makePeople();
    const invited = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Ines Invited ${w.u}`,
      email: `ines-${w.u}@test.test`,
      careTeam: [w.carer.id],
    });
    const token = await openInvitation(w.clinic.id, invited.id);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/invite/${token}`);
    await page.locator("#invite-username").fill(`ines-${w.u}`);
    await page.locator("#invite-password").fill("a long enough password");
    await page.locator("#invite-confirm").fill("a long enough password");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page).toHaveURL(/\/homework$/);
    await expect(page.getByRole("heading", { name: "My homework", level: 1 })).toBeVisible();
    await expect(page.getByText(`Signed in as ${invited.name}`)).toBeVisible();
    await expect(page.getByText("Your sign-in is ready. Welcome!")).toBeVisible();
  });
});
