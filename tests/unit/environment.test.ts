import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertConfiguration, getAuthSecret, getEnv, resetEnvForTests } from "@/server/platform/env";

const saved = { ...process.env };
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "family-book-env-"));
  for (const name of [
    "DATABASE_URL",
    "EMBEDDED_DATABASE",
    "AUTH_SECRET",
    "S3_BUCKET",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "APP_URL",
    "INVITE_LINK_DAYS",
    "PREPARED_FILES_MAX_BYTES",
    "WORKERS",
    "SMTP_URL",
    "MAIL_FROM",
    "INBOUND_DOMAIN",
    "INBOUND_SMTP_PORT",
    "INBOUND_EMAIL_SECRET",
  ]) {
    delete process.env[name];
  }
  process.env.DATA_DIR = folder;
  resetEnvForTests();
});

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  rmSync(folder, { recursive: true, force: true });
});

describe("configuration", () => {
  it("needs nothing on the embedded defaults: a secret is generated once and reused", () => {
    const first = getAuthSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(folder, "auth-secret"), "utf8")).toBe(first);

    resetEnvForTests();
    expect(getAuthSecret()).toBe(first);
  });

  it("refuses to start on a real database without AUTH_SECRET, and says why", () => {
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:5432/family_book";
    expect(() => assertConfiguration()).toThrow(/AUTH_SECRET must be set when DATABASE_URL is set/);
    expect(existsSync(path.join(folder, "auth-secret"))).toBe(false);
  });

  it("keeps the generated secret beside the data on the PostgreSQL that npm start runs in DATA_DIR/pg", () => {
    process.env.DATABASE_URL = "postgres://family_book:secret@127.0.0.1:41234/family_book";
    process.env.EMBEDDED_DATABASE = "1";
    const secret = assertConfiguration() && getAuthSecret();
    expect(readFileSync(path.join(folder, "auth-secret"), "utf8")).toBe(secret);
    expect(getEnv().EMBEDDED_DATABASE).toBe(true);
  });

  it("starts on a real database with AUTH_SECRET set", () => {
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:5432/family_book";
    process.env.AUTH_SECRET = "a".repeat(40);
    expect(() => assertConfiguration()).not.toThrow();
  });

  it("takes replies by email only as configured: a domain, a port, a long enough secret (docs/decisions/022-answers-by-reply.md)", () => {
    const off = getEnv();
    expect([off.INBOUND_DOMAIN, off.INBOUND_SMTP_PORT, off.INBOUND_EMAIL_SECRET]).toEqual([undefined, undefined, undefined]);
    Object.assign(process.env, { INBOUND_DOMAIN: "Reply.FamilyBook.example", INBOUND_SMTP_PORT: "2525", INBOUND_EMAIL_SECRET: "s".repeat(32) });
    resetEnvForTests();
    expect(getEnv()).toMatchObject({ INBOUND_DOMAIN: "reply.familybook.example", INBOUND_SMTP_PORT: 2525, INBOUND_EMAIL_SECRET: "s".repeat(32) });
    Object.assign(process.env, { INBOUND_DOMAIN: "answers@familybook.example", INBOUND_SMTP_PORT: "70000", INBOUND_EMAIL_SECRET: "short" });
    resetEnvForTests();
    expect(() => getEnv()).toThrow(
      /INBOUND_DOMAIN must be a domain name, e\.g\. reply\.familybook\.example[\s\S]*INBOUND_SMTP_PORT must be a port number[\s\S]*INBOUND_EMAIL_SECRET must be at least 32 characters/,
    );
  });

  it("names every invalid variable", () => {
    process.env.DATABASE_URL = "mysql://nope";
    process.env.APP_URL = "not a url";
    expect(() => getEnv()).toThrow(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL[\s\S]*APP_URL must be a URL/);
  });

  it("makes invite links work for 30 days unless INVITE_LINK_DAYS says otherwise (left empty, as in .env.example, is the default)", () => {
    expect(getEnv().INVITE_LINK_DAYS).toBe(30);
    process.env.INVITE_LINK_DAYS = "";
    resetEnvForTests();
    expect(getEnv().INVITE_LINK_DAYS).toBe(30);
    process.env.INVITE_LINK_DAYS = "7";
    resetEnvForTests();
    expect(getEnv().INVITE_LINK_DAYS).toBe(7);
  });

  it.each([
    ["0", "INVITE_LINK_DAYS must be at least 1"],
    ["366", "INVITE_LINK_DAYS must be at most 365"],
    ["two weeks", "INVITE_LINK_DAYS must be a whole number of days"],
    ["1.5", "INVITE_LINK_DAYS must be a whole number of days"],
  ])("refuses INVITE_LINK_DAYS=%s and says why", (value, message) => {
    process.env.INVITE_LINK_DAYS = value;
    expect(() => getEnv()).toThrow(message);
  });

  it("lets each person keep 1 GB of books and exports unless PREPARED_FILES_MAX_BYTES says otherwise (docs/decisions/036-prepared-files.md)", () => {
    expect(getEnv().PREPARED_FILES_MAX_BYTES).toBe(1024 ** 3);
    process.env.PREPARED_FILES_MAX_BYTES = "";
    resetEnvForTests();
    expect(getEnv().PREPARED_FILES_MAX_BYTES).toBe(1024 ** 3);
    process.env.PREPARED_FILES_MAX_BYTES = "5368709120";
    resetEnvForTests();
    expect(getEnv().PREPARED_FILES_MAX_BYTES).toBe(5 * 1024 ** 3);
  });

  it.each([
    ["1000", "PREPARED_FILES_MAX_BYTES must be at least 1048576 (1 MB)"],
    ["1GB", "PREPARED_FILES_MAX_BYTES must be a whole number of bytes, e.g. 1073741824 for 1 GB"],
    ["-1", "PREPARED_FILES_MAX_BYTES must be a whole number of bytes"],
  ])("refuses PREPARED_FILES_MAX_BYTES=%s and says why", (value, message) => {
    process.env.PREPARED_FILES_MAX_BYTES = value;
    expect(() => getEnv()).toThrow(message);
  });

  it("runs background jobs in every instance unless WORKERS is false (or 0), and refuses anything else", () => {
    expect(getEnv().WORKERS).toBe(true);
    for (const [value, expected] of [
      ["", true],
      ["true", true],
      ["1", true],
      ["false", false],
      ["0", false],
    ] as const) {
      process.env.WORKERS = value;
      resetEnvForTests();
      expect(getEnv().WORKERS).toBe(expected);
    }
    process.env.WORKERS = "no";
    resetEnvForTests();
    expect(() => getEnv()).toThrow("WORKERS must be true or false");
  });

  it("requires S3 credentials once a bucket is named", () => {
    process.env.S3_BUCKET = "family-photos";
    expect(() => assertConfiguration()).toThrow("S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too.");
  });

  it("sends email to the outbox with no SMTP_URL, needing nothing else", () => {
    expect(getEnv().SMTP_URL).toBeUndefined();
    expect(() => assertConfiguration()).not.toThrow();
  });

  it("requires MAIL_FROM and APP_URL once SMTP_URL is set, and says why", () => {
    process.env.SMTP_URL = "smtps://user:secret@smtp.example.com:465";
    expect(() => assertConfiguration()).toThrow("SMTP_URL is set, so MAIL_FROM must be set too");
    process.env.MAIL_FROM = "Family Book <hello@familybook.example>";
    resetEnvForTests();
    expect(() => assertConfiguration()).toThrow("SMTP_URL is set, so APP_URL must be set too: links in emails");
    process.env.APP_URL = "https://familybook.example";
    resetEnvForTests();
    expect(() => assertConfiguration()).not.toThrow();
  });

  it.each([
    ["SMTP_URL", "http://smtp.example.com", "SMTP_URL must be an smtp:// or smtps:// URL"],
    ["MAIL_FROM", "Family Book", "MAIL_FROM must be an address"],
    ["MAIL_FROM", "Family Book <hello@familybook.example", "MAIL_FROM must be an address"],
  ])("refuses %s=%s and says why", (name, value, message) => {
    process.env[name] = value;
    expect(() => getEnv()).toThrow(message);
  });

  it.each(["hello@familybook.example", "Family Book <hello@familybook.example>"])("takes MAIL_FROM=%s", (value) => {
    process.env.MAIL_FROM = value;
    expect(getEnv().MAIL_FROM).toBe(value);
  });
});
