// @ts-check
import { GetBucketCorsCommand, PutBucketCorsCommand, S3ServiceException } from "@aws-sdk/client-s3";

// Browsers send photos straight to the bucket (a presigned POST from the app's origin), so the
// bucket needs a CORS rule that lets that origin POST; without one the browser blocks the upload.
// One home for that rule, shared by the S3 driver, the start-up check (check-bucket-cors.ts) and
// `npm run storage:cors` (scripts/storage-cors.mjs), which is why this file is plain JavaScript.
// See docs/decisions/002-photo-storage.md.

/** @typedef {import("@aws-sdk/client-s3").CORSRule} CORSRule */
/** @typedef {import("@aws-sdk/client-s3").S3Client} S3Client */
/** @typedef {import("@aws-sdk/client-s3").S3ClientConfig} S3ClientConfig */

/**
 * What an upload needs: the multipart form's content type is one a browser may send across
 * origins without asking, so no request header has to be allowed, only the method. (The upload
 * still asks first, because it reports its progress.)
 */
export const UPLOAD_CORS_METHODS = ["POST"];

/**
 * @param {{ region: string; endpoint?: string; accessKeyId: string; secretAccessKey: string; forcePathStyle?: boolean }} options
 * @returns {S3ClientConfig}
 */
export function s3ClientConfig(options) {
  return {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Without these the SDK signs a checksum of an empty body into presigned URLs.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
  };
}

/**
 * The rule Family Book needs on its bucket, for the app's public origin (APP_URL).
 * @param {string} origin
 * @returns {CORSRule}
 */
export function uploadCorsRule(origin) {
  return { AllowedOrigins: [origin], AllowedMethods: [...UPLOAD_CORS_METHODS], MaxAgeSeconds: 3600 };
}

/**
 * S3's matching: an allowed origin may hold one "*" standing for any characters.
 * @param {string} pattern
 * @param {string} origin
 */
function originMatches(pattern, origin) {
  const [head = "", ...rest] = pattern.toLowerCase().split("*");
  const value = origin.toLowerCase();
  if (rest.length === 0) return head === value;
  const tail = rest.join("*");
  return value.length >= head.length + tail.length && value.startsWith(head) && value.endsWith(tail);
}

/**
 * What the bucket's CORS rules lack for uploads from this origin, in words; empty when nothing.
 * @param {CORSRule[]} rules
 * @param {string} origin
 * @returns {string[]}
 */
export function missingCorsForUploads(rules, origin) {
  if (rules.length === 0) return [`there is no CORS rule at all; one must allow ${UPLOAD_CORS_METHODS.join(", ")} from ${origin}`];
  const forOrigin = rules.filter((rule) => (rule.AllowedOrigins ?? []).some((pattern) => originMatches(pattern, origin)));
  if (forOrigin.length === 0) return [`no CORS rule allows the origin ${origin}`];
  const missingMethods = UPLOAD_CORS_METHODS.filter(
    (method) => !forOrigin.some((rule) => (rule.AllowedMethods ?? []).some((allowed) => allowed.toUpperCase() === method)),
  );
  return missingMethods.map((method) => `no CORS rule for ${origin} allows the method ${method}`);
}

/**
 * The bucket's CORS rules; none (not an error) when it has no CORS configuration.
 * @param {S3Client} client
 * @param {string} bucket
 * @returns {Promise<CORSRule[]>}
 */
export async function readBucketCors(client, bucket) {
  try {
    const result = await client.send(new GetBucketCorsCommand({ Bucket: bucket }));
    return result.CORSRules ?? [];
  } catch (error) {
    if (error instanceof S3ServiceException && error.name === "NoSuchCORSConfiguration") return [];
    throw error;
  }
}

/**
 * Adds Family Book's rule to the bucket unless its rules already allow uploads from the origin.
 * Rules the bucket has for other sites are kept.
 * @param {{ client: S3Client; bucket: string; origin: string }} options
 * @returns {Promise<{ changed: boolean; rules: CORSRule[] }>}
 */
export async function applyUploadCors({ client, bucket, origin }) {
  const existing = await readBucketCors(client, bucket);
  if (missingCorsForUploads(existing, origin).length === 0) return { changed: false, rules: existing };
  const rules = [...existing, uploadCorsRule(origin)];
  await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: rules } }));
  return { changed: true, rules };
}
