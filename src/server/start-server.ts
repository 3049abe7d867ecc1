import "server-only";
import { getDatabase } from "@/server/db/client";
import { assertConfiguration, ConfigurationError, s3Configured } from "@/server/env";
import { checkBucketCors, type BucketCorsCheck } from "./check-bucket-cors";

/** Answers once the server may take requests; the bucket's CORS check goes on in the background. */
export async function startServer(): Promise<{ bucketCors: Promise<BucketCorsCheck | null> }> {
  try {
    const env = assertConfiguration();
    const database = await getDatabase();
    const storage = s3Configured(env) ? `S3 bucket ${env.S3_BUCKET}` : "local files";
    console.log(`Family Book is ready: ${database.backend === "embedded" ? "embedded PostgreSQL (PGlite)" : "PostgreSQL"}, photos in ${storage}.`);
    // Not awaited: a slow or unreachable bucket must not hold up serving; it only warns.
    const bucketCors = checkBucketCors({ env }).catch((error) => {
      console.warn("Checking the bucket's CORS rules failed:", (error as Error).message);
      return null;
    });
    return { bucketCors };
  } catch (error) {
    console.error(error instanceof ConfigurationError ? error.message : error);
    // Serving requests without configuration or a database would only fail later, less clearly.
    process.exit(1);
  }
}
