import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_DATA_DIRECTORY } from "./tests/e2e/support/data-directory";

// End-to-end tests drive Debian's Chromium against the production server (bin/start.mjs)
// on a free port with a fresh embedded database. scripts/test.mjs picks the port and builds first.
// A second server of the same build keeps its photos in S3 (s3rver, with the bucket CORS rule
// that `npm run storage:cors` applies); the tests tagged @s3 run against it too (project desktop-s3).

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const s3AppPort = Number(process.env.E2E_S3_APP_PORT ?? port + 1000);
const s3rverPort = Number(process.env.E2E_S3RVER_PORT ?? port + 2000);
const s3BaseURL = `http://127.0.0.1:${s3AppPort}`;
// A third server of the same build has a transcription engine (TRANSCRIBE_URL): pocketsphinx behind
// the engine's HTTP contract, started by globalSetup; the tests tagged @voice-engine run against it
// (project desktop-voice), the others against servers with no engine.
const voiceAppPort = Number(process.env.E2E_VOICE_APP_PORT ?? port + 4000);
const transcriberPort = Number(process.env.E2E_TRANSCRIBER_PORT ?? port + 4500);
process.env.E2E_TRANSCRIBER_PORT = String(transcriberPort);
const voiceBaseURL = `http://127.0.0.1:${voiceAppPort}`;
const s3 = { S3_BUCKET: "family-book-e2e", S3_ENDPOINT: `http://127.0.0.1:${s3rverPort}`, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };
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
  globalSetup: "./tests/e2e/support/transcriber.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // The JSON report is what `npm test` counts its "N passed, N failed" line from (scripts/lib/test-tally.mjs).
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_REPORT ?? "test-results/playwright-report.json" }]],
  // Each test is a whole journey (several people, emails, axe on every screen, screenshots at two
  // widths): on a 2-core machine running two of them beside the server, the longest take most of a
  // minute. Every single step still has its own 10 s (expect) limit.
  timeout: 120_000,
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
    // Tests tagged @mobile-only or @desktop-only run in the one project whose screen they are about;
    // @s3 tests also run in desktop-s3, and @s3-only tests only there.
    {
      name: "desktop",
      grepInvert: /@mobile-only|@s3-only|@voice-engine/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "mobile",
      grepInvert: /@desktop-only|@s3-only|@voice-engine/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    {
      name: "desktop-s3",
      grep: /@s3/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, baseURL: s3BaseURL, launchOptions: chromium },
    },
    {
      name: "desktop-voice",
      grep: /@voice-engine/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, baseURL: voiceBaseURL, launchOptions: chromium },
    },
  ],
  webServer: [
    {
      command: "node bin/start.mjs",
      // As a supervisor stops it: the app finishes, then its embedded PostgreSQL (its own process group).
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
      url: `${baseURL}/`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        // Its emails are written to DATA_DIR/outbox, where the tests read them (no SMTP_URL).
        DATA_DIR: E2E_DATA_DIRECTORY,
        DATABASE_URL: "",
        S3_BUCKET: "",
        // Many test accounts register from one address within minutes.
        RATE_LIMIT_DISABLED: "true",
        // Weekly emails carry a reply address, and the app takes replies by SMTP (docs/decisions/022-answers-by-reply.md).
        INBOUND_DOMAIN: "reply.familybook.example",
        INBOUND_SMTP_PORT: String(port + 3000),
      },
    },
    {
      command: "node tests/e2e/support/s3-server.mjs",
      // Answers 200 only once the bucket has its CORS rule.
      url: `${s3.S3_ENDPOINT}/${s3.S3_BUCKET}?cors`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: { ...s3, S3RVER_PORT: String(s3rverPort), APP_URL: s3BaseURL },
    },
    {
      command: "node bin/start.mjs",
      // As a supervisor stops it: the app finishes, then its embedded PostgreSQL (its own process group).
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
      url: `${s3BaseURL}/`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(s3AppPort),
        HOSTNAME: "127.0.0.1",
        DATA_DIR: path.join(process.cwd(), ".e2e", "data-s3"),
        DATABASE_URL: "",
        ...s3,
        APP_URL: s3BaseURL,
        RATE_LIMIT_DISABLED: "true",
      },
    },
    {
      command: "node bin/start.mjs",
      // As a supervisor stops it: the app finishes, then its embedded PostgreSQL (its own process group).
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
      url: `${voiceBaseURL}/`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(voiceAppPort),
        HOSTNAME: "127.0.0.1",
        DATA_DIR: path.join(process.cwd(), ".e2e", "data-voice"),
        DATABASE_URL: "",
        S3_BUCKET: "",
        APP_URL: voiceBaseURL,
        RATE_LIMIT_DISABLED: "true",
        TRANSCRIBE_URL: `http://127.0.0.1:${transcriberPort}`,
      },
    },
  ],
});
