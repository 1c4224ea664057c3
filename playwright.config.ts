import { existsSync } from "node:fs";
import { chromium, defineConfig } from "@playwright/test";

// Playwright's own Chromium where it is installed; Debian's otherwise (this project's machines
// cannot download browsers). The flags keep Chromium off the network it cannot reach anyway.
const own = (() => {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
})();
const executablePath = process.env.CHROMIUM_PATH ?? (own ? undefined : "/usr/bin/chromium");

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
    trace: "retain-on-failure",
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
