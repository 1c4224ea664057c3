import { createHash, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// Care providers as clinic staff manage them, and the invitation page where an invited person
// chooses a sign-in: the flows a person goes through, and the refusals they can meet.

/** No axe violation, and nothing wider than a 360 px screen. */
async function accessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at 360 px`).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** An invited care provider of the world's clinic with an invitation whose token the test knows. */
async function invitation(w: Awaited<ReturnType<typeof makeClinicWorld>>, at: { expiresAt: Date; usedAt?: Date }) {
  const token = randomBytes(32).toString("base64url");
  const person = await db.caregiver.create({
    data: {
      instituteId: w.institute.id,
      name: `Ivy Invited ${w.u}`,
      email: `ivy-${w.u}-${token.slice(0, 6)}@test.test`,
      position: "Therapist",
      activationStatus: "INVITED",
      clinics: { create: { clinicId: w.clinic.id } },
    },
  });
  await db.invitation.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("base64url"),
      clinicId: w.clinic.id,
      caregiverId: person.id,
      expiresAt: at.expiresAt,
      usedAt: at.usedAt ?? null,
    },
  });
  return { token, person };
}

test.describe("care providers", () => {
  test.describe.configure({ timeout: 120_000 });

  test("staff add a care provider and copy the invitation link; the invitee sets a password and is signed in as a caregiver", async ({
    page,
    browser,
    context,
  }) => {
    const w = await makeClinicWorld();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Care providers" }).click();
    await expect(page.getByRole("heading", { name: "Care providers", level: 1 })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(w.carer.name) })).toContainText("active");
    await accessible(page, "care providers");

    await page.getByRole("button", { name: "Add care provider" }).click();
    const email = `nora-${w.u}@test.test`;
    await page.locator("#cp-name").fill("Nora New");
    await page.locator("#cp-email").fill(email);
    await page.locator("#cp-position").fill("Occupational therapist");
    await page.locator("#cp-mobile").fill("+31 6 1234 5678");
    await page.locator("#cp-language").selectOption("FR");
    await expect(page.locator("#cp-status")).toHaveValue("INVITED");
    await page.getByRole("checkbox", { name: w.client.name }).check();
    await accessible(page, "add form");
    await page.getByRole("button", { name: "Add care provider" }).click();

    await expect(page).toHaveURL(/\/clinic\/caregivers\/\d+$/);
    await expect(page.getByRole("heading", { name: "Nora New", level: 1 })).toBeVisible();
    await expect(page.locator("#cd-position")).toHaveValue("Occupational therapist");
    await page.getByRole("button", { name: "Create invitation link" }).click();
    const link = page.locator("#invitation-url");
    await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9_-]{40,}$/);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(await link.inputValue());
    await accessible(page, "care provider");

    // The invitee, in a browser of their own.
    const fresh = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const invitee = await fresh.newPage();
    await invitee.goto(url);
    await expect(invitee.getByRole("heading", { name: "Welcome, Nora New" })).toBeVisible();
    await expect(invitee.getByText(`${w.clinic.name} invites you`)).toBeVisible();
    await expect(invitee.locator("#invite-username")).toHaveValue(email);
    await accessible(invitee, "invitation");
    await invitee.locator("#invite-password").fill("nora's long password");
    await invitee.locator("#invite-confirm").fill("nora's long password");
    await invitee.getByRole("button", { name: "Save and sign in" }).click();
    await expect(invitee.getByRole("heading", { name: "My sessions" })).toBeVisible();
    await expect(invitee.getByText("Signed in as Nora New")).toBeVisible();
    await fresh.close();

    // The staff page now shows them active, with a sign-in and the link used.
    await page.reload();
    await expect(page.locator("#cd-status")).toHaveValue("ACTIVE");
    await expect(page.getByText("The last link was used")).toBeVisible();
    await expect(page.getByRole("button", { name: /invitation link/ })).toHaveCount(0);
  });

  test("an expired, a used and an unknown invitation each show their refusal", async ({ page }) => {
    const w = await makeClinicWorld();
    const expired = await invitation(w, { expiresAt: new Date(Date.now() - 60_000) });
    await page.goto(`/invite/${expired.token}`);
    await expect(page.getByRole("heading", { name: "This invitation has expired" })).toBeVisible();
    await expect(page.getByText("Ask your clinic for a new link.")).toBeVisible();
    await expect(page.locator("#invite-password")).toHaveCount(0);
    await accessible(page, "expired invitation");

    const used = await invitation(w, { expiresAt: new Date(Date.now() + 86_400_000), usedAt: new Date() });
    await page.goto(`/invite/${used.token}`);
    await expect(page.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();
    await page.getByRole("link", { name: "Go to sign-in" }).click();
    await expect(page).toHaveURL(/\/signin/);

    await page.goto(`/invite/${randomBytes(32).toString("base64url")}`);
    await expect(page.getByRole("heading", { name: "This invitation link is not valid" })).toBeVisible();
  });

  test("a taken username is shown at its field, and a link used in another tab is refused on submit", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const open = await invitation(w, { expiresAt: new Date(Date.now() + 86_400_000) });
    await page.goto(`/invite/${open.token}`);
    await page.locator("#invite-username").fill(w.staff.username);
    await page.locator("#invite-password").fill("a long enough password");
    await page.locator("#invite-confirm").fill("a long enough password");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page.locator("#invite-username-error")).toHaveText("This username is taken; choose another.");
    await expect(page.locator("#invite-username")).toHaveAttribute("aria-invalid", "true");
    // Meanwhile the link is used elsewhere: this page's submission is refused in words.
    await db.invitation.updateMany({ where: { caregiverId: open.person.id }, data: { usedAt: new Date() } });
    await page.locator("#invite-username").fill(`ivy-${w.u}`);
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "already used" })).toBeVisible();
  });

  test("a care provider set inactive is signed out and cannot sign in again", async ({ page, browser }) => {
    const w = await makeClinicWorld();
    const carer = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const carerPage = await carer.newPage();
    await signIn(carerPage, w.carer.username, w.carer.password);
    await carerPage.goto("/caregiver");
    await expect(carerPage.getByRole("heading", { name: "My sessions" })).toBeVisible();

    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/clinic/caregivers/${String(w.carer.id)}`);
    await page.locator("#cd-status").selectOption("INACTIVE");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved.")).toBeVisible();
    await expect(page.getByRole("heading", { name: w.carer.name, level: 1 })).toBeVisible();
    await expect(page.locator("#cd-status")).toHaveValue("INACTIVE");

    await carerPage.reload();
    await expect(carerPage).toHaveURL(/\/signin/);
    await carerPage.getByLabel("Username", { exact: true }).fill(w.carer.username);
    await carerPage.getByLabel("Password", { exact: true }).fill(w.carer.password);
    await carerPage.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(carerPage.getByRole("alert").filter({ hasText: "Wrong username or password" })).toBeVisible();
    await carer.close();
  });
});
