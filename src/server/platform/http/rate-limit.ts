import "server-only";
import { createHash } from "node:crypto";
import { createClient, type RedisClientType } from "@redis/client";
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { now } from "@/server/platform/clock";
import { getDatabase } from "@/server/platform/db/client";
import { getEnv } from "@/server/platform/env";
import { AppError } from "./app-error";

// Counters shared by every app instance, kept by rate-limiter-flexible: in PostgreSQL (the
// rate_limits table; the embedded database too) by default, in Redis when REDIS_URL is set.
// Each count is one atomic statement, so requests arriving together are all counted before any
// of them is let through (docs/decisions/010-sign-in-throttling.md). Only RATE_LIMIT_DISABLED=true
// turns them off (end-to-end tests).

export type RateLimitRule = { name: string; limit: number; windowSeconds: number; message: (minutes: number) => string };

export type RateLimitState = { consumed: number; resetAt: Date };

const registry = globalThis as typeof globalThis & {
  __familyBookRedis?: Promise<RedisClientType>;
  __familyBookLimiters?: Map<string, RateLimiterAbstract>;
};

function redisClient(url: string) {
  registry.__familyBookRedis ??= (async () => {
    const client = createClient({ url, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) } });
    client.on("error", (error) => console.error("Redis:", (error as Error).message));
    await client.connect();
    return client as RedisClientType;
  })();
  return registry.__familyBookRedis;
}

/** Lets go of the Redis connection and the limiters built on it (end of a test file, or shutdown). */
export async function closeRateLimitStores() {
  const redis = registry.__familyBookRedis;
  registry.__familyBookRedis = undefined;
  registry.__familyBookLimiters = undefined;
  if (redis) await (await redis.catch(() => undefined))?.quit();
}

/** rate-limiter-flexible's PostgreSQL store speaks to a `pg`-like client; this is ours, on either backend. */
const databaseStoreClient = {
  async query({ name, text, values }: { name?: string; text: string; values?: unknown[] }) {
    return (await getDatabase()).execute(text, values ?? [], name);
  },
};

async function limiterFor(rule: RateLimitRule): Promise<RateLimiterAbstract> {
  const url = getEnv().REDIS_URL;
  const id = `${url ? "redis" : "database"}:${rule.name}:${rule.limit}:${rule.windowSeconds}`;
  registry.__familyBookLimiters ??= new Map();
  let limiter = registry.__familyBookLimiters.get(id);
  if (!limiter) {
    const options = { keyPrefix: `rate:${rule.name}`, points: rule.limit, duration: rule.windowSeconds };
    limiter = url
      ? new RateLimiterRedis({ ...options, storeClient: await redisClient(url), useRedisPackage: true })
      : // The table is made by a migration; expired rows are cleared by housekeeping, not by a timer in every instance.
        new RateLimiterPostgres({
          ...options,
          storeClient: databaseStoreClient,
          storeType: "client",
          tableName: "rate_limits",
          tableCreated: true,
          clearExpiredByTimeout: false,
        });
    registry.__familyBookLimiters.set(id, limiter);
  }
  return limiter;
}

/** Emails and addresses as they are; anything long enough to pass the key column is hashed. */
function keyOf(subject: string) {
  const normalised = subject.toLowerCase();
  return normalised.length <= 160 ? normalised : createHash("sha256").update(normalised).digest("hex");
}

const stateOf = (result: RateLimiterRes): RateLimitState => ({
  consumed: result.consumedPoints,
  resetAt: new Date(now().getTime() + Math.max(0, result.msBeforeNext)),
});

export function refuse(rule: RateLimitRule, state: RateLimitState): never {
  const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - now().getTime()) / 1000));
  throw new AppError("RATE_LIMITED", rule.message(Math.ceil(seconds / 60)), undefined, { "Retry-After": String(seconds) });
}

/**
 * Counts one event and returns the count within the window, without refusing (the caller
 * decides). The count is taken atomically, so parallel requests each see their own place.
 */
export async function consume(rule: RateLimitRule, subject: string): Promise<RateLimitState> {
  if (getEnv().RATE_LIMIT_DISABLED) return { consumed: 0, resetAt: now() };
  const limiter = await limiterFor(rule);
  try {
    return stateOf(await limiter.consume(keyOf(subject)));
  } catch (outcome) {
    // rate-limiter-flexible rejects with the counter's state once it is past the limit.
    if (outcome instanceof RateLimiterRes) return stateOf(outcome);
    throw outcome;
  }
}

/** Counts one event; throws 429 once the allowance is exceeded. */
export async function countAndLimit(rule: RateLimitRule, subject: string) {
  const state = await consume(rule, subject);
  if (state.consumed > rule.limit) refuse(rule, state);
  return state;
}

/** Throws 429 when the subject has already used up the rule's allowance; counts nothing. */
export async function assertNotLimited(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return;
  const result = await (await limiterFor(rule)).get(keyOf(subject));
  if (result && result.consumedPoints >= rule.limit) refuse(rule, stateOf(result));
}

/** Gives back one counted event (a sign-in that turned out to be the rightful owner's). */
export async function refund(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return;
  await (await limiterFor(rule)).reward(keyOf(subject), 1);
}

export async function clearCount(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return;
  await (await limiterFor(rule)).delete(keyOf(subject));
}

export const tryAgain = (minutes: number) => `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
