import { makeClient } from "@/prisma/factories";
import { db, expect, loseAnswers, makeClinicWorld, signIn, test } from "../support/fixtures";

// A real 2×2 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("clinic pages", () => {
  test("a clinic creates a client with an image and a first session, lands on its page and sees the image", async ({
    page,
  }, info) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/clients/new");
    await page.getByLabel("Full name").fill("Eva Example");
    await page.getByLabel("Email").fill(`eva-${w.u}@test.test`);
    await page.getByLabel("Mobile").fill("+31 6 1234 5678");
    await page.getByLabel("External id").fill(`EVA-${w.u}`);
    await page.getByLabel("Language").selectOption("FR");
    await page.locator("#image").setInputFiles({ name: "eva.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByAltText("Preview of eva.png")).toBeVisible();
    await page.getByRole("checkbox", { name: new RegExp(w.carer.name) }).check();
    await page.getByLabel("Assign a first session now").check();
    // The first of the care team just ticked is the session's care provider until another is chosen;
    // the field says that one from outside the team joins it.
    await expect(page.getByLabel("Care provider")).toHaveValue(String(w.carer.id));
    await expect(page.getByLabel("Care provider")).toHaveAccessibleDescription(/joins the care team/);
    await page.getByLabel("Design plan").selectOption({ label: w.plan.name });
    await page.getByRole("checkbox", { name: new RegExp(w.book.name) }).check();
    await page.getByLabel("Start date").fill("2030-05-06");
    await page.getByLabel("Start time").fill("09:30");
    await page.getByLabel("Number of weekly sessions").fill("2");
    await page.screenshot({ path: info.outputPath("new-client-form.png"), fullPage: true });
    await info.attach("new-client-form", { path: info.outputPath("new-client-form.png"), contentType: "image/png" });
    await page.getByRole("button", { name: "Create client" }).click();

    await expect(page).toHaveURL(/\/client\/\d+$/);
    await expect(page.getByRole("heading", { name: "Eva Example" })).toBeVisible();
    const img = page.getByAltText("Photo of Eva Example");
    await expect(img).toBeVisible();
    // Visible is not loaded: the picture's bytes may still be on their way (a retrying check).
    await expect(img).toHaveJSProperty("naturalWidth", 2);
    await expect(page.getByText(`${w.carer.name} · Psychologist`)).toBeVisible();
    // In the browser's locale (Playwright's default en-US) and time zone, where the form was filled in.
    await expect(page.getByText(/starts May 6, 2030, 9:30\sAM/)).toBeVisible();
    await expect(page.getByText(/starts May 13, 2030, 9:30\sAM/)).toBeVisible();
  });

  test("pressed again after the creation's answer was lost, the form opens the client it created, and no second", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/clients/new");
    const email = `lost-${w.u}@test.test`;
    await page.getByLabel("Full name").fill("Lou Lost");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("checkbox", { name: new RegExp(w.carer.name) }).check();
    // The server creates the client; its answer never reaches the browser (a dropped connection).
    const lost = await loseAnswers(page, "**/gateway/profile/clinic/client");
    await page.getByRole("button", { name: "Create client" }).click();
    // At the top of the form, brought into view: the person is at the button, at its end.
    await expect(page.getByRole("alert").filter({ hasText: "The client could not be created." })).toBeInViewport();
    const created = lost.answers[0]?.headers()["location"] ?? "";
    expect(created).toMatch(/^\/client\/\d+$/);
    await lost.restore();

    // Sent again with another name, it is not a retry: the form says what may have happened.
    await page.getByLabel("Full name").fill("Lou Other");
    await page.getByRole("button", { name: "Create client" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "This form was already sent with other values" }),
    ).toBeInViewport();
    await page.getByLabel("Full name").fill("Lou Lost");
    await page.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(new RegExp(`${created}$`));
    await expect(page.getByRole("heading", { name: "Lou Lost" })).toBeVisible();
    const clients = await db.client.findMany({ where: { clinicId: w.clinic.id, email }, select: { id: true } });
    expect(clients.map((c) => `/client/${c.id}`)).toEqual([created]);
  });

  test("the image field's hidden file input shows its keyboard focus, and keeps it when the image is removed", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/clients/new");
    const input = page.locator("#image");
    // The label that looks like a button ("Choose an image"); its shadow grows a ring with the focus.
    const button = page.locator('label[for="image"][data-slot="button"]');
    const ring = () => button.evaluate((el) => getComputedStyle(el).boxShadow);
    const atRest = await ring();
    await page.getByLabel("Status").focus();
    await page.keyboard.press("Tab");
    await expect(input).toBeFocused();
    expect(await ring()).not.toBe(atRest);

    await input.setInputFiles({ name: "eva.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByAltText("Preview of eva.png")).toBeVisible();
    await page.getByRole("button", { name: "Remove image" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByAltText("Preview of eva.png")).toHaveCount(0);
    await expect(input).toBeFocused();
    expect(await ring()).not.toBe(atRest);
  });

  test("the server's rejection of a duplicate external id shows at its field", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/clients/new");
    await page.getByLabel("Full name").fill("Second Robin");
    await page.getByLabel("Email").fill(`other-${w.u}@test.test`);
    await page.getByLabel("External id").fill(`EXT-${w.u}`);
    await page.getByRole("button", { name: "Create client" }).click();
    const field = page.getByLabel("External id");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // The field the server refused takes the focus, as a field the form's own checks refuse does.
    await expect(field).toBeFocused();
    await expect(page.locator("#externalClientId-error")).toHaveText(
      "A client with this external id already exists in the clinic.",
    );
    await expect(page).toHaveURL(/\/clinic\/clients\/new$/);
  });

  test("the form's own checks show at their fields before anything is sent", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/clients/new");
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/gateway/")) posted = true;
    });
    await page.getByLabel("Email").fill("not an email");
    await page
      .locator("#image")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("button", { name: "Create client" }).click();
    await expect(page.locator("#name-error")).toHaveText("Must not be empty.");
    await expect(page.locator("#email-error")).toHaveText("Must be an email address.");
    await expect(page.locator("#image-error")).toContainText("is not a PNG, JPEG, GIF or WebP image");
    expect(posted).toBe(false);

    // A file named and typed as a PNG that holds no image is refused when picked, as the server
    // would refuse it, instead of a broken preview that only the submit finds out.
    await page
      .locator("#image")
      .setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
    await expect(page.locator("#image-error")).toHaveText("“scan.png” is not a PNG, JPEG, GIF or WebP image.");
    await expect(page.getByRole("img", { name: "Preview of scan.png" })).toHaveCount(0);
    await expect(page.getByText("Drop an image here, or")).toBeVisible();
    expect(posted).toBe(false);
  });

  test("a JPEG named .png is taken as the JPEG its bytes are, as the server reads it", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/clients/new");
    const jpeg = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 8;
        return canvas.toDataURL("image/jpeg").split(",")[1] ?? "";
      }),
      "base64",
    );
    await page.getByLabel("Full name").fill("Jo Jpeg");
    const email = `jo-${w.u}@test.test`;
    await page.getByLabel("Email").fill(email);
    await page.locator("#image").setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: jpeg });
    await expect(page.getByAltText("Preview of scan.png")).toBeVisible();
    await page.getByRole("checkbox", { name: new RegExp(w.carer.name) }).check();
    await page.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/client\/\d+$/);
    const stored = await db.client.findFirstOrThrow({ where: { email }, select: { imageType: true } });
    expect(stored.imageType).toMatch(/jpe?g/);
  });

  test("the client list searches and pages", async ({ page }) => {
    const w = await makeClinicWorld();
    for (let i = 0; i < 11; i++)
      await makeClient(db, { clinicId: w.clinic.id, name: `Pager ${i} ${w.u}`, email: `pager${i}-${w.u}@test.test` });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    await expect(page.getByText("Page 1 of 2 (12 clients)")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2 (12 clients)")).toBeVisible();
    await page.getByLabel("Search by name, email or external id").fill(`EXT-${w.u}`);
    await expect(page.getByRole("link", { name: `Robin Client ${w.u}` })).toBeVisible();
    await expect(page.getByText("Page 1 of 1 (1 client)")).toBeVisible();
    await page.getByLabel("Search by name, email or external id").fill("nobody-at-all");
    await expect(page.getByText("No client matches “nobody-at-all”.")).toBeVisible();
  });

  test("Back to the client list finds its search and page as left, a reload too; the Clients link opens it afresh", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    for (let i = 0; i < 11; i++)
      await makeClient(db, { clinicId: w.clinic.id, name: `Kept ${i} ${w.u}`, email: `kept${i}-${w.u}@test.test` });
    await makeClient(db, { clinicId: w.clinic.id, name: `Other ${w.u}`, email: `other-${w.u}@test.test` });
    // A reload renders the first page on the server and then the kept place: no hydration error.
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    const search = page.getByLabel("Search by name, email or external id");
    await search.fill(`kept`);
    await expect(page.getByText("Page 1 of 2 (11 clients)")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2 (11 clients)")).toBeVisible();
    await page.getByRole("link", { name: new RegExp(`^Kept \\d+ ${w.u}$`) }).click();
    await expect(page).toHaveURL(/\/client\/\d+$/);

    await page.goBack();
    await expect(search).toHaveValue("kept");
    await expect(page.getByText("Page 2 of 2 (11 clients)")).toBeVisible();
    // The search may name a client: it is kept in the tab's history entry, never in the URL.
    expect(page.url()).not.toContain("kept");
    await page.reload();
    await expect(search).toHaveValue("kept");
    await expect(page.getByText("Page 2 of 2 (11 clients)")).toBeVisible();

    await page.getByRole("link", { name: "Clients", exact: true }).click();
    await expect(search).toHaveValue("");
    await expect(page.getByText("Page 1 of 2 (13 clients)")).toBeVisible();
    expect(errors).toEqual([]);
  });
});
