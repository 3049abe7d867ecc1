import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { DeleteBucketCorsCommand, PutBucketCorsCommand, S3Client, type CORSRule } from "@aws-sdk/client-s3";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getEnv, resetEnvForTests } from "@/server/platform/env";
import { resetStorageForTests } from "@/server/platform/storage";
import { missingCorsForUploads, readBucketCors, s3ClientConfig, uploadCorsRule } from "@/server/platform/storage/bucket-cors.mjs";
import { checkBucketCors } from "@/server/platform/storage/check-bucket-cors";
import { startServer } from "@/server/start-server";
import { s3Settings, startS3Server, type RunningS3 } from "../helpers/s3-server";

// With S3, browsers upload photos straight to the bucket, which must let the app's origin POST.
// The start-up check says exactly what is missing; `npm run storage:cors` adds the rule.

const APP_URL = "https://familybook.example";
const S3_SETTINGS = ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION", "APP_URL"];

let s3: RunningS3;
let client: S3Client;

function useS3(settings: { appUrl?: string } = {}) {
  Object.assign(process.env, s3Settings(s3));
  if (settings.appUrl) process.env.APP_URL = settings.appUrl;
  else delete process.env.APP_URL;
  resetEnvForTests();
  resetStorageForTests();
}

function forgetS3() {
  for (const name of S3_SETTINGS) delete process.env[name];
  resetEnvForTests();
  resetStorageForTests();
}

const setRules = (rules: CORSRule[]) => client.send(new PutBucketCorsCommand({ Bucket: s3.bucket, CORSConfiguration: { CORSRules: rules } }));

async function runStorageCors(environment: Record<string, string>) {
  const script = path.join(process.cwd(), "scripts", "storage-cors.mjs");
  const settings = Object.fromEntries(Object.entries(process.env).filter(([name]) => !S3_SETTINGS.includes(name)));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script], { env: { ...settings, ...environment } as NodeJS.ProcessEnv });
    return { code: 0, stdout, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client(s3ClientConfig({ region: "us-east-1", endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }));
});

beforeEach(async () => {
  await client.send(new DeleteBucketCorsCommand({ Bucket: s3.bucket }));
  forgetS3();
});

afterAll(async () => {
  forgetS3();
  client?.destroy();
  await s3?.stop();
});

describe("what uploads need from the bucket's CORS rules", () => {
  it("names what is missing: any rule, the origin, or the method POST", () => {
    expect(missingCorsForUploads([], APP_URL)).toEqual([`there is no CORS rule at all; one must allow POST from ${APP_URL}`]);
    expect(missingCorsForUploads([{ AllowedOrigins: ["https://other.example"], AllowedMethods: ["POST"] }], APP_URL)).toEqual([
      `no CORS rule allows the origin ${APP_URL}`,
    ]);
    expect(missingCorsForUploads([{ AllowedOrigins: [APP_URL], AllowedMethods: ["GET", "PUT"] }], APP_URL)).toEqual([
      `no CORS rule for ${APP_URL} allows the method POST`,
    ]);
  });

  it("accepts the rule it recommends, a wildcard origin, and the method spread over two rules for the origin", () => {
    expect(missingCorsForUploads([uploadCorsRule(APP_URL)], APP_URL)).toEqual([]);
    expect(missingCorsForUploads([{ AllowedOrigins: ["*"], AllowedMethods: ["POST"] }], APP_URL)).toEqual([]);
    expect(missingCorsForUploads([{ AllowedOrigins: ["https://*.example"], AllowedMethods: ["post"] }], APP_URL)).toEqual([]);
    expect(
      missingCorsForUploads(
        [
          { AllowedOrigins: [APP_URL], AllowedMethods: ["GET"] },
          { AllowedOrigins: ["https://familybook.*"], AllowedMethods: ["POST"] },
        ],
        APP_URL,
      ),
    ).toEqual([]);
    expect(missingCorsForUploads([{ AllowedOrigins: ["https://*.example"], AllowedMethods: ["POST"] }], "https://familybook.example.evil")).toHaveLength(1);
  });

  it("is satisfied by its own rule for any origin, and only for that origin (fuzzed)", () => {
    const origin = fc.webUrl().map((url) => new URL(url).origin);
    fc.assert(
      fc.property(origin, origin, (mine, theirs) => {
        expect(missingCorsForUploads([uploadCorsRule(mine)], mine)).toEqual([]);
        if (mine !== theirs) expect(missingCorsForUploads([uploadCorsRule(theirs)], mine)).toEqual([`no CORS rule allows the origin ${mine}`]);
      }),
    );
  });
});

describe("the start-up check", () => {
  it("does nothing, and calls nothing, when photos are not on S3", async () => {
    const warn = vi.fn();
    process.env.S3_ENDPOINT = "http://127.0.0.1:9"; // Would fail loudly if anything were called.

    expect(await checkBucketCors({ env: getEnv(), warn })).toEqual({ status: "not-s3" });

    expect(warn).not.toHaveBeenCalled();
    expect((globalThis as { __familyBookStorage?: unknown }).__familyBookStorage).toBeUndefined();
  });

  it("warns, naming the bucket and APP_URL's origin, when the bucket has no CORS rule", async () => {
    useS3({ appUrl: `${APP_URL}/some/path` });
    const warn = vi.fn();

    const result = await checkBucketCors({ warn });

    expect(result).toEqual({ status: "missing", problems: [`there is no CORS rule at all; one must allow POST from ${APP_URL}`] });
    expect(warn).toHaveBeenCalledWith(
      `Photo uploads from browsers will fail: in the CORS configuration of bucket "${s3.bucket}", there is no CORS rule at all; ` +
        `one must allow POST from ${APP_URL}. Run "npm run storage:cors" with the same settings to add the rule, or add it yourself (README, "Photos on S3").`,
    );
  });

  it("names the origin when the rules are for another site, and the method when POST is not allowed", async () => {
    useS3({ appUrl: APP_URL });
    await setRules([{ AllowedOrigins: ["https://other.example"], AllowedMethods: ["POST"] }]);
    const warn = vi.fn();
    expect(await checkBucketCors({ warn })).toEqual({ status: "missing", problems: [`no CORS rule allows the origin ${APP_URL}`] });
    expect(warn.mock.calls[0]![0]).toContain(`no CORS rule allows the origin ${APP_URL}`);

    await setRules([{ AllowedOrigins: [APP_URL], AllowedMethods: ["GET", "PUT"] }]);
    expect(await checkBucketCors({ warn })).toEqual({ status: "missing", problems: [`no CORS rule for ${APP_URL} allows the method POST`] });
    expect(warn.mock.calls[1]![0]).toContain(`no CORS rule for ${APP_URL} allows the method POST`);
  });

  it("is quiet when the rule is there", async () => {
    useS3({ appUrl: APP_URL });
    await setRules([uploadCorsRule(APP_URL)]);
    const warn = vi.fn();

    expect(await checkBucketCors({ warn })).toEqual({ status: "ok" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("says it cannot check without APP_URL, and that the bucket must allow the app's origin", async () => {
    useS3();
    const warn = vi.fn();

    expect(await checkBucketCors({ warn })).toEqual({ status: "unknown", reason: "APP_URL is not set" });
    expect(warn.mock.calls[0]![0]).toMatch(/^Photo storage: APP_URL is not set, so the CORS rule of bucket "family-book-test" cannot be checked\./);
  });

  it("warns, and does not fail, when the bucket cannot be reached", async () => {
    useS3({ appUrl: APP_URL });
    process.env.S3_ENDPOINT = "http://127.0.0.1:9";
    resetEnvForTests();
    resetStorageForTests();
    const warn = vi.fn();

    const result = await checkBucketCors({ warn });

    expect(result.status).toBe("unknown");
    expect(warn.mock.calls[0]![0]).toMatch(/^Photo storage: could not read the CORS rules of bucket "family-book-test" \(StorageUnavailableError: /);
  });

  it("runs when the server starts, which does not wait for it or stop over it", async () => {
    useS3({ appUrl: APP_URL });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});

    const started = await startServer();

    expect(await started.bucketCors).toMatchObject({ status: "missing" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`there is no CORS rule at all; one must allow POST from ${APP_URL}`));
    vi.mocked(console.warn).mockRestore();
    vi.mocked(console.log).mockRestore();
  });
});

describe("npm run storage:cors", () => {
  it("adds the rule, keeps the bucket's other rules, and changes nothing the second time", async () => {
    const elsewhere: CORSRule = { AllowedOrigins: ["https://other.example"], AllowedMethods: ["GET"] };
    await setRules([elsewhere]);
    const settings = {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      APP_URL: `${APP_URL}/`,
    };

    const first = await runStorageCors(settings);

    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Bucket "${s3.bucket}" now lets ${APP_URL} upload photos (CORS: POST from ${APP_URL}).`);
    const rules = await readBucketCors(client, s3.bucket);
    expect(rules).toMatchObject([elsewhere, { AllowedOrigins: [APP_URL], AllowedMethods: ["POST"], MaxAgeSeconds: 3600 }]);
    useS3({ appUrl: APP_URL });
    expect(await checkBucketCors({ warn: vi.fn() })).toEqual({ status: "ok" });

    const second = await runStorageCors(settings);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Bucket "${s3.bucket}" already lets ${APP_URL} upload photos; nothing changed.`);
    expect(await readBucketCors(client, s3.bucket)).toHaveLength(2);
  });

  it("says which settings it needs", async () => {
    const result = await runStorageCors({ S3_BUCKET: s3.bucket });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain("npm run storage:cors needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, APP_URL (the same settings the app runs with).");
  });
});
