import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * No axe violation, and nothing wider than a 360 px screen; the page is left at 1280 px. With
 * `asIs`, nothing wider than the page's own viewport, which is kept (a test walking on a phone).
 */
export async function accessible(page: Page, what: string, opts: { asIs?: boolean } = {}) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
  const width = opts.asIs ? await page.evaluate(() => window.innerWidth) : 360;
  if (!opts.asIs) await page.setViewportSize({ width, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at ${width} px`).toBeLessThanOrEqual(
    width,
  );
  if (!opts.asIs) await page.setViewportSize({ width: 1280, height: 800 });
}
