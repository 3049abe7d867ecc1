import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: s3rver ships no type declarations.
import S3rver from "s3rver";

// A real S3-compatible server on a free loopback port, for the S3 driver's tests.

export type RunningS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
};

export async function startS3Server(bucket = "family-book-test"): Promise<RunningS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "family-book-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver's fixed development credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
