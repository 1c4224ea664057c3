import { accessible } from "../support/accessible";
import { db, expect, makePeople, signIn, test } from "../support/fixtures";

test.describe("email settings", () => {
  test("a client finds the settings in their header, in their language, and turns reminders off", async ({ page }) => {
    const p = await makePeople();
    await db.client.update({ where: { id: p.client.id }, data: { language: "FR" } });
    await signIn(page, p.client.username, p.client.password);
    await page.goto("/homework");
    await expect(page).toHaveTitle("Mes exercices · Care Program Platform");
    await page.getByRole("link", { name: "Paramètres des e-mails" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page).toHaveTitle("Paramètres des e-mails · Care Program Platform");
    await expect(page.getByRole("heading", { name: "Paramètres des e-mails" })).toBeVisible();
    const reminders = page.getByRole("checkbox", { name: "Rappels" });
    await expect(reminders).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Nouveaux messages" })).toBeChecked();
    // A client gets no daily digest: no such choice.
    await expect(page.getByRole("checkbox", { name: "Résumé quotidien" })).toHaveCount(0);
    await expect(page.getByText(/ne peut pas être désactivé/)).toHaveCount(0);
    await accessible(page, "the client's email settings");

    await reminders.click();
    await expect(page.getByText("Enregistré.")).toBeVisible();
    await expect(reminders).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Rappels" })).not.toBeChecked();
    expect(await db.client.findUniqueOrThrow({ where: { id: p.client.id }, select: { remindersOn: true } })).toEqual({
      remindersOn: false,
    });
  });

  test("a care provider turns the daily digest off", async ({ page }) => {
    const p = await makePeople();
    await signIn(page, p.carer.username, p.carer.password);
    await page.goto("/caregiver");
    await page.getByRole("link", { name: "Email settings" }).click();
    await expect(page.getByRole("heading", { name: "Email settings" })).toBeVisible();
    const digest = page.getByRole("checkbox", { name: "Daily summary" });
    await expect(digest).toBeChecked();
    // The alert email is not among the choices, and the page says so.
    await expect(
      page.getByText(/always emailed to the care team at once: this email cannot be turned off/),
    ).toBeVisible();
    await accessible(page, "the care provider's email settings");
    await digest.click();
    await expect(page.getByText("Saved.")).toBeVisible();
    await expect(digest).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Reminders" })).toBeChecked();
    expect(
      await db.caregiver.findUniqueOrThrow({
        where: { id: p.carer.id },
        select: { digestOn: true, remindersOn: true },
      }),
    ).toEqual({ digestOn: false, remindersOn: true });
  });

  test("clinic staff have no email settings page: they land on their own home", async ({ page }) => {
    const p = await makePeople();
    await signIn(page, p.staff.username, p.staff.password);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/clinic$/);
  });

  test("without a session the page asks to sign in first", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fsettings$/);
  });
});
