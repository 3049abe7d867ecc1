// An S3-compatible server (s3rver) for the end-to-end run through S3 (playwright.config.ts):
// a bucket on S3RVER_PORT, given its CORS rule by the very command the README documents
// (`npm run storage:cors`), for APP_URL, and a second bucket without any CORS rule, as a bucket
// set up without it would be. Stops, and removes its files, when Playwright stops it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { startS3Server } from "../../../scripts/lib/s3-server.mjs";

const bucket = process.env.S3_BUCKET ?? "family-book-e2e";
const s3 = await startS3Server({ bucket, otherBuckets: [`${bucket}-without-cors`], port: Number(process.env.S3RVER_PORT) });

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..", "..");
// Not spawnSync: s3rver runs in this process and must answer the command meanwhile.
const cors = spawn(process.execPath, [path.join(root, "scripts", "storage-cors.mjs")], {
  stdio: "inherit",
  env: { ...process.env, S3_BUCKET: bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
});
const [status] = await once(cors, "exit");
if (status !== 0) {
  await s3.stop();
  process.exit(1);
}
console.log(`s3rver for the end-to-end tests: ${s3.endpoint}/${bucket}`);

async function stop() {
  await s3.stop().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
