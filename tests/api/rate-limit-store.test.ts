import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "@/server/platform/db/client";
import { resetEnvForTests } from "@/server/platform/env";
import { AppError } from "@/server/platform/http/app-error";
import { assertNotLimited, clearCount, consume, countAndLimit, refund, type RateLimitRule } from "@/server/platform/http/rate-limit";

// The counters behind rate limits, in the database (default) and in Redis (REDIS_URL), which
// is how several app instances share them.

const rule: RateLimitRule = { name: "test", limit: 3, windowSeconds: 60, message: (minutes) => `Slow down for ${minutes} minute(s).` };

// Opened first: a window starts when its first count is taken, not when the database finishes booting.
beforeAll(async () => {
  await getDatabase();
});

function contract(configure: () => void) {
  it("allows the limit, then refuses with 429, a message and Retry-After", async () => {
    configure();
    const subject = randomUUID();
    for (let attempt = 0; attempt < 3; attempt += 1) await countAndLimit(rule, subject);
    const refusal = await countAndLimit(rule, subject).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(429);
    expect((refusal as AppError).message).toBe("Slow down for 1 minute(s).");
    expect(Number((refusal as AppError).headers?.["Retry-After"])).toBeGreaterThan(50);
  });

  it("checks without counting, and clears", async () => {
    configure();
    const subject = randomUUID();
    await assertNotLimited(rule, subject);
    for (let attempt = 0; attempt < 3; attempt += 1) await consume(rule, subject);
    await expect(assertNotLimited(rule, subject)).rejects.toThrow("Slow down");
    await clearCount(rule, subject);
    await expect(assertNotLimited(rule, subject)).resolves.toBeUndefined();
  });

  it("counts events sent at the same moment one by one: each sees its own place", async () => {
    configure();
    const subject = randomUUID();
    const states = await Promise.all(Array.from({ length: 30 }, () => consume(rule, subject)));
    expect(states.map((state) => state.consumed).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });

  it("gives back a counted event", async () => {
    configure();
    const subject = randomUUID();
    for (let attempt = 0; attempt < 3; attempt += 1) await consume(rule, subject);
    await refund(rule, subject);
    await expect(assertNotLimited(rule, subject)).resolves.toBeUndefined();
    expect((await consume(rule, subject)).consumed).toBe(3);
  });

  it("keeps subjects apart", async () => {
    configure();
    const [first, second] = [randomUUID(), randomUUID()];
    for (let attempt = 0; attempt < 3; attempt += 1) await consume(rule, first);
    await expect(assertNotLimited(rule, first)).rejects.toThrow();
    await expect(assertNotLimited(rule, second)).resolves.toBeUndefined();
  });
}

describe("rate-limit counters in the database", () => {
  contract(() => {
    delete process.env.REDIS_URL;
    resetEnvForTests();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe("rate-limit counters in Redis", () => {
    contract(() => {
      process.env.REDIS_URL = redisUrl;
      resetEnvForTests();
    });
  });
}

describe("the explicit test switch", () => {
  it("turns limits off only when RATE_LIMIT_DISABLED is true", async () => {
    delete process.env.REDIS_URL;
    process.env.RATE_LIMIT_DISABLED = "true";
    resetEnvForTests();
    const subject = randomUUID();
    for (let attempt = 0; attempt < 10; attempt += 1) await countAndLimit(rule, subject);
    delete process.env.RATE_LIMIT_DISABLED;
    resetEnvForTests();
  });
});
