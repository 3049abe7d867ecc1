// A real S3-compatible server (s3rver) on a loopback port, for the storage tests and the fault test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * Starts s3rver with `bucket` (and any `otherBuckets`) on `port` (0: a free one). Its files live in `directory`, which
 * outlives stop() so that a restart on the same port and folder finds the objects again; without
 * one, a temporary folder is used and removed on stop(). Resolves to
 * { port, endpoint, bucket, accessKeyId, secretAccessKey, stop() }.
 * @param {{ bucket?: string, otherBuckets?: string[], port?: number, directory?: string }} [options]
 */
export async function startS3Server({ bucket = "family-book-test", otherBuckets = [], port = 0, directory } = {}) {
  const folder = directory ?? mkdtempSync(path.join(tmpdir(), "family-book-s3-"));
  const configureBuckets = [bucket, ...otherBuckets].map((name) => ({ name }));
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory: folder, configureBuckets });
  const address = await server.run();
  let stopped = false;
  return {
    port: /** @type {number} */ (address.port),
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver's fixed development credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      if (stopped) return;
      stopped = true;
      const closing = server.close();
      // Keep-alive connections would otherwise go on serving requests after the stop.
      server.httpServer?.closeAllConnections?.();
      await closing;
      if (!directory) rmSync(folder, { recursive: true, force: true });
    },
  };
}
