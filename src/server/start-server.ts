import "server-only";
import { getDatabase } from "@/server/db/client";
import { assertConfiguration, ConfigurationError, s3Configured } from "@/server/env";

export async function startServer() {
  try {
    const env = assertConfiguration();
    const database = await getDatabase();
    const storage = s3Configured(env) ? `S3 bucket ${env.S3_BUCKET}` : "local files";
    console.log(`Family Book is ready: ${database.backend === "embedded" ? "embedded PostgreSQL (PGlite)" : "PostgreSQL"}, photos in ${storage}.`);
  } catch (error) {
    console.error(error instanceof ConfigurationError ? error.message : error);
    // Serving requests without configuration or a database would only fail later, less clearly.
    process.exit(1);
  }
}
