import { makeClient } from "@/prisma/factories";
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

test.describe("a clinic's staff member", () => {
  test("a care provider or setting the server refuses puts the focus on the refused field, in view", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await manyClients(w, 30);
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/caregivers");
    await page.getByRole("button", { name: "Add care provider" }).click();
    await page.locator("#cp-name").fill("Sam Park");
    await page.locator("#cp-email").fill("sam at clinic");
    await page.locator("#cp-position").fill("Psychologist");
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
});
