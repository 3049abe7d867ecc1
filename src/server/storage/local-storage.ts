import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rm, stat, writeFile, rename } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { assertValidKey, type ObjectStorage, type SignOptions, type SignedUpload } from "./object-storage";

// Objects kept as files under the data folder, served by the app itself at /api/storage/{key}
// with URLs signed like S3's: an HMAC of method, key, expiry (and content type for uploads).

export type SignedRequest = {
  method: "GET" | "PUT";
  key: string;
  expires: string | null;
  signature: string | null;
  contentType?: string | null;
  now?: Date;
};

export type VerificationResult = { ok: true } | { ok: false; reason: "expired" | "invalid" };

export const LOCAL_STORAGE_ROUTE = "/api/storage";

export class LocalObjectStorage implements ObjectStorage {
  readonly driver = "local" as const;

  constructor(
    private readonly root: string,
    private readonly secret: string,
    private readonly publicBaseUrl = "",
  ) {}

  private filePath(key: string) {
    assertValidKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, body: Buffer, contentType: string) {
    const file = this.filePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a photo.
    const temporary = `${file}.${randomUUID()}.partial`;
    await writeFile(temporary, body);
    await writeFile(`${file}.type`, contentType);
    await rename(temporary, file);
  }

  async get(key: string) {
    const file = this.filePath(key);
    try {
      const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, "utf8")]);
      return { body, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async head(key: string) {
    const file = this.filePath(key);
    try {
      const [info, contentType] = await Promise.all([stat(file), readFile(`${file}.type`, "utf8")]);
      return { size: info.size, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string) {
    const file = this.filePath(key);
    await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })]);
  }

  async signedDownloadUrl(key: string, options: SignOptions) {
    assertValidKey(key);
    const expires = expiryOf(options);
    const signature = this.sign({ method: "GET", key, expires });
    return `${this.publicBaseUrl}${LOCAL_STORAGE_ROUTE}/${key}?expires=${expires}&signature=${signature}`;
  }

  async signedUploadUrl(key: string, options: SignOptions & { contentType: string }): Promise<SignedUpload> {
    assertValidKey(key);
    const expires = expiryOf(options);
    const signature = this.sign({ method: "PUT", key, expires, contentType: options.contentType });
    return {
      url: `${this.publicBaseUrl}${LOCAL_STORAGE_ROUTE}/${key}?expires=${expires}&signature=${signature}`,
      method: "PUT",
      headers: { "Content-Type": options.contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  verify(request: SignedRequest): VerificationResult {
    const expires = Number(request.expires);
    if (!request.signature || !Number.isInteger(expires)) return { ok: false, reason: "invalid" };
    const expected = Buffer.from(
      this.sign({ method: request.method, key: request.key, expires, contentType: request.contentType ?? undefined }),
    );
    const given = Buffer.from(request.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
    const now = Math.floor((request.now ?? new Date()).getTime() / 1000);
    if (now > expires) return { ok: false, reason: "expired" };
    return { ok: true };
  }

  private sign(input: { method: string; key: string; expires: number; contentType?: string }) {
    const payload = [input.method, input.key, input.expires, input.method === "PUT" ? (input.contentType ?? "") : ""].join("\n");
    return createHmac("sha256", this.secret).update(payload).digest("base64url");
  }
}

function expiryOf(options: SignOptions) {
  const now = options.now ?? new Date();
  return Math.floor(now.getTime() / 1000) + options.expiresInSeconds;
}
