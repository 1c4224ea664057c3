// Found by the review as an attacker on the pages (2026-12-06). The pages' forms are drawn on the
// server and their scripts take over once loaded (on a phone, seconds later). A form sent before
// that was the browser's own submission, a GET: the sign-in's password, a new password or a message
// to the care team landed in the address bar, the browser's history and any proxy's access log.
// Every form is a POST (eslint.config.mjs holds the rule), so such a submission carries nothing in
// its URL.
import type { Locator, Page, Request } from "@playwright/test";
import { pages } from "@/lib/api-client/paths";
import { makeClient } from "@/prisma/factories";
import { PNG_1x1 } from "../support/images";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

/** The page as it is before its scripts have run: they never load. */
async function withoutScripts(page: Page) {
  await page.route("**/_next/static/**", (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.fallback(),
  );
}

/** The form sent as the browser sends it, no script of the page handling it: its request. */
async function sentAsTheBrowserWould(form: Locator): Promise<Request> {
  const [request] = await Promise.all([
    form.page().waitForRequest((r) => r.isNavigationRequest()),
    form.evaluate((f: HTMLFormElement) => {
      f.submit();
    }),
  ]);
  await form.page().waitForLoadState();
  return request;
}

/** A slow phone: the page's scripts wait until the function returned is called. */
async function scriptsHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/_next/static/**", async (route) => {
    if (route.request().resourceType() === "script") await released;
    await route.fallback();
  });
  return release;
}

/** The page opened (or `reload`ed) on a slow phone: its scripts come when the function returned is called. */
async function openScriptsHeld(page: Page, url: string): Promise<() => void> {
  const scriptsCome = await scriptsHeld(page);
  if (url === "reload") await page.reload({ waitUntil: "commit" });
  else await page.goto(url, { waitUntil: "commit" });
  return scriptsCome;
}

test.describe("a form sent before the page's scripts have run", () => {
  test("puts neither a password nor a message in the address", async ({ page, browser, baseURL }) => {
    const w = await makeClinicWorld();
    await withoutScripts(page);
    await page.goto("/signin");
    await page.locator("#username").fill(w.client.username);
    await page.locator("#password").fill(w.client.password);
    // Its button waits for the scripts (below); the form as the browser would send it all the same.
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
    const signingIn = await sentAsTheBrowserWould(page.locator("form").filter({ has: page.locator("#password") }));
    expect(signingIn.method()).toBe("POST");
    expect(signingIn.url()).not.toContain(encodeURIComponent(w.client.password));
    expect(new URL(page.url()).search).toBe("");

    const context = await browser.newContext({ baseURL });
    const carer = await context.newPage();
    await signIn(carer, w.carer.username, w.carer.password);
    await withoutScripts(carer);
    await carer.goto(`/caregiver/sessions/${String(w.session.id)}`);
    const text = "She said she has thought about ending her life";
    const conversation = carer.locator("form").filter({ has: carer.getByLabel("Your message") });
    await conversation.getByLabel("Your message").fill(text);
    await expect(conversation.getByRole("button", { name: "Send" })).toBeDisabled();
    const sending = await sentAsTheBrowserWould(conversation);
    expect(sending.method()).toBe("POST");
    expect(decodeURIComponent(sending.url().replaceAll("+", " "))).not.toContain(text);
    expect(new URL(carer.url()).search).toBe("");
    await context.close();
  });

  // Found by a CI run on a slow host (2026-12-07): "Give feedback" pressed before the page's
  // scripts had run sent the form as the browser does, a POST the page ignores, and the dashboard
  // came back without the feedback written. The buttons that send a form wait for the scripts: a
  // press before them does nothing, and what is written stays for the press after.
  test("loses nothing written: its button waits for the scripts, then sends it", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    // A slow phone: the page's scripts come once the feedback has been written. At the self-test,
    // which waits for feedback.
    const scriptsCome = await openScriptsHeld(page, pages.session(w.session.id, w.session.assignmentIds[2]));
    await page.getByLabel("Your feedback").fill("Well done, keep the diary going.");
    const give = page.getByRole("button", { name: "Give feedback" });
    await expect(give).toBeDisabled();
    scriptsCome();
    await give.click();
    await expect(page.getByText("Feedback sent.")).toBeVisible();
    await expect(page.getByText("Well done, keep the diary going.")).toBeVisible();
  });
});

// Found by two CI runs on a slow host (2026-12-07): the dashboard opened at an assignment brought
// its panel into view and moved the focus to its title once the scripts had run, wherever the
// focus was. Someone who had clicked into the feedback box by then typed into the title, and the
// box stayed empty ("Give feedback" then asked for a feedback). The client's page opened at its
// measures did the same to a keyboard's place.
test.describe("where someone is before the page's scripts have run", () => {
  test("the feedback box they clicked into keeps the focus once they run: what is typed goes in it", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    // At the self-test, which waits for feedback.
    const scriptsCome = await openScriptsHeld(page, pages.session(w.session.id, w.session.assignmentIds[2]));
    const box = page.getByLabel("Your feedback");
    await box.click();
    scriptsCome();
    await expect(page.getByRole("button", { name: "Give feedback" })).toBeEnabled();
    await page.keyboard.type("Well done, keep the diary going.");
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("Well done, keep the diary going.");
  });

  test("the link they tabbed to on the client's page opened at the measures keeps the focus", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    const scriptsCome = await scriptsHeld(page);
    await page.goto(pages.clientMeasures(w.client.id), { waitUntil: "domcontentloaded" });
    // The browser goes to the #fragment itself once the page is in, and its heading takes the
    // focus: a Tab pressed before then lost its place to the browser, not to the page (this test,
    // on a quicker host, 2026-12-08). From there, back to the link before it.
    const heading = page.getByRole("heading", { name: "Measures over time" });
    await expect(heading).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    const link = page.getByRole("link", { name: `Week 1 ${w.u}` });
    await expect(link).toBeFocused();
    scriptsCome();
    // The page's scripts have drawn it (React's own keys on its nodes), and their effects had time.
    await page.waitForFunction(() => {
      const main = document.querySelector("main");
      return main !== null && Object.keys(main).some((k) => k.startsWith("__react"));
    });
    await page.waitForTimeout(500);
    await expect(link).toBeFocused();
  });
});

// Left by the re-read of the focus fix (2026-12-07), mended 2026-12-08 (docs/RELIABILITY.md): a reload of a dashboard
// whose history entry kept feedback being written drew its boxes again from the entry once the
// scripts ran. What the caregiver had typed in the server's empty boxes by then was gone, and so
// was the focus. On a phone a reload is also what the browser does to a tab it put away.
test.describe("a reload of feedback being written, typed into before the page's scripts have run", () => {
  test("keeps the feedback kept and what was typed, both, and the box keeps the focus", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(pages.session(w.session.id, w.session.assignmentIds[2]));
    const box = page.getByLabel("Your feedback");
    const sessionBox = page.getByLabel("Feedback on the whole session");
    await box.fill("Sleep is better since you began the diary.");
    await sessionBox.fill("A good week.");
    // Leaving the field keeps what is written at once.
    await sessionBox.blur();

    const scriptsCome = await openScriptsHeld(page, "reload");
    // The server's boxes, empty: it has no history.
    await sessionBox.click();
    await page.keyboard.type("Ask about the weekend.");
    await box.click();
    await page.keyboard.type("Keep it going.");
    scriptsCome();
    await expect(page.getByRole("button", { name: "Give feedback" })).toBeEnabled();
    await expect(box).toHaveValue("Sleep is better since you began the diary.\n\nKeep it going.");
    await expect(sessionBox).toHaveValue("A good week.\n\nAsk about the weekend.");
    await expect(box).toBeFocused();
    await page.keyboard.type(" Well done.");
    await expect(box).toHaveValue("Sleep is better since you began the diary.\n\nKeep it going. Well done.");

    // Both are what the entry keeps now: the next reload finds them, and the feedback sent is all of it.
    await sessionBox.click();
    await page.reload();
    await expect(box).toHaveValue("Sleep is better since you began the diary.\n\nKeep it going. Well done.");
    await expect(sessionBox).toHaveValue("A good week.\n\nAsk about the weekend.");
    await page.getByRole("button", { name: "Give feedback" }).click();
    await expect(page.getByText("Feedback sent.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Self-test" })).toContainText("Keep it going. Well done.");
  });

  test("a box typed into that the reload's kept feedback had left empty keeps what was typed", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(pages.session(w.session.id, w.session.assignmentIds[2]));
    const box = page.getByLabel("Your feedback");
    await box.fill("Sleep is better since you began the diary.");
    await box.blur();

    const scriptsCome = await openScriptsHeld(page, "reload");
    const sessionBox = page.getByLabel("Feedback on the whole session");
    await sessionBox.click();
    await page.keyboard.type("Ask about the weekend.");
    scriptsCome();
    await expect(page.getByRole("button", { name: "Give feedback" })).toBeEnabled();
    await expect(box).toHaveValue("Sleep is better since you began the diary.");
    await expect(sessionBox).toHaveValue("Ask about the weekend.");
    await expect(sessionBox).toBeFocused();
    await box.click();
    await page.reload();
    await expect(sessionBox).toHaveValue("Ask about the weekend.");
  });
});

// Left by the change above, mended the same day: on a dashboard with nothing kept yet, what was
// typed before the page's scripts ran reached the tab's history entry only with the next keystroke
// or a click elsewhere, and a reload before then lost it.
test("feedback typed before the page's scripts ran on a dashboard with nothing kept survives a reload", async ({
  page,
}) => {
  const w = await makeClinicWorld();
  await signIn(page, w.carer.username, w.carer.password);
  const scriptsCome = await openScriptsHeld(page, pages.session(w.session.id, w.session.assignmentIds[2]));
  const box = page.getByLabel("Your feedback");
  await box.click();
  await page.keyboard.type("Sleep is better since you began the diary.");
  scriptsCome();
  await expect(page.getByRole("button", { name: "Give feedback" })).toBeEnabled();
  await expect(box).toBeFocused();
  await page.reload();
  await expect(page.getByRole("button", { name: "Give feedback" })).toBeEnabled();
  await expect(box).toHaveValue("Sleep is better since you began the diary.");
});

// Found by a look for more of the same (2026-12-08): a list's search or filter set before the
// page's scripts had run stayed in its field, and the list under it went on showing the server's
// first page: a search for one client with every client listed, "Inactive" above active clients.
test.describe("a list's filter set before the page's scripts have run", () => {
  test("the client list shows what its search box and status say", async ({ page }) => {
    const w = await makeClinicWorld();
    await makeClient(db, { clinicId: w.clinic.id, name: `Other ${w.u}`, email: `other-${w.u}@test.test` });
    await signIn(page, w.staff.username, w.staff.password);
    const scriptsCome = await openScriptsHeld(page, pages.clinic);
    const search = page.getByLabel("Search by name, email or external id");
    await search.click();
    await page.keyboard.type(`EXT-${w.u}`);
    scriptsCome();
    await expect(page.getByText("Page 1 of 1 (1 client)")).toBeVisible();
    await expect(page.getByRole("link", { name: `Robin Client ${w.u}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Other ${w.u}` })).toBeHidden();
    await expect(search).toHaveValue(`EXT-${w.u}`);
    await expect(search).toBeFocused();

    // A reload draws the server's first page, without the search the tab's history keeps: a status
    // chosen on it before the scripts run, with the search box empty, is the list asked for.
    const reloadScriptsCome = await openScriptsHeld(page, "reload");
    await page.getByLabel("Status").selectOption("INACTIVE");
    reloadScriptsCome();
    await expect(page.getByText("No inactive clients.")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("INACTIVE");
    await expect(search).toHaveValue("");
  });

  test("the caregiver's sessions show what their status says", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    const scriptsCome = await openScriptsHeld(page, pages.caregiver);
    const status = page.getByLabel("Status");
    await expect(status).toHaveValue("RUNNING");
    await status.selectOption("FUTURE");
    scriptsCome();
    await expect(page.getByText("No sessions match.")).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`Week 1 ${w.u}`) })).toBeHidden();
    await expect(status).toHaveValue("FUTURE");
  });
});

// Found by a review of the change above (2026-12-08): the new-client form is drawn on the server
// with its image field, and an image chosen before the page's scripts ran was in the field with no
// change to read it: no preview, and the client was created without it.
test("an image chosen on the new-client form before the page's scripts have run is shown and kept", async ({
  page,
}) => {
  const w = await makeClinicWorld();
  await signIn(page, w.staff.username, w.staff.password);
  const scriptsCome = await openScriptsHeld(page, pages.newClient);
  await page.getByLabel("Full name").fill("Ima Early");
  const email = `ima-${w.u}@test.test`;
  await page.getByLabel("Email").fill(email);
  await page
    .locator("#image")
    .setInputFiles({ name: "face.png", mimeType: "image/png", buffer: Buffer.from(PNG_1x1, "base64") });
  scriptsCome();
  await expect(page.getByAltText("Preview of face.png")).toBeVisible();
  await page.getByRole("checkbox", { name: new RegExp(w.carer.name) }).check();
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/client\/\d+$/);
  const stored = await db.client.findFirstOrThrow({ where: { email }, select: { imageType: true } });
  expect(stored.imageType).toBe("image/png");
});

test("a document chosen on the session's dashboard before the page's scripts have run is named, then sent", async ({
  page,
}) => {
  const w = await makeClinicWorld();
  await signIn(page, w.carer.username, w.carer.password);
  const scriptsCome = await openScriptsHeld(page, pages.session(w.session.id));
  const panel = page.getByRole("region", { name: "Documents" });
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
  await panel.getByLabel("File").setInputFiles({ name: "sleep-plan.pdf", mimeType: "application/pdf", buffer: pdf });
  scriptsCome();
  await expect(panel.getByText("sleep-plan.pdf", { exact: true })).toBeVisible();
  await expect(panel.getByText("No file chosen")).toBeHidden();
  await panel.getByRole("button", { name: "Upload" }).click();
  await expect(panel.getByRole("link", { name: "sleep-plan.pdf" })).toBeVisible();
});
