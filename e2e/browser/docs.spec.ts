import { expect, test } from "@playwright/test";

// /docs is an interactive reference served by this app: it renders under the nonce CSP with
// nothing fetched from elsewhere, fits a 375 px screen, and its try-it calls this server.
test("the API reference at 375 px: no horizontal overflow, try-it calls /gateway/ping", async ({ page }) => {
  // Scalar renders the whole reference in the browser: 33 s of this test on a slow moment of this
  // host, past 60 s in a clean-clone CI run of 2026-12-01 (11:36 UTC) that got its 200 OK late.
  test.setTimeout(120_000);
  const base = process.env.E2E_BASE_URL ?? "";
  const refused: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith("data:")) elsewhere.push(r.url());
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${base}/docs`);
  // Our own guide to signing in (Scalar names its tag of token operations "Authentication" too, and
  // its introduction may have an "Authentication" section of the security schemes).
  // Scalar's own section may say "Get a token" too once rendered: ours is the one labelled by #auth.
  const guide = page.getByRole("region", { name: "Authentication" }).and(page.locator('[aria-labelledby="auth"]'));
  await expect(guide).toBeVisible();
  await expect(guide).toContainText("bearer");
  // Every operation that takes an Idempotency-Key is named beside it, not client creation alone.
  for (const summary of ["Create a client", "Schedule sessions for a client", "Add homework to an open session"])
    await expect(guide.getByRole("listitem").filter({ hasText: "Idempotency-Key" })).toContainText(summary);
  // Scalar renders an operation's section as it comes near the screen: the last tag is far down,
  // and the sections above it grow as they render, which can push it off the screen again after
  // one scroll (the clean-clone CI run of 2026-12-02 01:08 UTC): scroll until it is there.
  const ping = page.locator('[id="gateway/tag/service/GET/gateway/ping"]');
  await expect(async () => {
    await page.getByRole("region", { name: "Service" }).scrollIntoViewIfNeeded();
    await expect(ping).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await ping.scrollIntoViewIfNeeded();
  await expect(ping.getByText("Liveness").first()).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await ping.getByRole("button", { name: /test request/i }).click();
  await page.getByRole("button", { name: /send get request/i }).click();
  await expect(page.getByText("200 OK").first()).toBeVisible();
  await expect(page.getByText("pong").first()).toBeAttached();
  expect(elsewhere).toEqual([]);
  expect(refused).toEqual([]);
});
