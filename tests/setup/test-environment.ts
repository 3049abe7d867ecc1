import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, inject, vi } from "vitest";
import { createThrowawayPostgresDatabase, realDatabaseUrl } from "../helpers/test-database";

// Runs before every test file: a private data folder, a fixed secret, a database of its own,
// and two tripwires — an unexpected console.error and any request leaving this machine fail the test.

const dataDirectory = mkdtempSync(path.join(tmpdir(), "family-book-test-"));
process.env.DATA_DIR = dataDirectory;
process.env.AUTH_SECRET = "test-secret-that-is-long-enough-for-hmac-signing";
delete process.env.S3_BUCKET;

// A copy of the run's migrated database (tests/setup/database-template.ts).
if (!realDatabaseUrl) throw new Error("No PostgreSQL for the tests: run them through vitest.config.mts, which starts one, or set TEST_DATABASE_URL.");
const throwaway = await createThrowawayPostgresDatabase(realDatabaseUrl, inject("databaseTemplate")?.name);
process.env.DATABASE_URL = throwaway.url;

// Registering hashes the password with scrypt, at the cost production needs (about 100 ms of CPU
// here), and the helpers register thousands of accounts with one password. Its hash is made once
// per file by the real function, salt and all, and every registration with it stores that; every
// other password is hashed as in production, and every sign-in verifies with scrypt as it does.
vi.mock("@/server/accounts/auth/password", async (importOriginal) => {
  const password = await importOriginal<typeof import("@/server/accounts/auth/password")>();
  const { TEST_PASSWORD } = await import("../helpers/test-password");
  let fixtureHash: Promise<string> | undefined;
  return {
    ...password,
    hashPassword: (candidate: string) => (candidate === TEST_PASSWORD ? (fixtureHash ??= password.hashPassword(candidate)) : password.hashPassword(candidate)),
  };
});

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!loopbackHosts.has(url.hostname)) throw new Error(`Test tried to reach the network: ${url.href}`);
  return realFetch(input, init);
}) as typeof fetch;

let allowedConsoleErrors = 0;
/** Lets the current test log the given number of console.error calls (an expected failure path). */
export function allowConsoleErrors(count = 1) {
  allowedConsoleErrors += count;
}

beforeEach(() => {
  allowedConsoleErrors = 0;
  vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = vi.mocked(console.error).mock.calls;
  vi.mocked(console.error).mockRestore();
  if (calls.length > allowedConsoleErrors) {
    throw new Error(`Unexpected console.error: ${calls.map((call) => call.map(String).join(" ")).join("\n")}`);
  }
});

afterAll(async () => {
  // Loaded only now: a unit test that never opened the database does not pay for loading it.
  const [{ closeDatabase }, { resetStorageForTests }, { closeRateLimitStores }, { stopJobs }] = await Promise.all([
    import("@/server/platform/db/client"),
    import("@/server/platform/storage"),
    import("@/server/platform/http/rate-limit"),
    import("@/server/platform/jobs/queue"),
  ]);
  // The queue first: it works on the database until it stops.
  await stopJobs();
  await closeDatabase().catch(() => undefined);
  resetStorageForTests();
  await closeRateLimitStores();
  await throwaway.drop();
  rmSync(dataDirectory, { recursive: true, force: true });
});
