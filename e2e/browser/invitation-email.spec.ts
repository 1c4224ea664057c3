import { makeClient } from "@/prisma/factories";
import { linkIn, waitForMail, type CapturedMail } from "../support/mailbox";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";
import { accessible } from "../support/accessible";

// Invitations by email: staff send one from a person's page, the email reaches the stack's SMTP
// server, and the link in it lets the person choose a sign-in; resending replaces the link.

const mailDir = process.env.E2E_MAIL_DIR ?? "";
const base = process.env.E2E_BASE_URL ?? "";

function nth(mails: CapturedMail[], i: number): CapturedMail {
  const m = mails[i];
  if (!m) throw new Error(`no message ${i}`);
  return m;
}

test.describe("invitations by email", () => {
  test.describe.configure({ timeout: 120_000 });

  test("staff send a client an invitation by email, resend it, and the newest emailed link signs the client in", async ({
    page,
    browser,
  }) => {
    const w = await makeClinicWorld();
    const email = `emma-${w.u}@test.test`;
    const client = await makeClient(db, { clinicId: w.clinic.id, name: `Emma Emailed ${w.u}`, email });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(client.id)}`);
    const card = page.getByRole("region", { name: "Invitation link" });
    await card.getByRole("button", { name: "Send invitation by email" }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await expect(card.getByRole("status").filter({ hasText: `Emailed to ${email}` })).toBeVisible();
    // The link is offered to copy as well, and it is the one in the email.
    const shown = await page.locator("#invitation-url").inputValue();
    const first = linkIn(nth(await waitForMail(mailDir, email), 0), base);
    expect(first).toBe(shown);
    expect(page.url()).not.toContain("/invite/");
    await accessible(page, "invitation sent");

    // Resending asks first, since the emailed link stops working.
    await card.getByRole("button", { name: "Resend invitation by email" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("The link already sent stops working");
    await dialog.getByRole("button", { name: "Replace the link and email it" }).click();
    const second = linkIn(nth(await waitForMail(mailDir, email, { count: 2 }), 1), base);
    expect(second).not.toBe(first);

    const fresh = await browser.newContext({ baseURL: base });
    const invitee = await fresh.newPage();
    await invitee.goto(first);
    await expect(invitee.getByRole("heading", { name: "This invitation was replaced" })).toBeVisible();
    await invitee.goto(second);
    await expect(invitee.getByRole("heading", { name: `Welcome, ${client.name}` })).toBeVisible();
    await invitee.locator("#invite-username").fill(`emma-${w.u}`);
    await invitee.locator("#invite-password").fill("a long enough password");
    await invitee.locator("#invite-confirm").fill("a long enough password");
    await invitee.getByRole("button", { name: "Save and sign in" }).click();
    await expect(invitee).toHaveURL(/\/homework$/);
    await expect(invitee.getByText(`Signed in as ${client.name}`)).toBeVisible();
    await fresh.close();

    await page.reload();
    await expect(page.getByRole("region", { name: "Invitation link" })).toHaveCount(0);
  });

  test("staff email a care provider their invitation from the care provider's page", async ({ page, browser }) => {
    const w = await makeClinicWorld();
    const email = `cora-${w.u}@test.test`;
    const carer = await db.caregiver.create({
      data: {
        instituteId: w.institute.id,
        name: `Cora Emailed ${w.u}`,
        email,
        position: "Therapist",
        activationStatus: "INVITED",
        language: "FR",
        clinics: { create: { clinicId: w.clinic.id } },
      },
    });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/clinic/caregivers/${String(carer.id)}`);
    await page.getByRole("button", { name: "Send invitation by email" }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    const mail = nth(await waitForMail(mailDir, email), 0);
    expect(mail.subject).toBe("Votre invitation à la plateforme de soins");

    const fresh = await browser.newContext({ baseURL: base });
    const invitee = await fresh.newPage();
    await invitee.goto(linkIn(mail, base));
    await invitee.locator("#invite-password").fill("cora's long password");
    await invitee.locator("#invite-confirm").fill("cora's long password");
    await invitee.getByRole("button", { name: "Save and sign in" }).click();
    await expect(invitee.getByRole("heading", { name: "My sessions" })).toBeVisible();
    await expect(invitee.getByText(`Signed in as ${carer.name}`)).toBeVisible();
    await fresh.close();
  });
});
