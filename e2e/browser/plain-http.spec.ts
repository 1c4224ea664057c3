import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// A clinic trying the product on its own network: `npm start` on one machine, opened from another
// at http://<its name>:3000. Such a page is no secure context, and browsers leave crypto.randomUUID
// out of it; the forms' Idempotency-Keys must still be made there (docs/api-decisions.md, Retries).
test("over plain http at a network name, no secure context, a clinic creates a client and is told to copy its invitation link by hand, and a caregiver sends a message", async ({
  playwright,
  launchOptions,
}) => {
  test.setTimeout(120_000);
  const w = await makeClinicWorld();
  const base = new URL(process.env.E2E_BASE_URL ?? "");
  // clinic.test resolves to this machine inside the browser only: a name, not a loopback address,
  // so the page's origin is not potentially trustworthy.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), "--host-resolver-rules=MAP clinic.test 127.0.0.1"],
  });
  try {
    const onNetwork = `http://clinic.test:${base.port}`;
    const openAs = async (username: string, password: string) => {
      // Signed in where the test's own requests can reach (they do not use the browser's names),
      // the cookie then carried to the network name as a sign-in there would set it.
      const loopback = await browser.newContext({ baseURL: base.origin });
      await signIn(await loopback.newPage(), username, password);
      const cookies = await loopback.cookies();
      await loopback.close();
      const context = await browser.newContext({ baseURL: onNetwork });
      await context.addCookies(cookies.map((c) => ({ ...c, domain: "clinic.test" })));
      const page = await context.newPage();
      const failures: string[] = [];
      page.on("pageerror", (e) => failures.push(e.message));
      return { page, failures };
    };

    const staff = await openAs(w.staff.username, w.staff.password);
    await staff.page.goto("/clinic/clients/new");
    expect(await staff.page.evaluate(() => window.isSecureContext)).toBe(false);
    await expect(staff.page.getByRole("button", { name: "Create client" })).toBeVisible();
    const email = `network-${w.u}@test.test`;
    await staff.page.getByLabel("Full name").fill("Nel Network");
    await staff.page.getByLabel("Email").fill(email);
    await staff.page.getByRole("checkbox", { name: new RegExp(w.carer.name) }).check();
    await staff.page.getByRole("button", { name: "Create client" }).click();
    await expect(staff.page).toHaveURL(/\/client\/\d+$/);
    await expect(staff.page.getByRole("heading", { name: "Nel Network" })).toBeVisible();
    expect(await db.client.count({ where: { clinicId: w.clinic.id, email } })).toBe(1);
    // No clipboard either on such a page: copying the invitation link says so and selects the link
    // for the person to copy.
    await staff.page.getByRole("button", { name: "Create invitation link" }).click();
    const link = staff.page.locator("#invitation-url");
    await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9_-]{40,}$/);
    await staff.page.getByRole("button", { name: "Copy link" }).click();
    await expect(staff.page.getByText("Copying failed: select the link and copy it.")).toBeVisible();
    await expect(link).toBeFocused();
    expect(
      await link.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
    ).toBe(await link.inputValue());
    expect(staff.failures).toEqual([]);

    const carer = await openAs(w.carer.username, w.carer.password);
    await carer.page.goto(`/caregiver/sessions/${String(w.session.id)}`);
    const text = `Sent from the clinic's network ${w.u}`;
    await carer.page.getByLabel("Your message").fill(text);
    await carer.page.getByLabel("Your message").press("Enter");
    await expect(
      carer.page.getByRole("log", { name: "Conversation" }).getByTestId("message").filter({ hasText: text }),
    ).toContainText("You,");
    expect(carer.failures).toEqual([]);
  } finally {
    await browser.close();
  }
});
