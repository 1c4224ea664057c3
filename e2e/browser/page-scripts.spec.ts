import type { Page } from "@playwright/test";
import { expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// The upload forms share their base64 check with the server (lib/schemas/image.ts). Naming Node's
// `Buffer` there once made the bundler put its browser polyfill in every page with such a form:
// 7 KB more on the wire for a phone to load and compile. A string only that polyfill holds:
const BUFFER_POLYFILL = "Argument must be a Buffer";

/** The scripts a page loads until it is idle, by URL and text. */
async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const scripts = new Map<string, string>();
  const pending: Promise<void>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") pending.push(r.text().then((text) => void scripts.set(r.url(), text)));
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  return scripts;
}

test("pages with an upload form load no polyfill of Node's Buffer", async ({ page }) => {
  const w = await makeClinicWorld();
  await signIn(page, w.staff.username, w.staff.password);
  const newClient = await scriptsOf(page, "/clinic/clients/new");
  await expect(page.locator("#image")).toBeAttached();
  await page.context().clearCookies();
  await signIn(page, w.carer.username, w.carer.password);
  const session = await scriptsOf(page, `/caregiver/sessions/${w.session.id}`);
  await expect(page.getByRole("region", { name: "Documents" }).getByRole("button", { name: "Upload" })).toBeVisible();

  for (const scripts of [newClient, session]) {
    expect(scripts.size).toBeGreaterThan(3);
    const carrying = [...scripts].filter(([, text]) => text.includes(BUFFER_POLYFILL)).map(([url]) => url);
    expect(carrying).toEqual([]);
  }
});

// V8 compiles a script that begins with this comment on the thread that streams it in, instead of
// function by function on the page's main thread (scripts/compile-hints.ts).
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

test("every script a page loads carries V8's compile hint, so a phone compiles it off the main thread", async ({
  page,
}) => {
  const signInPage = await scriptsOf(page, "/signin");
  const w = await makeClinicWorld();
  await signIn(page, w.carer.username, w.carer.password);
  const session = await scriptsOf(page, `/caregiver/sessions/${w.session.id}`);
  await expect(page.getByRole("region", { name: "Documents" })).toBeVisible();

  for (const scripts of [signInPage, session]) {
    const chunks = [...scripts].filter(([url]) => new URL(url).pathname.startsWith("/_next/static/chunks/"));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.filter(([, text]) => !text.startsWith(COMPILE_HINT)).map(([url]) => url)).toEqual([]);
  }
});

// Each script a page starts with costs the phone's main thread before any of it runs: the browser
// queues and starts every preload in the new document's first task. The build merges the chunks
// (next.config.js, docs/pages-performance.md "Fewer, larger chunks"); unmerged, the session
// dashboard started 19 of them.
const MOST_SCRIPTS_AT_START = 10;

test("the session dashboard starts with few scripts", async ({ page }) => {
  const w = await makeClinicWorld();
  await signIn(page, w.carer.username, w.carer.password);
  await page.goto(`/caregiver/sessions/${w.session.id}`);
  await expect(page.getByRole("region", { name: "Documents" })).toBeVisible();
  const atStart = await page.evaluate(() => document.querySelectorAll("script[src]").length);
  expect(atStart).toBeGreaterThan(0);
  expect(atStart).toBeLessThanOrEqual(MOST_SCRIPTS_AT_START);
});

// The client's words (messages/*.json) are compiled from ICU's syntax at build time (next.config.js),
// so the client's pages need neither ICU's message parser (about 10 KB on the wire) nor the parsing
// of each message on the phone. An error code only that parser holds:
const ICU_PARSER = "EXPECT_ARGUMENT_CLOSING_BRACE";

test("the client's pages carry no ICU message parser, and still say their words in the client's language", async ({
  page,
}) => {
  const w = await makeClinicWorld();
  await signIn(page, w.client.username, w.client.password);
  const home = await scriptsOf(page, "/homework");
  await expect(page).toHaveTitle("My homework · Care Program Platform");
  // A message with an argument and one with a tag and an argument, formatted from their compiled form.
  await expect(page.getByText(/^Signed in as/)).toContainText(w.client.name);
  await expect(page.getByTestId("homework-item").first()).toContainText(`Session: ${w.session.title}`);

  expect(home.size).toBeGreaterThan(3);
  expect([...home].filter(([, text]) => text.includes(ICU_PARSER)).map(([url]) => url)).toEqual([]);
});
