import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

// Configuration is read and validated once. With nothing set, Family Book runs on its embedded
// defaults: the embedded database and local photo storage under ./data, and a secret generated
// there once.

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Set by the start script beside the DATABASE_URL of the PostgreSQL it runs from DATA_DIR/pg
   * (bin/embedded-database.mjs): the data lives on this machine, as on the embedded defaults.
   */
  EMBEDDED_DATABASE: booleanFlag,
  DATA_DIR: optionalText.default("data"),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
  APP_URL: optionalText.pipe(z.url("APP_URL must be a URL, e.g. https://familybook.example").optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.default("us-east-1"),
  S3_ENDPOINT: optionalText.pipe(z.url("S3_ENDPOINT must be a URL").optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag,
  REDIS_URL: optionalText,
  /** How many proxies of ours stand in front of the app (docs/decisions/009-client-addresses.md). */
  TRUST_PROXY_HOPS: optionalText
    .pipe(
      z
        .string()
        .regex(/^\d+$/, "TRUST_PROXY_HOPS must be a whole number (0 when no proxy of ours stands in front)")
        .transform(Number)
        .pipe(z.number().max(10, "TRUST_PROXY_HOPS must be at most 10"))
        .optional(),
    )
    .transform((value) => value ?? 0),
  /** How long a new invite link works unless its admin chooses (docs/decisions/008-invites.md). */
  INVITE_LINK_DAYS: optionalText
    .pipe(
      z
        .string()
        .regex(/^\d+$/, "INVITE_LINK_DAYS must be a whole number of days")
        .transform(Number)
        .pipe(z.number().min(1, "INVITE_LINK_DAYS must be at least 1").max(365, "INVITE_LINK_DAYS must be at most 365"))
        .optional(),
    )
    .transform((value) => value ?? 30),
  /**
   * How many bytes of printed books and prepared exports one person may keep at once
   * (docs/decisions/036-prepared-files.md); at least 1 MB, 1 GB unless set.
   */
  PREPARED_FILES_MAX_BYTES: optionalText
    .pipe(
      z
        .string()
        .regex(/^\d+$/, "PREPARED_FILES_MAX_BYTES must be a whole number of bytes, e.g. 1073741824 for 1 GB")
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1024 * 1024, "PREPARED_FILES_MAX_BYTES must be at least 1048576 (1 MB)")
            .max(Number.MAX_SAFE_INTEGER, "PREPARED_FILES_MAX_BYTES is too large"),
        )
        .optional(),
    )
    .transform((value) => value ?? 1024 * 1024 * 1024),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Outgoing mail server; without it emails are written to DATA_DIR/outbox (docs/decisions/013-email.md). */
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465" }).optional(),
  ),
  /** Who Family Book's emails come from: an address, or a name and an address. */
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(/^([^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, "MAIL_FROM must be an address, e.g. Family Book <hello@familybook.example>")
      .optional(),
  ),
  /**
   * Replies to weekly questions (docs/decisions/022-answers-by-reply.md): the domain of the reply
   * addresses (answers+<token>@INBOUND_DOMAIN), whose mail reaches the listener or the endpoint.
   */
  INBOUND_DOMAIN: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "INBOUND_DOMAIN must be a domain name, e.g. reply.familybook.example")
      .optional(),
  ),
  /** The port this process takes replies on by SMTP; unset, no listener. */
  INBOUND_SMTP_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, "INBOUND_SMTP_PORT must be a port number")
      .transform(Number)
      .pipe(z.number().min(1, "INBOUND_SMTP_PORT must be a port number").max(65535, "INBOUND_SMTP_PORT must be a port number"))
      .optional(),
  ),
  /** The shared secret a mail provider's inbound webhook sends to POST /api/inbound-email; unset, the endpoint is off. */
  INBOUND_EMAIL_SECRET: optionalText.pipe(z.string().min(32, "INBOUND_EMAIL_SECRET must be at least 32 characters").optional()),
  /**
   * Transcription (docs/decisions/042-transcripts.md): an OpenAI-compatible speech-to-text server,
   * e.g. http://whisper.local:8000 (its /v1/audio/transcriptions is called); unset, nothing is
   * transcribed and authors type their own transcripts.
   */
  TRANSCRIBE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "TRANSCRIBE_URL must be an http:// or https:// URL, e.g. http://whisper.local:8000" }).optional(),
  ),
  /** The engine's model name, sent with each recording. */
  TRANSCRIBE_MODEL: optionalText.default("whisper-1"),
  /** The engine's key, sent as a Bearer token when set. */
  TRANSCRIBE_API_KEY: optionalText,
  /**
   * ffmpeg, for a playable copy of a recording some browsers cannot play as it was made (Ogg,
   * Vorbis; docs/decisions/041-voice-recordings.md); where it is not installed, the original is served alone.
   */
  FFMPEG_PATH: optionalText.default("ffmpeg"),
  RATE_LIMIT_DISABLED: booleanFlag,
  /** Whether this instance runs background jobs besides serving (docs/decisions/012-jobs.md). */
  WORKERS: z
    .enum(["1", "0", "true", "false", ""], { error: "WORKERS must be true or false" })
    .optional()
    .transform((value) => value !== "0" && value !== "false"),
});

export type Environment = z.infer<typeof environmentSchema>;

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

let cached: Environment | undefined;

export function getEnv(): Environment {
  if (cached) return cached;
  const parsed = environmentSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigurationError(`Family Book cannot start, the configuration is invalid:\n${problems.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

/** Forget the parsed configuration (tests change process.env between cases). */
export function resetEnvForTests() {
  cached = undefined;
  cachedSecret = undefined;
}

export function dataDirectory(env: Environment = getEnv()) {
  return path.isAbsolute(env.DATA_DIR) ? env.DATA_DIR : path.join(/*turbopackIgnore: true*/ process.cwd(), env.DATA_DIR);
}

/** True when the data lives in this machine's DATA_DIR: no DATABASE_URL, or the start script's own PostgreSQL. */
export function usesEmbeddedDatabase(env: Environment = getEnv()) {
  return env.DATABASE_URL === undefined || env.EMBEDDED_DATABASE;
}

export function s3Configured(env: Environment = getEnv()) {
  return env.S3_BUCKET !== undefined;
}

let cachedSecret: string | undefined;

/**
 * The key behind session tokens and signed photo URLs. A deployment on a real database runs as
 * several instances that must share it, so there it must be configured; on the embedded
 * defaults one is generated once and kept beside the data.
 */
export function getAuthSecret(env: Environment = getEnv()): string {
  if (cachedSecret) return cachedSecret;
  if (env.AUTH_SECRET) {
    cachedSecret = env.AUTH_SECRET;
    return cachedSecret;
  }
  if (!usesEmbeddedDatabase(env)) {
    throw new ConfigurationError(
      "AUTH_SECRET must be set when DATABASE_URL is set: every instance of Family Book must share it. " +
        "Generate one with: node -e \"console.log(require('crypto').randomBytes(32).toString('base64url'))\"",
    );
  }
  const directory = dataDirectory(env);
  const secretFile = path.join(directory, "auth-secret");
  if (!existsSync(secretFile)) {
    mkdirSync(directory, { recursive: true });
    try {
      writeFileSync(secretFile, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  cachedSecret = readFileSync(secretFile, "utf8").trim();
  return cachedSecret;
}

/** Checks everything that must hold before the server takes requests. */
export function assertConfiguration() {
  const env = getEnv();
  getAuthSecret(env);
  if (s3Configured(env) && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigurationError("S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too.");
  }
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    throw new ConfigurationError("GOOGLE_CLIENT_ID is set, so GOOGLE_CLIENT_SECRET must be set too.");
  }
  // Email that leaves the machine must come from a real address and link to the one public
  // address: a link built on a request's Host could be pointed elsewhere by whoever sent it.
  if (env.SMTP_URL && !env.MAIL_FROM) {
    throw new ConfigurationError("SMTP_URL is set, so MAIL_FROM must be set too: the address emails come from, e.g. Family Book <hello@familybook.example>.");
  }
  if (env.SMTP_URL && !env.APP_URL) {
    throw new ConfigurationError("SMTP_URL is set, so APP_URL must be set too: links in emails (such as password resets) are built on it.");
  }
  return env;
}
