import { accessible } from "../support/accessible";
import { db, expect, loseAnswers, makeClinicWorld, signIn, test } from "../support/fixtures";
import type { Page } from "@playwright/test";
import { makeBook, makeSession } from "@/prisma/factories";

/** The start fields' values `days` calendar days after `ms` in the browser's own zone, at its time of day. */
async function daysLaterInBrowser(page: Page, ms: number, days: number) {
  const [y, m, d, h, min, at] = await page.evaluate(
    ([ms, days]) => {
      const s = new Date(ms);
      const n = new Date(s.getFullYear(), s.getMonth(), s.getDate() + days, s.getHours(), s.getMinutes());
      return [n.getFullYear(), n.getMonth() + 1, n.getDate(), n.getHours(), n.getMinutes(), n.getTime()];
    },
    [ms, days] as const,
  );
  const pad = (n: number) => String(n).padStart(2, "0");
  return { date: `${String(y)}-${pad(m)}-${pad(d)}`, time: `${pad(h)}:${pad(min)}`, at: new Date(at) };
}

// Continuing care on the pages: the client's next sessions, more homework in a running one, and
// the next week planned from a closed one; with the refusals a person can meet.

test.describe("scheduling and more homework", () => {
  test("a care-team caregiver schedules two weekly sessions from the client's page", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}`);
    await page.getByRole("link", { name: "Schedule sessions" }).click();
    await expect(page.getByRole("heading", { name: `Schedule sessions for ${w.client.name}` })).toBeVisible();
    // The caregiver scheduling is "Me", not offered a second time by name; a book counts its modules.
    const owner = page.getByLabel("Care provider");
    await expect(owner.locator("option", { hasText: "Me" })).toHaveCount(1);
    await expect(owner.locator("option", { hasText: w.carer.name })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: `${w.book2.name} · 1 module`, exact: true })).toBeVisible();
    await page.getByLabel("Design plan").selectOption({ label: w.plan.name });
    await page.getByRole("checkbox", { name: new RegExp(w.book2.name) }).check();
    await page.getByLabel("Start date").fill("2031-03-03");
    await page.getByLabel("Start time").fill("09:30");
    await page.getByLabel("Number of weekly sessions").fill("2");
    await page.getByLabel("Reminder after (days)").fill("3");
    await page.getByRole("button", { name: "Schedule sessions" }).click();

    await expect(page.getByText(`2 sessions scheduled for ${w.client.name}.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}$`));
    await expect(page.getByText(/starts Mar 3, 2031, 9:30\sAM/)).toBeVisible();
    await expect(page.getByText(/starts Mar 10, 2031, 9:30\sAM/)).toBeVisible();
    await expect(page.getByText(`${w.plan.name} 1`)).toBeVisible();
    const created = await db.session.findMany({ where: { clientId: w.client.id, title: { startsWith: w.plan.name } } });
    expect(created.map((s) => s.caregiverId)).toEqual([w.carer.id, w.carer.id]);
    // Each week keeps its reminder (sent three days after that week starts).
    expect(created.map((s) => s.remindDays)).toEqual([3, 3]);
  });

  test("a design plan chosen fills the number of sessions with its weeks, so the whole programme is scheduled; a number typed stays", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const three = await db.designPlan.create({
      data: {
        clinicId: w.clinic.id,
        name: `Three weeks ${w.u}`,
        weeks: { create: [1, 2, 3].map((week) => ({ week, bookId: w.book2.id })) },
      },
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${String(w.client.id)}/schedule`);
    const plan = page.getByLabel("Design plan");
    const count = page.getByLabel("Number of weekly sessions");
    await plan.selectOption({ label: three.name });
    await expect(count).toHaveValue("3");
    await expect(count).toHaveAccessibleDescription(/The design plan runs 3 weeks: a session each\./);
    // A plan with no weeks of books yet, then none: the count it filled in goes with it.
    await plan.selectOption({ label: w.plan.name });
    await expect(count).toHaveValue("");
    await expect(count).toHaveAccessibleDescription(/^One if left empty/);
    // A number the person typed is theirs: choosing a plan leaves it.
    await count.fill("2");
    await plan.selectOption({ label: three.name });
    await expect(count).toHaveValue("2");
    await count.fill("");
    await plan.selectOption({ label: "None" });
    await plan.selectOption({ label: three.name });
    await expect(count).toHaveValue("3");
    // After the client's open session of this week.
    await page.getByLabel("Start date").fill("2031-03-03");
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByText(`3 sessions scheduled for ${w.client.name}.`)).toBeVisible();
    expect(await db.session.count({ where: { clientId: w.client.id, designPlanId: three.id } })).toBe(3);
  });

  test("sessions for a client whose language is French are titled by the plan's French name, which the client reads", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    await db.designPlan.update({ where: { id: w.plan.id }, data: { nameFr: `Programme ${w.u}` } });
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}/schedule`);
    await expect(page.getByLabel("Title")).toHaveAccessibleDescription(/The client reads French: .*“Séance”/);
    await page.getByLabel("Design plan").selectOption({ label: w.plan.name });
    await page.getByRole("checkbox", { name: new RegExp(w.book2.name) }).check();
    await page.getByLabel("Start date").fill("2031-06-02");
    await page.getByLabel("Number of weekly sessions").fill("2");
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByText(`2 sessions scheduled for ${w.client.name}.`)).toBeVisible();
    await expect(page.getByText(`Programme ${w.u} 1`)).toBeVisible();

    const client = await signedIn(w.client, { viewport: { width: 375, height: 740 } });
    await client.goto("/homework");
    const next = client.getByRole("region", { name: "Prochaine séance" });
    await expect(next.getByText(new RegExp(`^Programme ${w.u} 1 commence le`))).toBeVisible();
    await accessible(client, "a French client's home page with a session titled in French");
  });

  test("for a client who reads French, the books ticked, where sessions are scheduled and homework added, name their modules still in English; for one who reads English, nothing", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const question = {
      type: "shortText",
      key: "how",
      label: { en: "How?", fr: "Comment ?" },
      required: true,
      maxLength: 200,
    } as const;
    const book = await makeBook(db, {
      clinicId: w.clinic.id,
      name: `Sleep ${w.u}`,
      modules: [
        { name: `Diary ${w.u}`, definition: { blocks: [{ type: "text", body: { en: "Read this." } }, question] } },
        {
          name: `Check ${w.u}`,
          definition: { blocks: [{ type: "text", body: { en: "Read this.", fr: "Lisez ceci." } }, question] },
        },
      ],
    });
    const plan = await db.designPlan.create({
      data: { clinicId: w.clinic.id, name: `Nights ${w.u}`, weeks: { create: [{ week: 1, bookId: book.id }] } },
    });
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}/schedule`);
    // A book whose detail cannot be read is not taken for one written in French.
    const detail = `**/gateway/profile/clinic/book/${String(book.id)}`;
    await page.route(detail, (route) =>
      route.fulfill({
        status: 404,
        contentType: "application/problem+json",
        body: '{"status":404,"title":"Not Found"}',
      }),
    );
    await page.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    await expect(page.getByRole("status").filter({ hasText: "could not be checked" })).toHaveText(
      `The French of ${book.name} could not be checked: this client reads French, and that book may be in English in part.`,
    );
    await page.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    await page.unroute(detail);
    await page.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    const gaps = page.getByRole("status").filter({ hasText: "This client reads French" });
    await expect(gaps).toHaveText(
      `This client reads French: one module of the books ticked is still in English, in part or whole.Diary ${w.u}: 1 of 2 texts in English only`,
    );
    await accessible(page, "scheduling for a French client, a module partly in English");
    await page.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    await expect(gaps).toHaveCount(0);
    // A design plan chosen gives its weeks' books too.
    await page.getByLabel("Design plan").selectOption({ label: plan.name });
    await expect(gaps).toContainText(
      `This client reads French: one module of the design plan's books is still in English, in part or whole.Diary ${w.u}: 1 of 2 texts in English only`,
    );
    await page.getByLabel("Design plan").selectOption({ label: "None" });
    await expect(gaps).toHaveCount(0);

    // A new client whose language is French, with a first session: the same words.
    const staff = await signedIn(w.staff);
    await staff.goto("/clinic/clients/new");
    await staff.getByLabel("Language").selectOption("FR");
    await staff.getByLabel("Assign a first session now").click();
    await staff.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    await expect(staff.getByRole("status").filter({ hasText: "This client reads French" })).toContainText(
      `Diary ${w.u}: 1 of 2 texts in English only`,
    );

    // Homework added to an open session of the French client: the same words for the books ticked.
    await page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    await page.getByRole("button", { name: "Add homework" }).click();
    const form = page.getByRole("form", { name: "Add homework" });
    await form.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    await expect(form.getByRole("status").filter({ hasText: "This client reads French" })).toHaveText(
      `This client reads French: one module of the books ticked is still in English, in part or whole.Diary ${w.u}: 1 of 2 texts in English only`,
    );
    await accessible(page, "adding homework for a French client, a module partly in English");
    await form.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    await expect(form.getByText("This client reads French")).toHaveCount(0);

    await db.client.update({ where: { id: w.client.id }, data: { language: "EN" } });
    await page.reload();
    await page.getByRole("button", { name: "Add homework" }).click();
    await form.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    await expect(form.getByRole("checkbox", { name: new RegExp(book.name) })).toBeChecked();
    await expect(form.getByText("This client reads French")).toHaveCount(0);

    await page.goto(`/client/${w.client.id}/schedule`);
    await page.getByRole("checkbox", { name: new RegExp(book.name) }).click();
    await expect(page.getByRole("checkbox", { name: new RegExp(book.name) })).toBeChecked();
    await expect(page.getByText("This client reads French")).toHaveCount(0);
  });

  test("the French check ending says what it found where it said it was checking, so the boxes above do not move under the pointer", async ({
    page,
  }) => {
    // Found by a CI run (2026-12-07): on a page scrolled to its end, "Checking the French…" went
    // away when nothing was in English, the page grew shorter and a box was clicked 32 px too high.
    const w = await makeClinicWorld();
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    await signIn(page, w.carer.username, w.carer.password);
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**/gateway/profile/clinic/design-plan/${String(w.plan.id)}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/client/${w.client.id}/schedule`);
    await page.getByLabel("Design plan").selectOption({ label: w.plan.name });
    const box = page.getByRole("checkbox", { name: new RegExp(w.book2.name) });
    await box.scrollIntoViewIfNeeded();
    const status = page.getByRole("status").filter({ hasText: "French" });
    await expect(status).toHaveText("Checking the French of the design plan's books…");
    const before = await box.boundingBox();
    answer();
    await expect(status).toHaveText("This client reads French: the design plan names no books yet.");
    expect(await box.boundingBox()).toEqual(before);

    // Books whose every module is written in French are said to be, in that line too.
    await box.click();
    await expect(status).toHaveText("This client reads French: every module of the books ticked is written in French.");
    expect(await box.boundingBox()).toEqual(before);
  });

  test("numbers out of bounds are refused at their fields in plain words, and nothing is scheduled", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}/schedule`);
    await page.getByLabel("Number of weekly sessions").fill("53");
    await page.getByLabel("Reminder after (days)").fill("-1");
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByLabel("Number of weekly sessions")).toHaveAccessibleDescription(/Must be at most 52\.$/);
    await expect(page.getByLabel("Reminder after (days)")).toHaveAccessibleDescription(/Must be at least 0\.$/);
    await expect(page.getByText(/Too (big|small)|expected number/)).toHaveCount(0);
    expect(await db.session.count({ where: { clientId: w.client.id } })).toBe(1);
  });

  test("pressed again after the scheduling's answer was lost, the form schedules nothing twice", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}/schedule`);
    await page.getByLabel("Start date").fill("2031-04-07");
    await page.getByLabel("Title").fill("Lost answer");
    // The server schedules the session; its answer never reaches the browser (a dropped connection).
    const lost = await loseAnswers(page, "**/gateway/profile/caregiver/session");
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByText("The sessions could not be scheduled. Please try again.")).toBeVisible();
    expect(lost.answers[0]?.status()).toBe(201);
    await lost.restore();

    // Another start is not a retry: the form says what may have happened, and schedules nothing.
    await page.getByLabel("Start date").fill("2031-05-05");
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByText(/This form was already sent with other values/)).toBeVisible();
    await page.getByLabel("Start date").fill("2031-04-07");
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}$`));
    const sessions = await db.session.findMany({ where: { clientId: w.client.id, title: "Lost answer" } });
    expect(sessions).toHaveLength(1);
  });

  test("staff must name the care provider, and a week that is already planned is refused with its reason", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}/schedule`);
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.locator("#caregiverId-error")).toHaveText("Care provider is required for clinic staff.");
    await page.getByLabel("Care provider").selectOption({ label: w.carer.name });
    // Starting now overlaps the client's running week with the same care provider.
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    // Said with the session's title and the care provider's name, not the API's date format and id.
    const overlap = page.getByRole("alert").filter({ hasText: "would overlap" });
    await expect(overlap).toContainText(
      `These sessions would overlap “Week 1 ${w.u}”, an open session of ${w.client.name} with ${w.carer.name}, which starts`,
    );
    await expect(overlap).toContainText("Choose a later start, or fewer sessions.");
    await expect(overlap).not.toContainText("(session");
    await expect(overlap).not.toContainText(/\d{4}\/\d{2}\/\d{2}/);
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}/schedule$`));
    expect(await db.session.count({ where: { clientId: w.client.id } })).toBe(1);
  });

  test("a caregiver outside the care team gets the not-found page", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.outsider.username, w.outsider.password);
    await page.goto(`/client/${w.client.id}/schedule`);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Schedule sessions" })).toHaveCount(0);
  });

  test("a book with no modules to give (none yet, or each archived) is shown and not offered, where homework is added and where sessions are scheduled", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const empty = await db.book.create({ data: { clinicId: w.clinic.id, name: `Still empty ${w.u}` } });
    // The second book's only module, archived: the book had "· 1 module" and gave nothing.
    await db.module.updateMany({ where: { bookId: w.book2.id }, data: { archivedAt: new Date() } });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    await page.getByRole("button", { name: "Add homework" }).click();
    const form = page.getByRole("form", { name: "Add homework" });
    // Ticked, it was "Homework added: 1 book." with nothing added.
    await expect(form.getByRole("checkbox", { name: `${empty.name} · no modules to give` })).toBeDisabled();
    await expect(form.getByRole("checkbox", { name: `${w.book2.name} · no modules to give` })).toBeDisabled();
    await expect(form.getByRole("checkbox", { name: new RegExp(w.book.name) })).toBeEnabled();
    await accessible(page, "add homework with an empty book");
    // Sent without a book, the focus goes to the first book that can be ticked.
    await form.getByRole("button", { name: "Add homework" }).click();
    await expect(form.getByRole("checkbox", { disabled: false }).first()).toBeFocused();

    await page.goto(`/client/${String(w.client.id)}/schedule`);
    await expect(page.getByRole("checkbox", { name: `${empty.name} · no modules to give` })).toBeDisabled();
  });

  test("a book of the last session archived since is left out of the next session's books, not ticked where no box shows it", async ({
    page,
  }) => {
    // "Plan the next session" names the closed session's books; one archived since was ticked and
    // hidden, and every send was refused with "A chosen book is archived." (a review, 2026-12-07).
    const w = await makeClinicWorld();
    await db.book.update({ where: { id: w.book2.id }, data: { archivedAt: new Date() } });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(
      `/client/${String(w.client.id)}/schedule?date=2031-03-03&books=${String(w.book2.id)},${String(w.book.id)}`,
    );
    await expect(page.getByRole("checkbox", { name: new RegExp(w.book.name) })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: new RegExp(w.book2.name) })).toHaveCount(0);
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByText(`1 session scheduled for ${w.client.name}.`)).toBeVisible();
    const planned = await db.session.findFirstOrThrow({
      where: { clientId: w.client.id, id: { not: w.session.id } },
      select: { assignments: { select: { bookId: true } } },
    });
    expect(new Set(planned.assignments.map((a) => a.bookId))).toEqual(new Set([w.book.id]));
  });

  test("a caregiver adds homework with a due date and a reminder to a running session", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("button", { name: "Add homework" }).click();
    const form = page.getByRole("form", { name: "Add homework" });
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add homework" })).toBeFocused();
    await page.getByRole("button", { name: "Add homework" }).click();
    // Homework needs a book: the group says so, and a submit without one goes to the books.
    await expect(form.getByRole("group", { name: "Books", exact: true })).toBeVisible();
    await form.getByRole("button", { name: "Add homework" }).click();
    await expect(form.locator("#hw-books-error")).toHaveText("Must name at least one book.");
    await expect(form.getByRole("checkbox").first()).toBeFocused();
    await form.getByRole("checkbox", { name: new RegExp(w.book2.name) }).check();
    await form.getByLabel("Start date").fill("2031-01-05");
    await form.getByLabel("Start time").fill("09:15");
    await form.getByLabel("Due date").fill("2031-01-10");
    await form.getByLabel("Due time").fill("18:00");
    await form.getByRole("button", { name: "Add a reminder" }).click();
    await form.getByLabel("Reminder 1 date").fill("2031-01-12");
    await accessible(page, "the open add-homework form");
    await form.getByRole("button", { name: "Add homework" }).click();
    // A reminder after the due moment is refused, at the reminders.
    await expect(form.getByText("A reminder must be between the start and the due moment.")).toBeVisible();
    await form.getByLabel("Reminder 1 date").fill("2031-01-09");
    await form.getByRole("button", { name: "Add homework" }).click();

    await expect(page.getByText("Homework added: 1 book.")).toBeVisible();
    // The form closes; focus goes back to the button that opened it.
    await expect(page.getByRole("button", { name: "Add homework" })).toBeFocused();
    await expect(page.getByTestId("progress-text")).toHaveText("2 of 5 assignments completed · 3 pending");
    await expect(page.getByText(/Due Jan 10, 2031, 6:00\sPM/)).toBeVisible();
    const added = await db.assignment.findMany({
      where: { sessionId: w.session.id, dueAt: { not: null } },
      include: { reminders: true },
    });
    expect(added).toHaveLength(1);
    expect(added[0]?.reminders).toHaveLength(1);
    // The start is the moment given, read in the browser's own zone.
    const start = await page.evaluate(() => new Date(2031, 0, 5, 9, 15).getTime());
    expect(added[0]?.startAt.getTime()).toBe(start);
  });

  test("homework added again after its answer was lost is added once", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("button", { name: "Add homework" }).click();
    const form = page.getByRole("form", { name: "Add homework" });
    await form.getByRole("checkbox", { name: new RegExp(w.book2.name) }).check();
    await form.getByLabel("Due date").fill("2031-02-10");
    // The server adds the homework; its answer never reaches the browser (a dropped connection).
    const lost = await loseAnswers(page, "**/gateway/profile/caregiver/session/assignment");
    await form.getByRole("button", { name: "Add homework" }).click();
    await expect(form.getByText("The homework could not be added. Please try again.")).toBeVisible();
    await lost.restore();

    await form.getByRole("button", { name: "Add homework" }).click();
    await expect(page.getByText("Homework added: 1 book.")).toBeVisible();
    await expect(page.getByTestId("progress-text")).toHaveText("2 of 5 assignments completed · 3 pending");
    expect(await db.assignment.count({ where: { sessionId: w.session.id, dueAt: { not: null } } })).toBe(1);
  });

  test("a closed session offers no homework, but plans the next week with its books", async ({ page }) => {
    const w = await makeClinicWorld();
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    const start = (await db.session.findUniqueOrThrow({ where: { id: w.session.id } })).startAt;
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await expect(page.getByRole("link", { name: "Plan the next session" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add homework" })).toHaveCount(0);
    await page.getByRole("link", { name: "Plan the next session" }).click();

    await expect(page.getByRole("heading", { name: `Schedule sessions for ${w.client.name}` })).toBeVisible();
    // The following week on the calendar of the browser's own zone, at the session's time of day.
    const { date, time, at: next } = await daysLaterInBrowser(page, start.getTime(), 7);
    await expect(page.getByLabel("Start date")).toHaveValue(date);
    await expect(page.getByLabel("Start time")).toHaveValue(time);
    await expect(page.getByRole("checkbox", { name: new RegExp(w.book.name) })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: new RegExp(w.book2.name) })).toBeChecked();
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByText(`1 session scheduled for ${w.client.name}.`)).toBeVisible();
    const planned = await db.session.findFirstOrThrow({
      where: { clientId: w.client.id, id: { not: w.session.id } },
      include: { assignments: { orderBy: { id: "asc" } } },
    });
    expect(Math.abs(planned.startAt.getTime() - next.getTime())).toBeLessThan(60_000);
    expect(planned.assignments).toHaveLength(w.book.modules.length + w.book2.modules.length);
  });
});

test.describe("the next session after weeks already planned", () => {
  test("a closed session followed by open ones plans the week after the last of them, which schedules", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const closed = await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    const week = 7 * 24 * 3600 * 1000;
    // The next two weeks, planned when the series was scheduled.
    for (const weeks of [1, 2])
      await makeSession(db, {
        clinicId: w.clinic.id,
        clientId: w.client.id,
        caregiverId: w.carer.id,
        title: `Week ${String(weeks + 1)} ${w.u}`,
        startAt: new Date(closed.startAt.getTime() + weeks * week),
      });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("link", { name: "Plan the next session" }).click();
    const { date, time } = await daysLaterInBrowser(page, closed.startAt.getTime(), 21);
    await expect(page.getByLabel("Start date")).toHaveValue(date);
    await expect(page.getByLabel("Start time")).toHaveValue(time);
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByText(`1 session scheduled for ${w.client.name}.`)).toBeVisible();
    expect(await db.session.count({ where: { clientId: w.client.id } })).toBe(4);
  });
});

// Paris changes from +01:00 to +02:00 on Sunday 30 March 2031.
test.describe("weeks across a change of clock, in Paris", () => {
  test.use({ timezoneId: "Europe/Paris" });

  test("weekly sessions keep their hour, and the next week is planned at it", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}/schedule`);
    await page.getByRole("checkbox", { name: new RegExp(w.book2.name) }).check();
    await page.getByLabel("Start date").fill("2031-03-28");
    await page.getByLabel("Start time").fill("09:30");
    await page.getByLabel("Number of weekly sessions").fill("2");
    await page.getByRole("button", { name: "Schedule sessions" }).click();
    await expect(page.getByText(`2 sessions scheduled for ${w.client.name}.`)).toBeVisible();
    await expect(page.getByText(/starts Mar 28, 2031, 9:30\sAM/)).toBeVisible();
    await expect(page.getByText(/starts Apr 4, 2031, 9:30\sAM/)).toBeVisible();
    const created = await db.session.findMany({
      where: { clientId: w.client.id, id: { not: w.session.id } },
      orderBy: { startAt: "asc" },
    });
    expect(created.map((s) => s.startAt.toISOString())).toEqual([
      "2031-03-28T08:30:00.000Z",
      "2031-04-04T07:30:00.000Z",
    ]);

    // The week after a closed session that began at 09:30 before the change is at 09:30 after it.
    await db.session.update({
      where: { id: w.session.id },
      data: { startAt: new Date("2031-03-28T08:30:00Z"), closedAt: new Date() },
    });
    // The two weeks scheduled above closed too: the week after the session is free again.
    await db.session.updateMany({ where: { id: { in: created.map((s) => s.id) } }, data: { closedAt: new Date() } });
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await page.getByRole("link", { name: "Plan the next session" }).click();
    await expect(page.getByLabel("Start date")).toHaveValue("2031-04-04");
    await expect(page.getByLabel("Start time")).toHaveValue("09:30");
  });
});
