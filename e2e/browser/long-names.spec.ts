import { accessible, accessiblePage } from "../support/accessible";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// Real clinics, people and modules have long names (a health board's full name, double-barrelled
// surnames, institutional email addresses). A page must still fit a 360 px phone when they do:
// the names wrap, they never push the page sideways.

const LONG = {
  clinic: "Centre intégré universitaire de santé et de services sociaux de l'Estrie",
  carer: "Marie-Geneviève Desjardins-Lamontagne-Beauregard",
  carerEmail: "marie-genevieve.desjardins-lamontagne-beauregard@ciusss-estrie.gouv.qc.ca",
  client: "Alexandrine-Clémentine Bouchard-Villeneuve de la Fontaine",
  clientEmail: "alexandrine-clementine.bouchard-villeneuve@exemple-courriel.qc.ca",
  session: "Semaine d'introduction à la thérapie cognitivo-comportementale",
  book: "Restructuration cognitive et exposition graduée aux situations évitées",
  module: "Journal des pensées automatiques et restructuration des croyances intermédiaires",
};

async function longNamedWorld() {
  const w = await makeClinicWorld();
  await db.clinic.update({ where: { id: w.clinic.id }, data: { name: `${LONG.clinic} ${w.u}` } });
  await db.caregiver.update({
    where: { id: w.carer.id },
    data: { name: `${LONG.carer} ${w.u}`, email: `${w.u}.${LONG.carerEmail}` },
  });
  await db.client.update({
    where: { id: w.client.id },
    data: { name: `${LONG.client} ${w.u}`, email: `${w.u}.${LONG.clientEmail}` },
  });
  await db.session.update({ where: { id: w.session.id }, data: { title: `${LONG.session} ${w.u}` } });
  await db.book.update({ where: { id: w.book.id }, data: { name: `${LONG.book} ${w.u}` } });
  const first = w.book.modules[0];
  if (!first) throw new Error("the world's book has modules");
  await db.module.update({ where: { id: first.id }, data: { name: `${LONG.module} ${w.u}` } });
  return { ...w, module: first };
}

test.describe("long names on a phone", () => {
  test.describe.configure({ timeout: 120_000 });

  test("clinic staff's pages fit 360 px when the clinic, the care provider and the client have long names", async ({
    page,
  }) => {
    const w = await longNamedWorld();
    await signIn(page, w.staff.username, w.staff.password);
    for (const [path, ready] of [
      ["/clinic", "Clients"],
      ["/clinic/caregivers", "Care providers"],
      [`/clinic/caregivers/${String(w.carer.id)}`, `${LONG.carer} ${w.u}`],
      [`/client/${String(w.client.id)}`, `${LONG.client} ${w.u}`],
      [`/client/${String(w.client.id)}/edit`, `Edit ${LONG.client} ${w.u}`],
      [`/client/${String(w.client.id)}/schedule`, `Schedule sessions for ${LONG.client} ${w.u}`],
      ["/clinic/clients/new", "New client"],
      ["/clinic/library", "Library"],
      [`/clinic/library/books/${String(w.book.id)}`, `${LONG.book} ${w.u}`],
      [`/clinic/library/modules/${String(w.module.id)}`, `${LONG.module} ${w.u}`],
      [`/clinic/library/plans/${String(w.plan.id)}`, w.plan.name],
      [`/caregiver/sessions/${String(w.session.id)}`, `${LONG.client} ${w.u}: ${LONG.session} ${w.u}`],
    ] as const)
      await accessiblePage(page, path, ready);
  });

  test("the care provider's pages fit 360 px with the same long names", async ({ page }) => {
    const w = await longNamedWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await accessiblePage(page, "/caregiver", "My sessions");
    await accessiblePage(
      page,
      `/caregiver/sessions/${String(w.session.id)}`,
      `${LONG.client} ${w.u}: ${LONG.session} ${w.u}`,
    );
  });

  test("the client's pages fit 360 px with the same long names", async ({ page }) => {
    const w = await longNamedWorld();
    await signIn(page, w.client.username, w.client.password);
    await accessiblePage(page, "/homework", "My homework");
    await accessiblePage(page, `/homework/sessions/${String(w.session.id)}`, `${LONG.session} ${w.u}`);
  });

  test("a message and feedback holding a long link wrap, and feedback keeps its lines, on the care provider's and the client's pages", async ({
    page,
    signedIn,
  }) => {
    const w = await longNamedWorld();
    const link = `https://www.exemple-sante.qc.ca/ressources/therapie-cognitivo-comportementale/fiches/${"a".repeat(80)}?ref=${w.u}`;
    await signIn(page, w.carer.username, w.carer.password);
    const dashboard = `/caregiver/sessions/${String(w.session.id)}`;
    await page.goto(dashboard);
    await page.getByLabel("Your message").fill(`Read this before next week: ${link}`);
    await page.getByLabel("Your message").press("Enter");
    const log = page.getByRole("log", { name: "Conversation" });
    await expect(log.getByTestId("message").filter({ hasText: link })).toBeVisible();
    await accessible(page, `${dashboard} with a long link in a message`);
    await page.getByRole("button", { name: "Open Self-test" }).click();
    // Two lines, as the caregiver wrote them (and as the client sees them).
    await page.getByLabel("Your feedback").fill(`Well done.\nMore here: ${link}`);
    await page.getByRole("button", { name: "Give feedback" }).click();
    const given = page.getByText(`More here: ${link}`).first();
    await expect(given).toBeVisible();
    expect(await given.innerText()).toBe(`Well done.\nMore here: ${link}`);
    await accessible(page, `${dashboard} with a long link in feedback`);

    const client = await signedIn(w.client);
    const session = `/homework/sessions/${String(w.session.id)}`;
    await client.goto(session);
    await expect(client.getByRole("log", { name: "Messages with your care team" })).toContainText(link);
    await accessible(client, `${session} with a long link in a message`);
    await client.goto("/homework");
    await expect(client.getByText(`More here: ${link}`).first()).toBeVisible();
    await accessible(client, "/homework with a long link in feedback");
  });
});
