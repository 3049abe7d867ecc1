import "server-only";
import path from "node:path";
import { dataDirectory, getAuthSecret, getEnv, s3Configured } from "@/server/platform/env";
import { LocalObjectStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";
import { S3ObjectStorage } from "./s3-storage";

const registry = globalThis as typeof globalThis & { __familyBookStorage?: ObjectStorage };

/** Photo storage: S3 when S3_BUCKET is set, otherwise files under the data folder. */
export function getStorage(): ObjectStorage {
  if (!registry.__familyBookStorage) {
    const env = getEnv();
    registry.__familyBookStorage = s3Configured(env)
      ? new S3ObjectStorage({
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
          forcePathStyle: env.S3_FORCE_PATH_STYLE || undefined,
        })
      : new LocalObjectStorage(path.join(dataDirectory(env), "objects"), getAuthSecret(env));
  }
  return registry.__familyBookStorage;
}

export function resetStorageForTests() {
  registry.__familyBookStorage = undefined;
}
