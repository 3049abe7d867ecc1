import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium against the production server (scripts/start.mjs)
// on a free port with a fresh embedded database. scripts/test.mjs picks the port and builds first.

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/artifacts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    // Many of our readers ask for less motion; it also keeps checks from racing animations.
    contextOptions: { reducedMotion: "reduce" },
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    // Tests tagged @mobile-only or @desktop-only run in the one project whose screen they are about.
    { name: "desktop", grepInvert: /@mobile-only/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    {
      name: "mobile",
      grepInvert: /@desktop-only/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: path.join(process.cwd(), ".e2e", "data"),
      DATABASE_URL: "",
      S3_BUCKET: "",
      // Many test accounts register from one address within minutes.
      RATE_LIMIT_DISABLED: "true",
    },
  },
});
