import "server-only";
import { createClient, type RedisClientType } from "@redis/client";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { AppError } from "./app-error";

// Fixed-window counters shared by every app instance: in PostgreSQL by default, in Redis when
// REDIS_URL is set. Only RATE_LIMIT_DISABLED=true turns them off (end-to-end tests).

export type RateLimitRule = { name: string; limit: number; windowSeconds: number; message: (minutes: number) => string };

export type RateLimitState = { count: number; resetAt: Date };

type CounterStore = {
  increment(key: string, windowSeconds: number): Promise<RateLimitState>;
  read(key: string): Promise<RateLimitState | null>;
  clear(key: string): Promise<void>;
};

const databaseStore: CounterStore = {
  async increment(key, windowSeconds) {
    const prisma = await getDb();
    const rows = await prisma.$queryRaw<{ count: number; reset_at: Date }[]>`
      INSERT INTO rate_limit_buckets (key, count, reset_at)
      VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      ON CONFLICT (key) DO UPDATE SET
        count    = CASE WHEN rate_limit_buckets.reset_at <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
        reset_at = CASE WHEN rate_limit_buckets.reset_at <= now()
                        THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limit_buckets.reset_at END
      RETURNING count, reset_at`;
    return { count: Number(rows[0]!.count), resetAt: new Date(rows[0]!.reset_at) };
  },
  async read(key) {
    const prisma = await getDb();
    const bucket = await prisma.rateLimitBucket.findFirst({ where: { key, reset_at: { gt: new Date() } } });
    return bucket ? { count: bucket.count, resetAt: bucket.reset_at } : null;
  },
  async clear(key) {
    const prisma = await getDb();
    await prisma.rateLimitBucket.deleteMany({ where: { key } });
  },
};

const registry = globalThis as typeof globalThis & { __familyBookRedis?: Promise<RedisClientType> };

function redisClient(url: string) {
  registry.__familyBookRedis ??= (async () => {
    const client = createClient({ url, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) } });
    client.on("error", (error) => console.error("Redis:", (error as Error).message));
    await client.connect();
    return client as RedisClientType;
  })();
  return registry.__familyBookRedis;
}

function redisStore(url: string): CounterStore {
  return {
    async increment(key, windowSeconds) {
      const client = await redisClient(url);
      const [count, , ttl] = (await client
        .multi()
        .incr(key)
        .expire(key, windowSeconds, "NX")
        .pTTL(key)
        .exec()) as unknown as [number, number, number];
      return { count: Number(count), resetAt: new Date(Date.now() + Math.max(Number(ttl), 0)) };
    },
    async read(key) {
      const client = await redisClient(url);
      const [count, ttl] = await Promise.all([client.get(key), client.pTTL(key)]);
      return count === null ? null : { count: Number(count), resetAt: new Date(Date.now() + Math.max(Number(ttl), 0)) };
    },
    async clear(key) {
      const client = await redisClient(url);
      await client.del(key);
    },
  };
}

function store(): CounterStore {
  const url = getEnv().REDIS_URL;
  return url ? redisStore(url) : databaseStore;
}

const keyOf = (rule: RateLimitRule, subject: string) => `rate:${rule.name}:${subject.toLowerCase()}`;

function refuse(rule: RateLimitRule, state: RateLimitState): never {
  const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
  throw new AppError("RATE_LIMITED", rule.message(Math.ceil(seconds / 60)), undefined, { "Retry-After": String(seconds) });
}

/** Throws 429 when the subject has already used up the rule's allowance; counts nothing. */
export async function assertNotLimited(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return;
  const state = await store().read(keyOf(rule, subject));
  if (state && state.count >= rule.limit) refuse(rule, state);
}

/** Counts one event; throws 429 once the allowance is exceeded. */
export async function countAndLimit(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return;
  const state = await store().increment(keyOf(rule, subject), rule.windowSeconds);
  if (state.count > rule.limit) refuse(rule, state);
}

/** Counts one event without refusing this one (a failed login is answered 401 first). */
export async function countEvent(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return;
  await store().increment(keyOf(rule, subject), rule.windowSeconds);
}

export async function clearCount(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return;
  await store().clear(keyOf(rule, subject));
}

const tryAgain = (minutes: number) => `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;

export const loginFailuresByAddress: RateLimitRule = {
  name: "login-ip",
  limit: 10,
  windowSeconds: 15 * 60,
  message: (minutes) => `Too many sign-in attempts. ${tryAgain(minutes)}`,
};
export const loginFailuresByAccount: RateLimitRule = { ...loginFailuresByAddress, name: "login-account" };
export const registrationsByAddress: RateLimitRule = {
  name: "register-ip",
  limit: 10,
  windowSeconds: 15 * 60,
  message: (minutes) => `Too many registration attempts. ${tryAgain(minutes)}`,
};
export const registrationsByAccount: RateLimitRule = { ...registrationsByAddress, name: "register-account" };
