import { linkIn, waitForMail } from "../support/mailbox";
import { accessible } from "../support/accessible";
import { db, expect, makeClinicWorld, test } from "../support/fixtures";

// "Forgot your password?": from the sign-in page, a link by email (the stack's SMTP server), a new
// password on the link's page, and the person signed in with it at home.

const mailDir = process.env.E2E_MAIL_DIR ?? "";
const base = process.env.E2E_BASE_URL ?? "";

test.describe("forgot password", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a client who forgot their password asks from the sign-in page, follows the emailed link, chooses a new one and is at home", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await accessible(page, "/forgot-password");
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByLabel("Username or email")).toBeFocused();
    await expect(page.getByLabel("Username or email")).toHaveAccessibleDescription(
      "Enter your username or your email.",
    );
    await page.getByLabel("Username or email").fill(w.client.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByRole("status")).toContainText("a link to choose a new one is on its way");
    await accessible(page, "/forgot-password, asked");

    const [mail] = await waitForMail(mailDir, w.client.email);
    if (!mail) throw new Error("no email");
    const link = linkIn(mail, base);
    expect(page.url()).not.toContain(w.client.email);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(w.client.username)).toBeVisible();
    await accessible(page, "/reset-password/<token>");
    await page.locator("#reset-password").fill("short");
    await page.locator("#reset-confirm").fill("short");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page.getByText("Must be at least 10 characters.")).toBeVisible();
    await page.locator("#reset-password").fill("my new long passphrase");
    await page.locator("#reset-confirm").fill("my new long passphrase");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page).toHaveURL(/\/homework$/);
    await expect(page.getByText(`Signed in as ${w.client.name}`)).toBeVisible();
    await expect(page.getByText("Your new password is saved.")).toBeVisible();

    // The link is used up, and says so with what to do next.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  });

  test("a French client's link page is in French", async ({ page }) => {
    const w = await makeClinicWorld();
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    await page.goto("/forgot-password");
    await page.getByLabel("Username or email").fill(w.client.username);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    const [mail] = await waitForMail(mailDir, w.client.email);
    if (!mail) throw new Error("no email");
    await page.goto(linkIn(mail, base));
    await expect(page.getByRole("heading", { name: "Choisir un nouveau mot de passe" })).toBeVisible();
    await expect(page.locator("main")).toHaveAttribute("lang", "fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveTitle(/^Nouveau mot de passe ·/);
    await accessible(page, "/reset-password/<token> in French");

    // The link used up: asking for a new one stays in French, the whole page.
    await page.locator("#reset-password").fill("un mot de passe assez long");
    await page.locator("#reset-confirm").fill("un mot de passe assez long");
    await page.getByRole("button", { name: "Enregistrer et se connecter" }).click();
    await expect(page).toHaveURL(/\/homework$/);
    await expect(page.getByText("Votre nouveau mot de passe est enregistré.")).toBeVisible();
    await page.context().clearCookies();
    await page.goto(linkIn(mail, base));
    await expect(page.getByRole("link", { name: "Aller à la connexion" })).toHaveAttribute("href", "/signin?lang=fr");
    await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
    await expect(page.getByRole("heading", { name: "Mot de passe oublié ?", level: 1 })).toBeVisible();
    // Loaded as a whole page too (the router kept the link page's document): French all the same.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveTitle(/^Mot de passe oublié \? ·/);
    await page.getByRole("button", { name: "M’envoyer un lien" }).click();
    await expect(page.locator("#forgot-login")).toHaveAccessibleDescription(
      /Saisissez votre identifiant ou votre e-mail\./,
    );
    await page.getByLabel("Identifiant ou e-mail").fill(w.client.username);
    await page.getByRole("button", { name: "M’envoyer un lien" }).click();
    await expect(page.getByRole("status")).toContainText("un lien pour en choisir un nouveau");
    await accessible(page, "/forgot-password in French, asked");
    await expect(page.getByRole("main")).not.toContainText(/link|sign-in|email me/i);
    // Back to the sign-in page in French; its link to English moves by the router, and the
    // document is English again.
    await page.getByRole("link", { name: "Retour à la connexion" }).click();
    await expect(page.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
