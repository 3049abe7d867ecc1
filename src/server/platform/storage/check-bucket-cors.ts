import "server-only";
import { getEnv, s3Configured, type Environment } from "@/server/platform/env";
import { getStorage } from "@/server/platform/storage";
import { missingCorsForUploads } from "@/server/platform/storage/bucket-cors.mjs";
import type { S3ObjectStorage } from "@/server/platform/storage/s3-storage";

// Browsers send photos straight to the bucket, so with S3 the bucket must allow the app's origin
// to POST (CORS). Nothing else would tell: the upload fails in the browser only. At start-up the
// rules are read once and whatever is missing is logged as a warning; serving goes on.

export type BucketCorsCheck = { status: "not-s3" } | { status: "ok" } | { status: "missing"; problems: string[] } | { status: "unknown"; reason: string };

const HOW_TO_FIX = 'Run "npm run storage:cors" with the same settings to add the rule, or add it yourself (README, "Photos on S3").';

export async function checkBucketCors({
  env = getEnv(),
  warn = (message: string) => console.warn(message),
}: { env?: Environment; warn?: (message: string) => void } = {}): Promise<BucketCorsCheck> {
  if (!s3Configured(env)) return { status: "not-s3" };
  const bucket = env.S3_BUCKET!;
  if (!env.APP_URL) {
    const reason = "APP_URL is not set";
    warn(
      `Photo storage: APP_URL is not set, so the CORS rule of bucket "${bucket}" cannot be checked. Browsers upload photos straight ` +
        `to the bucket from the address people use, and the bucket must allow that origin to POST. Set APP_URL (e.g. https://familybook.example). ${HOW_TO_FIX}`,
    );
    return { status: "unknown", reason };
  }
  const origin = new URL(env.APP_URL).origin;
  const storage = getStorage();
  if (storage.driver !== "s3") return { status: "not-s3" };
  let rules;
  try {
    rules = await (storage as S3ObjectStorage).corsRules();
  } catch (error) {
    const reason = `${(error as Error).name}: ${(error as Error).message}`;
    warn(
      `Photo storage: could not read the CORS rules of bucket "${bucket}" (${reason}). Browsers can upload photos only if ` +
        `a rule allows POST from ${origin}. ${HOW_TO_FIX}`,
    );
    return { status: "unknown", reason };
  }
  const problems = missingCorsForUploads(rules, origin);
  if (problems.length === 0) return { status: "ok" };
  warn(`Photo uploads from browsers will fail: in the CORS configuration of bucket "${bucket}", ${problems.join("; ")}. ${HOW_TO_FIX}`);
  return { status: "missing", problems };
}
