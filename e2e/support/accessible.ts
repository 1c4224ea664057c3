import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe's violations on the page (or inside `include`), as "rule: targets" lines, once what moves
 * has come to rest.
 *
 * Legacy mode: axe.run in the page itself. The builder's default runs axe in each frame and then
 * merges the results in a blank page it opens, injecting axe there again: twice the time, for
 * cross-origin frames our pages do not have (0.55 s a page instead of 1.5, 2026-12-05, with only
 * violations collected: the passes' node lists were built and thrown away).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await settle(page);
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * No axe violation (at rest, as axeViolations checks), and nothing wider than a 360 px screen; the
 * page is left at 1280 px. With `asIs`, nothing wider than the page's own viewport, which is kept
 * (a test walking on a phone).
 */
export async function accessible(page: Page, what: string, opts: { asIs?: boolean } = {}) {
  expect(await axeViolations(page), what).toEqual([]);
  const width = opts.asIs ? await page.evaluate(() => window.innerWidth) : 360;
  if (!opts.asIs) await page.setViewportSize({ width, height: 740 });
  // Polled, because what draws itself the size of its box (the measures chart) follows a new
  // width one resize observation later; a page that stays too wide still fails, naming what is.
  await expect
    .poll(() => page.evaluate(widthReport, width), { message: `${what} at ${String(width)} px`, timeout: 5_000 })
    .toBe("fits");
  if (!opts.asIs) await page.setViewportSize({ width: 1280, height: 800 });
}

/** Opens `path`, waits for its heading `ready`, and checks it as `accessible` does. */
export async function accessiblePage(page: Page, path: string, ready: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: ready }).first()).toBeVisible();
  await accessible(page, path);
}

/**
 * Brings the page to rest, as a person reads it once still: a toast fading in has, for that moment,
 * too little contrast. What moves towards an end is taken there; what never ends (a spinner) is
 * left. Two frames first, for a toast asked for with the answer just shown mounts a frame or so
 * after it.
 */
async function settle(page: Page) {
  // Until two frames pass with nothing moving: a toast mounted a frame before starts its fade-in
  // only on the next one, after a single pass had found nothing to finish (CI on 27c0e87: axe met
  // the feedback's toast halfway in, "color-contrast: div[data-title]").
  await page.evaluate(async () => {
    for (let pass = 0, still = 0; still < 2 && pass < 20; pass++) {
      for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      const moving = document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
      for (const a of moving) a.finish();
      still = moving.length ? 0 : still + 1;
    }
  });
}

/** "fits", or how wide the page is and its first elements past the screen's edge (in the page). */
function widthReport(width: number): string {
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth <= width) return "fits";
  const wide = [...document.querySelectorAll("body *")]
    .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest(".overflow-x-auto"))
    .slice(0, 5)
    .map((el) => `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"`);
  return `${String(scrollWidth)} px wide: ${wide.join(" | ")}`;
}
