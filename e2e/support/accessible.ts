import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe's violations on the page (or inside `include`), as "rule: targets" lines, read at rest: when
 * something began moving while axe read (a toast whose script loaded late), the page is brought to
 * rest and read again, up to three times.
 *
 * Legacy mode: axe.run in the page itself. The builder's default runs axe in each frame and then
 * merges the results in a blank page it opens, injecting axe there again: twice the time, for
 * cross-origin frames our pages do not have (0.55 s a page instead of 1.5, 2026-12-05, with only
 * violations collected: the passes' node lists were built and thrown away).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  for (let read = 1; ; read++) {
    const motion = await page.evaluateHandle(settleAndWatch);
    const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
    if (include) builder.include(include);
    const { violations } = await builder.analyze();
    const moved = await motion.evaluate((watch) => watch.stop());
    await motion.dispose();
    if (!moved || read === 3) {
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    }
  }
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
 * left. Then watches until `stop()`, which says whether anything began moving, or is moving, since.
 * Runs in the page: what it uses is inside it.
 */
async function settleAndWatch() {
  // Paused counts as moving, not yet at its end (a test holds a toast halfway in); only a finished
  // one, which a fill keeps listed, is still.
  const moving = () =>
    document
      .getAnimations()
      .filter((a) => a.playState !== "finished" && a.effect?.getComputedTiming().endTime !== Infinity);
  // Until two frames pass with nothing moving: a toast mounted a frame before starts its fade-in
  // only on the next one, after a single pass had found nothing to finish.
  for (let pass = 0, still = 0; still < 2 && pass < 20; pass++) {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    const now = moving();
    for (const a of now) a.finish();
    still = now.length ? 0 : still + 1;
  }
  let began = false;
  const mark = () => {
    began = true;
  };
  const kinds = ["transitionrun", "animationstart"] as const;
  for (const kind of kinds) document.addEventListener(kind, mark, true);
  return {
    stop: () => {
      for (const kind of kinds) document.removeEventListener(kind, mark, true);
      return began || moving().length > 0;
    },
  };
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
