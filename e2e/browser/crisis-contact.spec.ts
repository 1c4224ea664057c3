import { accessible } from "../support/accessible";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// A clinic's crisis contact (docs/crisis-contact.md): its staff write it on the clinic's settings
// page, and every page of its clients shows it after the emergency numbers.
test.describe("the crisis contact", () => {
  test("staff set it in the clinic's settings; the client's pages show it, in the client's language around it", async ({
    page,
    browser,
  }) => {
    const w = await makeClinicWorld();
    const contact = `After hours: ${w.u} on-call line, +1 514 555 0100.\nSuicide crisis line: 988.`;
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });

    // Before: the client's pages show the emergency numbers only.
    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const client = await other.newPage();
    await signIn(client, w.client.username, w.client.password);
    await client.goto("/homework");
    const footer = client.getByRole("region", { name: "En cas de crise" });
    await expect(footer).toContainText("112 en Europe, 911 en Amérique du Nord");
    await expect(footer).not.toContainText("votre clinique");

    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    await page.getByRole("link", { name: "Clinic settings" }).click();
    await expect(page.getByRole("heading", { name: "Clinic settings" })).toBeVisible();
    const field = page.getByRole("textbox", { name: "Whom your clients call in a crisis" });
    await expect(field).toHaveValue("");
    await accessible(page, "the clinic's settings");
    // Too long: refused at the field, nothing stored.
    await field.evaluate((el) => {
      el.removeAttribute("maxlength");
    });
    await field.fill("x".repeat(501));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/at most 500 characters/)).toBeVisible();
    expect(await db.clinic.findUniqueOrThrow({ where: { id: w.clinic.id }, select: { crisisContact: true } })).toEqual({
      crisisContact: null,
    });
    await field.fill(contact);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Crisis contact saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Whom your clients call in a crisis" })).toHaveValue(contact);

    for (const path of ["/homework", "/settings"]) {
      await client.goto(path);
      const region = client.getByRole("region", { name: "En cas de crise" });
      await expect(region).toContainText("votre clinique vous demande d'appeler :");
      await expect(region.getByText(`After hours: ${w.u} on-call line`)).toBeVisible();
      await expect(region).toContainText("Suicide crisis line: 988.");
      await expect(region).toContainText("112 en Europe");
    }
    await accessible(client, "the client's homework with the crisis contact");
    await other.close();
  });
});
