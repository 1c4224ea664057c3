import { accessible } from "../support/accessible";
import type { Page } from "@playwright/test";
import { addIdpAccount, db, expect, makePeople, signIn, test } from "../support/fixtures";

/** Signs in on the local identity provider's own page, where "Sign in with your organisation" led. */
async function atTheProvider(page: Page, login: string, password: string) {
  await page.getByLabel("Username or email").fill(login);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("sign-in", () => {
  test("a caregiver signs in through their organisation's identity provider and lands on their home page", async ({
    page,
  }) => {
    const { carer } = await makePeople();
    await addIdpAccount(carer);
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in with your organisation" }).click();
    await expect(page.getByRole("heading", { name: "Local identity provider" })).toBeVisible();
    await atTheProvider(page, `idp-${carer.username}`, carer.password);
    await expect(page).toHaveURL(/\/caregiver$/);
    await expect(page.getByRole("heading", { name: "My sessions" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${carer.name}`)).toBeVisible();
  });

  test("clinic staff sign in with username and password, the username in any case, and land on the clinic's page", async ({
    page,
  }) => {
    const { staff } = await makePeople();
    await page.goto("/signin");
    const username = page.getByLabel("Username", { exact: true });
    // A phone's keyboard capitalises a field's first letter unless the field asks it not to; and
    // where one still does, the username is taken in any case.
    await expect(username).toHaveAttribute("autocapitalize", "none");
    await username.fill(staff.username.charAt(0).toUpperCase() + staff.username.slice(1));
    await page.getByLabel("Password", { exact: true }).fill(staff.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/clinic$/);
    await expect(page.getByRole("heading", { name: "Clients" })).toBeVisible();
    // The sign-in page was replaced in the history: Back goes to what came before it (here the
    // browser's blank page), not to the used form.
    await page.goBack();
    await expect(page).toHaveURL("about:blank");
  });

  test("a wrong password is refused with a message", async ({ page }) => {
    const { staff } = await makePeople();
    await page.goto("/signin");
    await page.getByLabel("Username", { exact: true }).fill(staff.username);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // (Next.js keeps a route announcer with role alert too, so the message is picked by its text.)
    await expect(page.getByRole("alert").filter({ hasText: "Wrong username or password" })).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
  });

  test("a French client signs in in French: the page's link to French, its refusals, the forgotten password, the return after signing out", async ({
    page,
  }) => {
    const { client } = await makePeople();
    await db.client.update({ where: { id: client.id }, data: { language: "FR" } });
    await page.goto("/signin?callbackUrl=%2Fhomework");
    await page.getByRole("link", { name: "Français" }).click();
    await expect(page.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    // The place the person was going is kept across the change of language.
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/homework");
    // Nothing typed: said at the field in French, not by the browser's bubble.
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page.getByLabel("Identifiant", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Identifiant", { exact: true })).toHaveAccessibleDescription(
      "Saisissez votre identifiant.",
    );
    await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveAccessibleDescription(
      "Saisissez votre mot de passe.",
    );
    await page.getByLabel("Identifiant", { exact: true }).fill(client.username);
    await page.getByLabel("Mot de passe", { exact: true }).fill("pas le mot de passe");
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Identifiant ou mot de passe incorrect" })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(/sign|password|username/i);
    await accessible(page, "/signin in French");
    await page.reload();
    await expect(page).toHaveTitle(/^Connexion ·/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(page.getByRole("heading", { name: "Mot de passe oublié ?", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Retour à la connexion" }).click();
    await expect(page.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();

    await page.getByLabel("Identifiant", { exact: true }).fill(client.username);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Mes exercices", level: 1 })).toBeVisible();
    // The page remembers its language once it runs in the browser, which a person is long past by
    // the next day; the test waits for it rather than for a moment.
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "lang")?.value).toBe("fr");
    // The next day the web session has ended: the page sends them to sign in, in French, as the
    // browser remembers of the client's pages (a cookie of the language alone).
    await page.context().clearCookies({ name: "next-auth.session-token" });
    await page.goto("/homework");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fhomework$/);
    await expect(page.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.getByLabel("Identifiant", { exact: true }).fill(client.username);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Mes exercices", level: 1 })).toBeVisible();
    // Signed out, the French client is back on the French sign-in page; its link goes to English.
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // Staff on the same browser sign in by its link to English; an explicit language wins.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  });

  test("a person whose organisation has not verified their email is told that, in their language", async ({ page }) => {
    const { u } = await makePeople();
    await addIdpAccount({
      username: `unverified-${u}`,
      email: `unverified-${u}@test.test`,
      name: "Unverified",
      password: "pw",
      email_verified: "false",
    });
    await page.goto("/signin?lang=fr");
    await page.getByRole("button", { name: "Se connecter avec votre organisation" }).click();
    await atTheProvider(page, `idp-unverified-${u}`, "pw");
    await expect(
      page.getByRole("alert").filter({ hasText: "ne nous a pas confirmé votre adresse e-mail" }),
    ).toBeVisible();
  });

  test("a person the identity provider knows but the platform does not is told so", async ({ page }) => {
    const { u } = await makePeople();
    await addIdpAccount({
      username: `stranger-${u}`,
      email: `stranger-${u}@test.test`,
      name: "Stranger",
      password: "pw",
    });
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in with your organisation" }).click();
    await atTheProvider(page, `idp-stranger-${u}`, "pw");
    await expect(
      page.getByRole("alert").filter({ hasText: "no clinic staff member, care provider or client" }),
    ).toBeVisible();
  });

  test("without a session a page sends you to sign in, then back to the page you wanted", async ({ page }) => {
    const { carer } = await makePeople();
    await page.goto("/caregiver");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fcaregiver/);
    await page.getByLabel("Username", { exact: true }).fill(carer.username);
    await page.getByLabel("Password", { exact: true }).fill(carer.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/caregiver$/);
  });

  test("signing out ends the session", async ({ page }) => {
    const { staff } = await makePeople();
    await signIn(page, staff.username, staff.password);
    await page.goto("/clinic");
    await expect(page.getByRole("heading", { name: "Clients" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin/);
    await page.goto("/clinic");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fclinic/);
    expect((await page.request.get("/gateway/profile/clinic/client")).status()).toBe(401);
  });

  test("a caregiver does not see the clinic's pages", async ({ page }) => {
    const { carer } = await makePeople();
    await signIn(page, carer.username, carer.password);
    await page.goto("/clinic");
    await expect(page).toHaveURL(/\/caregiver$/);
  });

  test("after too many wrong passwords the sign-in page says to wait, even for the right one", async ({ page }) => {
    const { staff } = await makePeople();
    const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
    // The e2e stack allows 10 failures per username and address in its window.
    for (let i = 0; i < 10; i++) {
      const r = await page.request.post("/api/auth/callback/credentials", {
        form: { csrfToken, username: staff.username, password: "wrong", json: "true", callbackUrl: "/" },
      });
      expect(r.status()).toBe(401);
    }
    await page.goto("/signin");
    await page.getByLabel("Username", { exact: true }).fill(staff.username);
    await page.getByLabel("Password", { exact: true }).fill(staff.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Too many sign-in attempts" })).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
  });

  test("signing out also ends the organisation's sign-in: the next person must enter credentials", async ({ page }) => {
    const { carer } = await makePeople();
    await addIdpAccount(carer);
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in with your organisation" }).click();
    await atTheProvider(page, `idp-${carer.username}`, carer.password);
    await expect(page).toHaveURL(/\/caregiver$/);
    await page.getByRole("button", { name: "Sign out" }).click();
    // The identity provider confirms that its own session ends, then sends the browser back.
    await page.getByRole("button", { name: "Yes, sign me out" }).click();
    await expect(page).toHaveURL(/\/signin/);
    await page.getByRole("button", { name: "Sign in with your organisation" }).click();
    await expect(page.getByRole("heading", { name: "Local identity provider" })).toBeVisible();
    await expect(page.getByLabel("Username or email")).toBeVisible();
  });
});
