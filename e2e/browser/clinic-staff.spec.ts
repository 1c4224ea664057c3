import { makeClient, makeSession } from "@/prisma/factories";
import { buildPhq9Story } from "../support/measure-story";
import type { Page } from "@playwright/test";
import { expect, db, makeClinicWorld, signIn, test } from "../support/fixtures";

// Found by a review as a clinic's staff member (2026-12-06, docs/ui.md): a busy clinic's day on a
// phone and a desktop, with a clinic of many clients.

/** Clients enough that a picker of them is screens long on a phone. */
async function manyClients(w: Awaited<ReturnType<typeof makeClinicWorld>>, count: number) {
  for (let i = 1; i <= count; i++)
    await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Many Client ${String(i).padStart(2, "0")} ${w.u}`,
      email: `many-${String(i)}-${w.u}@test.test`,
    });
}

/**
 * A clinic of thirty clients more, its staff member on a phone with the new care provider's form
 * open, the name and position filled in.
 */
async function newCareProviderOnPhone(page: Page) {
  const w = await makeClinicWorld();
  await manyClients(w, 30);
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, w.staff.username, w.staff.password);
  await page.goto("/clinic/caregivers");
  await page.getByRole("button", { name: "Add care provider" }).click();
  await page.locator("#cp-name").fill("Sam Park");
  await page.locator("#cp-position").fill("Psychologist");
  return w;
}

test.describe("a clinic's staff member", () => {
  test("a care provider or setting the server refuses puts the focus on the refused field, in view", async ({
    page,
  }) => {
    const w = await newCareProviderOnPhone(page);
    await page.locator("#cp-email").fill("sam at clinic");
    // The button is below thirty clients' boxes: the refused email is screens above it.
    await page.getByRole("button", { name: "Add care provider" }).click();
    const email = page.getByRole("textbox", { name: "Email" });
    await expect(email).toHaveAccessibleDescription(/email address/i);
    await expect(email).toBeFocused();
    await expect(email).toBeInViewport();

    // The same on a care provider's details and in the clinic's settings: the field, not the button.
    await page.goto(`/clinic/caregivers/${String(w.carer.id)}`);
    const name = page.getByRole("textbox", { name: "Full name" });
    await name.fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();

    await page.goto("/clinic/settings");
    const duty = page.getByRole("textbox", { name: "Duty contact's email" });
    await duty.fill("on call");
    await page.getByRole("button", { name: "Save duty contact" }).click();
    await expect(duty).toHaveAttribute("aria-invalid", "true");
    await expect(duty).toBeFocused();
  });

  test("a new care provider's clients are found by name among many, and Enter there finds rather than adds", async ({
    page,
  }) => {
    const w = await newCareProviderOnPhone(page);
    const email = `sam-${w.u}@test.test`;
    await page.locator("#cp-email").fill(email);

    const team = page.getByRole("group", { name: /Care team of/ });
    const find = team.getByRole("searchbox", { name: "Find a client" });
    await find.fill("client 17");
    await expect(page.getByRole("status").filter({ hasText: "1 client matches" })).toBeVisible();
    await expect(team.getByRole("checkbox")).toHaveCount(1);
    await team.getByRole("checkbox", { name: `Many Client 17 ${w.u}` }).check();
    // Enter in the field finds; it does not add the care provider with one client of the two.
    await find.fill("client 03");
    await find.press("Enter");
    // The ticked client stays listed while another is found.
    await expect(team.getByRole("checkbox")).toHaveCount(2);
    await team.getByRole("checkbox", { name: `Many Client 03 ${w.u}` }).check();
    expect(await db.caregiver.count({ where: { email } })).toBe(0);

    await page.getByRole("button", { name: "Add care provider" }).click();
    await expect(page.getByRole("heading", { name: "Sam Park", level: 1 })).toBeVisible();
    const joined = await db.careTeamMember.findMany({
      where: { caregiver: { email } },
      select: { client: { select: { name: true } } },
    });
    expect(joined.map((m) => m.client.name).sort()).toEqual([`Many Client 03 ${w.u}`, `Many Client 17 ${w.u}`]);
  });

  test("a care provider's page lists the clients whose care team they are on, adds them to more and takes them off one", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await manyClients(w, 12);
    const nina = `Nina New ${w.u}`;
    const { id: ninaId } = await makeClient(db, {
      clinicId: w.clinic.id,
      name: nina,
      email: `nina-${w.u}@test.test`,
      careTeam: [w.carer.id],
    });
    const seventh = `Many Client 07 ${w.u}`;
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/clinic/caregivers/${String(w.carer.id)}`);
    const teams = page.getByRole("region", { name: "Care teams" });
    await expect(teams.getByRole("link", { name: nina })).toBeVisible();
    await expect(teams.getByRole("link", { name: w.client.name })).toBeVisible();

    // Put them on one more client's team, found by name; those whose team they are on are not offered.
    await teams.getByRole("button", { name: "Add to care teams" }).click();
    const group = teams.getByRole("group", { name: /Care team of/ });
    await expect(group.getByRole("checkbox", { name: `Many Client 01 ${w.u}` })).toBeVisible();
    await expect(group.getByRole("checkbox", { name: nina })).toHaveCount(0);
    await group.getByRole("searchbox", { name: "Find a client" }).fill("client 07");
    await group.getByRole("checkbox", { name: seventh }).check();
    await teams.getByRole("button", { name: "Add to care teams" }).click();
    await expect(page.getByText(`${w.carer.name} added to 1 care team.`)).toBeVisible();
    await expect(teams.getByRole("link", { name: seventh })).toBeVisible();
    await expect(teams.getByRole("button", { name: "Add to care teams" })).toBeFocused();

    // Take them off one, asked first; the focus stays in the list.
    await teams.getByRole("button", { name: `Remove from ${nina}'s care team` }).click();
    await page
      .getByRole("alertdialog", { name: `Take ${w.carer.name} off ${nina}'s care team?` })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(page.getByText(`${w.carer.name} is no longer on ${nina}'s care team.`)).toBeVisible();
    await expect(teams.getByRole("link", { name: nina })).toHaveCount(0);
    await expect(teams.getByRole("button", { name: /^Remove from / }).first()).toBeFocused();
    // Not off the team of a client whose open session they run: refused in words, nothing changed.
    await teams.getByRole("button", { name: `Remove from ${w.client.name}'s care team` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(teams.getByRole("alert")).toContainText(`${w.carer.name} runs open sessions of ${w.client.name}.`);
    await expect(teams.getByRole("link", { name: w.client.name })).toBeVisible();

    // The clients' pages say the same.
    await teams.getByRole("link", { name: seventh }).click();
    await expect(page.getByRole("region", { name: "Care team", exact: true })).toContainText(w.carer.name);
    await page.goto(`/client/${String(ninaId)}`);
    await expect(page.getByRole("region", { name: "Care team", exact: true })).toContainText(
      "No care providers assigned yet.",
    );
  });

  test("on a phone a client's sessions and Schedule sessions come before the scores over time", async ({ page }) => {
    const w = await makeClinicWorld();
    await buildPhq9Story(db, w);
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(w.client.id)}`);
    const measures = page.getByRole("heading", { name: "Measures over time" });
    // The scores are drawn: the measures are as long as they will be.
    await expect(page.getByRole("region", { name: "Measures over time" }).getByRole("table").first()).toBeVisible();
    const top = async (l: ReturnType<typeof page.getByRole>) => (await l.boundingBox())?.y ?? Infinity;
    const measuresAt = await top(measures);
    expect(await top(page.getByRole("heading", { name: "Sessions", level: 2 }))).toBeLessThan(measuresAt);
    expect(await top(page.getByRole("link", { name: "Schedule sessions" }))).toBeLessThan(measuresAt);
    // And in the reading and Tab order: the first session's link before the measures' heading.
    const sessionLink = page.getByRole("region", { name: "Sessions" }).getByRole("link").first();
    expect(
      await sessionLink.evaluate(
        (a, h) => (a.compareDocumentPosition(h as Node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
        await measures.elementHandle(),
      ),
    ).toBe(true);
  });

  test("a client without a sign-in has the invitation right after the details, not below the sessions", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const client = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Nina New ${w.u}`,
      email: `nina-${w.u}@test.test`,
      careTeam: [w.carer.id],
    });
    // A first series of ten weekly sessions, as the new-client form makes them.
    for (let i = 0; i < 10; i++)
      await makeSession(db, {
        clinicId: w.clinic.id,
        clientId: client.id,
        caregiverId: w.carer.id,
        title: `Week ${String(i + 1)} ${w.u}`,
        startAt: new Date(Date.now() + i * 7 * 86_400_000),
      });
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(client.id)}`);
    const invite = page.getByRole("button", { name: "Send invitation by email" });
    const sessions = page.getByRole("heading", { name: "Sessions", level: 2 });
    await expect(sessions).toBeVisible();
    const top = async (l: ReturnType<typeof page.getByRole>) => (await l.boundingBox())?.y ?? Infinity;
    expect(await top(invite)).toBeLessThan(await top(page.getByRole("heading", { name: "Care team" })));
    expect(await top(invite)).toBeLessThan(await top(sessions));
    // On the second screen of a phone, not the fourth.
    expect(await top(invite)).toBeLessThan(2 * 740);
  });

  test("the client list narrows to the inactive clients, and Back from one of them keeps that choice", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await manyClients(w, 3);
    const resting = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Resting Client ${w.u}`,
      email: `resting-${w.u}@test.test`,
      status: "INACTIVE",
    });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    const table = page.getByRole("table", { name: "Clients of the clinic" });
    await expect(table.getByRole("link", { name: `Many Client 01 ${w.u}` })).toBeVisible();
    await page.getByLabel("Status").selectOption("INACTIVE");
    await expect(table.getByRole("link")).toHaveText([resting.name]);
    await expect(page.getByText("Page 1 of 1 (1 client)")).toBeVisible();
    // The active ones, and a search among them that finds none of the inactive.
    await page.getByLabel("Status").selectOption("ACTIVE");
    await expect(table.getByRole("link", { name: resting.name })).toHaveCount(0);
    await page.getByLabel("Search by name, email or external id").fill("Resting");
    await expect(page.getByText("No active client matches “Resting”.")).toBeVisible();
    await page.getByLabel("Status").selectOption("INACTIVE");
    await table.getByRole("link", { name: resting.name }).click();
    await expect(page.getByRole("heading", { name: resting.name })).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel("Status")).toHaveValue("INACTIVE");
    await expect(table.getByRole("link")).toHaveText([resting.name]);
  });

  test("a client without care providers leads to where they are assigned, the care team's boxes", async ({ page }) => {
    const w = await makeClinicWorld();
    const alone = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Alone ${w.u}`,
      email: `alone-${w.u}@test.test`,
    });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(alone.id)}`);
    const team = page.getByRole("region", { name: "Care team" });
    await expect(team).toContainText("No care providers assigned yet.");
    await team.getByRole("link", { name: "Assign care providers" }).click();
    await expect(page).toHaveURL(new RegExp(`/client/${String(alone.id)}/edit#careTeam$`));
    const box = page.getByRole("checkbox", { name: new RegExp(w.carer.name) });
    await expect(box).toBeInViewport();
    await box.check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(
      page.getByRole("region", { name: "Care team" }).getByText(`${w.carer.name} · Psychologist`),
    ).toBeVisible();
  });
});

test.describe("a clinic's staff member and a care team", () => {
  test("a client's care team leads to each care provider's page, where their care teams are", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(w.client.id)}`);
    await page.getByRole("region", { name: "Care team" }).getByRole("link", { name: w.carer.name }).click();
    await expect(page).toHaveURL(new RegExp(`/clinic/caregivers/${String(w.carer.id)}$`));
    await expect(
      page.getByRole("region", { name: "Care teams" }).getByRole("link", { name: w.client.name }),
    ).toBeVisible();
  });

  test("a care provider reading a client's page sees the care team's names, not links to staff's pages", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${String(w.client.id)}`);
    const team = page.getByRole("region", { name: "Care team" });
    await expect(team.getByText(`${w.carer.name} · Psychologist`)).toBeVisible();
    await expect(team.getByRole("link")).toHaveCount(0);
  });
});

test.describe("a clinic's staff member and a session", () => {
  test("a session's page leads back to its client's page", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    await expect(page.getByRole("heading", { name: new RegExp(w.client.name) })).toBeVisible();
    await page.getByRole("link", { name: `← ${w.client.name}'s page` }).click();
    await expect(page).toHaveURL(new RegExp(`/client/${String(w.client.id)}$`));
    await expect(page.getByRole("heading", { name: w.client.name, level: 1 })).toBeVisible();
  });
});

test.describe("a clinic's staff member on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 740 } });

  test("the new client's image is chosen, with no offer to drop one where nothing can be dropped", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/clients/new");
    const field = page.getByTestId("image-drop");
    await expect(field.getByText("Choose an image")).toBeVisible();
    await expect(field.getByText("Drop an image here, or")).toBeHidden();
  });
});
