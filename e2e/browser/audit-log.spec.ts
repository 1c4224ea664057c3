import { accessible } from "../support/accessible";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// The clinic's audit log as its staff read it (docs/audit-log.md): from a client's page to who has
// opened that record, then one reader's reads, then everything.

test.describe("audit log", () => {
  test.describe.configure({ timeout: 120_000 });

  test("staff see who opened a client's record, narrow it to one reader, and go back to every read", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    // The care provider opens the client's session, in a browser of their own.
    const carerPage = await signedIn(w.carer);
    await carerPage.goto(`/caregiver/sessions/${String(w.session.id)}`);
    await expect(carerPage.getByRole("heading", { level: 1 })).toBeVisible();
    await carerPage.context().close();
    // The client opens their homework: their reads are in the log as the client's, not by username.
    const clientPage = await signedIn(w.client);
    await clientPage.goto("/homework");
    await expect(clientPage.getByRole("heading", { level: 1 })).toBeVisible();
    await clientPage.context().close();
    const carerAccount = await db.account.findUniqueOrThrow({ where: { username: w.carer.username } });

    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(w.client.id)}`);
    await page.getByRole("link", { name: "Who has opened this record" }).click();
    await expect(page).toHaveURL(new RegExp(`/clinic/audit\\?client=${String(w.client.id)}$`));
    await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    await expect(page.getByText(`Reads of client ${String(w.client.id)}’s record`)).toBeVisible();
    // The staff's own opening of the client's page is the newest; the care provider's session read
    // is there, with its session linked.
    const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows.first()).toContainText(w.staff.username);
    await expect(rows.filter({ hasText: w.staff.username }).filter({ hasText: "The client’s details" })).toHaveCount(1);
    // Each of the dashboard's reads (the session, its homework's timing, its conversation) has its row.
    const carerRows = rows.filter({ hasText: w.carer.username }).filter({ hasText: `Session ${String(w.session.id)}` });
    await expect(carerRows).not.toHaveCount(0);
    const carerRow = carerRows.first();
    await expect(carerRow).toContainText("care provider");
    await expect(carerRow.getByRole("link", { name: `Session ${String(w.session.id)}` })).toHaveAttribute(
      "href",
      `/caregiver/sessions/${String(w.session.id)}`,
    );
    await expect(rows.filter({ hasText: "the client · client" }).first()).toBeVisible();
    await expect(page.getByText(w.client.username)).toHaveCount(0);
    await accessible(page, "audit log of a client");

    // One reader: only the care provider's reads, still of this client.
    await carerRow.getByRole("link", { name: w.carer.username }).click();
    await expect(page).toHaveURL(
      new RegExp(`/clinic/audit\\?client=${String(w.client.id)}&reader=${String(carerAccount.id)}$`),
    );
    await expect(page.getByText(`by ${w.carer.username} (care provider)`)).toBeVisible();
    await expect(rows).not.toHaveCount(0);
    for (const row of await rows.all()) await expect(row).toContainText(w.carer.username);
    await expect(page.getByText(w.staff.username)).toHaveCount(0);

    // Every read of the clinic, the staff's own among them, from the main navigation too.
    await page.getByRole("link", { name: "Show every read" }).click();
    await expect(page).toHaveURL(/\/clinic\/audit$/);
    await expect(page.getByText("Reads of client")).toHaveCount(0);
    await expect(rows.filter({ hasText: w.staff.username }).first()).toBeVisible();
    await expect(rows.filter({ hasText: w.carer.username }).first()).toBeVisible();
    await page.goto("/clinic");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  });

  test("a care provider cannot open the audit log", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    // Sent to their own sessions, as from any staff page.
    await page.goto(`/clinic/audit?client=${String(w.client.id)}`);
    await expect(page).toHaveURL(/\/caregiver$/);
    await expect(page.getByRole("heading", { name: "Audit log" })).toHaveCount(0);
  });
});
