// An S3-compatible server (s3rver) for the end-to-end run through S3 (playwright.config.ts):
// a bucket on S3RVER_PORT, given its CORS rule by the very command the README documents
// (`npm run storage:cors`), for APP_URL, and a second bucket without any CORS rule, as a bucket
// set up without it would be. Stops, and removes its files, when Playwright stops it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

const port = Number(process.env.S3RVER_PORT);
const bucket = process.env.S3_BUCKET ?? "family-book-e2e";
const directory = mkdtempSync(path.join(tmpdir(), "family-book-e2e-s3-"));
const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }, { name: `${bucket}-without-cors` }] });
await server.run();

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..", "..");
// Not spawnSync: s3rver runs in this process and must answer the command meanwhile.
const cors = spawn(process.execPath, [path.join(root, "scripts", "storage-cors.mjs")], {
  stdio: "inherit",
  env: {
    ...process.env,
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    // s3rver's fixed development credentials.
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  },
});
const [status] = await once(cors, "exit");
if (status !== 0) {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
  process.exit(1);
}
console.log(`s3rver for the end-to-end tests: http://127.0.0.1:${port}/${bucket}`);

async function stop() {
  await server.close().catch(() => {});
  rmSync(directory, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
