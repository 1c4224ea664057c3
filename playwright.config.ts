import { existsSync } from "node:fs";
import { chromium, defineConfig } from "@playwright/test";

// Playwright's own Chromium where it is installed; Debian's otherwise (this project's machines
// cannot download browsers). Of Debian's, the headless shell: the browser Playwright itself runs
// headless tests in, and on two cores half the CPU of the full browser in headless mode (the full
// one draws through a software GPU process). The flags keep Chromium off the network it cannot
// reach anyway.
const own = (() => {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
})();
const debian = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p));
const executablePath = process.env.CHROMIUM_PATH ?? (own ? undefined : debian);

export default defineConfig({
  testDir: "e2e/browser",
  globalSetup: "./e2e/support/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    // No trace: recording one for every test (to keep the failures') took a third of the browser
    // suite's time, and CI's test-results/ are not kept. To see a failure step by step, run it
    // again with `--trace on` (docs/testing.md).
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
