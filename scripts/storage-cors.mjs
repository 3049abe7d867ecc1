// npm run storage:cors: gives the photo bucket the CORS rule browsers need to upload photos to it
// straight from Family Book (POST from APP_URL's origin), keeping any rules it has for other sites.
// It reads the same settings as the app: S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID,
// S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE and APP_URL. The credentials need s3:GetBucketCORS and
// s3:PutBucketCORS (the app itself only needs GetBucketCORS, for its start-up check).
import { S3Client } from "@aws-sdk/client-s3";
import { applyUploadCors, s3ClientConfig } from "../src/server/platform/storage/bucket-cors.mjs";

const setting = (name) => process.env[name]?.trim() || undefined;

const missing = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "APP_URL"].filter((name) => !setting(name));
if (missing.length > 0) {
  console.error(`npm run storage:cors needs ${missing.join(", ")} (the same settings the app runs with).`);
  process.exit(2);
}

let origin;
try {
  origin = new URL(setting("APP_URL")).origin;
} catch {
  console.error(`APP_URL must be a URL, e.g. https://familybook.example (it is "${setting("APP_URL")}").`);
  process.exit(2);
}

const bucket = setting("S3_BUCKET");
const client = new S3Client(
  s3ClientConfig({
    region: setting("S3_REGION") ?? "us-east-1",
    endpoint: setting("S3_ENDPOINT"),
    accessKeyId: setting("S3_ACCESS_KEY_ID"),
    secretAccessKey: setting("S3_SECRET_ACCESS_KEY"),
    forcePathStyle: ["1", "true"].includes(setting("S3_FORCE_PATH_STYLE") ?? "") || undefined,
  }),
);

try {
  const { changed, rules } = await applyUploadCors({ client, bucket, origin });
  console.log(
    changed
      ? `Bucket "${bucket}" now lets ${origin} upload photos (CORS: POST from ${origin}). Its CORS rules:`
      : `Bucket "${bucket}" already lets ${origin} upload photos; nothing changed. Its CORS rules:`,
  );
  console.log(JSON.stringify(rules, null, 2));
} catch (error) {
  console.error(`Could not set the CORS rules of bucket "${bucket}": ${error.name}: ${error.message}`);
  process.exit(1);
} finally {
  client.destroy();
}
