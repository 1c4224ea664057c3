import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** No axe violation, and nothing wider than a 360 px screen; the page is left at 1280 px. */
export async function accessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at 360 px`).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
}
