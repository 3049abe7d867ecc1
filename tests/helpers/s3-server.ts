import { startS3Server } from "../../scripts/lib/s3-server.mjs";

// A real S3-compatible server on a free loopback port, for the S3 driver's tests.

export { startS3Server };
export type RunningS3 = Awaited<ReturnType<typeof startS3Server>>;

/** The app's S3 settings for the running server, as a deployment sets them. */
export function s3Settings(s3: RunningS3) {
  return {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_REGION: "us-east-1",
  };
}
