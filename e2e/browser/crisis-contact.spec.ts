import { accessible } from "../support/accessible";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// A clinic's crisis contact (docs/crisis-contact.md): its staff write it on the clinic's settings
// page, and every page of its clients shows it after the emergency numbers.
test.describe("the crisis contact", () => {
  test("staff set it in the clinic's settings; the client's pages show it, in the client's language around it", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const contact = `After hours: ${w.u} on-call line, +1 514 555 0100.\nSuicide crisis line: 988.`;
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });

    // Before: the client's pages show the emergency numbers only.
    const client = await signedIn(w.client);
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
    await page.getByRole("button", { name: "Save crisis contact" }).click();
    await expect(page.getByText(/at most 500 characters/)).toBeVisible();
    expect(await db.clinic.findUniqueOrThrow({ where: { id: w.clinic.id }, select: { crisisContact: true } })).toEqual({
      crisisContact: null,
    });
    await field.fill(contact);
    await page.getByRole("button", { name: "Save crisis contact" }).click();
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
  });

  test("staff name the duty contact told of urgent alerts nobody reviews; a bad address is refused at the field", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const stored = async () =>
      (await db.clinic.findUniqueOrThrow({ where: { id: w.clinic.id }, select: { dutyEmail: true } })).dutyEmail;
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/settings");
    const form = page.getByRole("form", { name: "Duty contact" });
    const field = form.getByRole("textbox", { name: "Duty contact's email" });
    await expect(field).toHaveValue("");
    await expect(field).toHaveAccessibleDescription(/24 hours later this address if still nobody has/);
    await field.fill("on call");
    await form.getByRole("button", { name: "Save duty contact" }).click();
    await expect(form.getByText("must be an email address")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(await stored()).toBeNull();

    const duty = `on-call-${w.u}@clinic.test`;
    await field.fill(duty);
    await form.getByRole("button", { name: "Save duty contact" }).click();
    await expect(page.getByText("Duty contact saved.")).toBeVisible();
    expect(await stored()).toBe(duty);
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Duty contact's email" })).toHaveValue(duty);
    await accessible(page, "the clinic's settings with a duty contact");
    // On a phone, each form's legend sits on its box's border in one line: a second line hung
    // half outside the box.
    await page.setViewportSize({ width: 375, height: 800 });
    const lines = await page
      .locator("legend")
      .evaluateAll((legends) =>
        legends.map((l) => Math.round(l.getBoundingClientRect().height / parseFloat(getComputedStyle(l).lineHeight))),
      );
    expect(lines).toEqual([1, 1]);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Emptied: the clinic's own address again.
    await page.getByRole("textbox", { name: "Duty contact's email" }).fill("");
    await page.getByRole("button", { name: "Save duty contact" }).click();
    await expect(page.getByText("Duty contact removed: the clinic's own address will be told.")).toBeVisible();
    expect(await stored()).toBeNull();
  });
});
