import { expect, test } from "@playwright/test";

// /docs is an interactive reference served by this app: it renders offline under the nonce CSP,
// fits a 375 px screen, and its try-it calls this server.
test("the API reference at 375 px: no horizontal overflow, try-it calls /gateway/ping", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(process.env.E2E_BASE_URL ?? "") && !r.url().startsWith("data:")) outside.push(r.url());
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${process.env.E2E_BASE_URL}/docs`);
  await expect(page.getByRole("heading", { name: "Authentication" })).toBeVisible();
  const ping = page
    .locator("section", { has: page.getByText("/gateway/ping") })
    .filter({ hasText: "Liveness" })
    .last();
  await expect(ping).toBeAttached({ timeout: 30_000 });

  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  await ping.scrollIntoViewIfNeeded();
  await ping
    .getByRole("button", { name: /test request/i })
    .first()
    .click();
  await page.getByRole("button", { name: /^send/i }).first().click();
  await expect(page.getByText("pong").first()).toBeVisible();
  expect(outside).toEqual([]);
  expect(refused).toEqual([]);
});
