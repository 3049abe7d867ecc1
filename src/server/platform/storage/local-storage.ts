import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as clock from "@/server/platform/clock";
import {
  assertValidKey,
  assertValidPrefix,
  type ListedObject,
  type ObjectStorage,
  type SignedUpload,
  type SignOptions,
  type UploadOptions,
} from "./object-storage";

// Objects kept as files under the data folder, served by the app itself at /api/storage/{key}
// with URLs signed like S3's: an HMAC of method, key, expiry (and, for uploads, the content type
// and the largest size the upload may have).

export type SignedRequest = {
  method: "GET" | "PUT";
  key: string;
  expires: string | null;
  signature: string | null;
  contentType?: string | null;
  /** The `max` parameter of an upload URL. */
  maxBytes?: string | null;
  /** The `name` parameter of a download URL: the name it is saved under. */
  downloadName?: string | null;
  now?: Date;
};

export type VerificationResult = { ok: true; maxBytes: number | null } | { ok: false; reason: "expired" | "invalid" };

export const LOCAL_STORAGE_ROUTE = "/api/storage";

// Beside each object: its content type, and (while it is being written) a partial file.
const TYPE_SUFFIX = ".type";
const PARTIAL_SUFFIX = ".partial";

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
    await this.putStream(key, [body], contentType);
  }

  async putFile(key: string, filePath: string, contentType: string) {
    await this.putStream(key, createReadStream(filePath), contentType);
  }

  /**
   * Writes the chunks to a partial file as they come, then renames it into place, so a reader
   * never sees half a photo. If the chunks fail (a body over its cap), nothing is left behind.
   */
  async putStream(key: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, contentType: string) {
    const file = this.filePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}${PARTIAL_SUFFIX}`;
    let size = 0;
    const counted = async function* () {
      for await (const chunk of chunks) {
        size += chunk.length;
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.from(counted(), { objectMode: false }), createWriteStream(partial));
      await writeFile(`${file}${TYPE_SUFFIX}`, contentType);
      await rename(partial, file);
      return { size };
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string) {
    const file = this.filePath(key);
    try {
      const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}${TYPE_SUFFIX}`, "utf8")]);
      return { body, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  /**
   * The object as a stream from its file (what the download route sends), or null when there is
   * none; with `range`, only those bytes (first and last included).
   */
  async open(key: string, range?: { start: number; end: number }) {
    const found = await this.head(key);
    if (!found) return null;
    return { ...found, stream: createReadStream(this.filePath(key), range) };
  }

  async openStream(key: string) {
    const object = await this.open(key);
    if (!object) return null;
    return { body: Readable.toWeb(object.stream) as ReadableStream<Uint8Array>, size: object.size, contentType: object.contentType };
  }

  async head(key: string) {
    const file = this.filePath(key);
    try {
      const [info, contentType] = await Promise.all([stat(file), readFile(`${file}${TYPE_SUFFIX}`, "utf8")]);
      return { size: info.size, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string) {
    const file = this.filePath(key);
    await Promise.all([rm(file, { force: true }), rm(`${file}${TYPE_SUFFIX}`, { force: true })]);
  }

  async *list(prefix: string): AsyncGenerator<ListedObject> {
    assertValidPrefix(prefix);
    // Walk the deepest folder the prefix names, and keep the keys that really start with it.
    const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    const start = folder ? path.join(this.root, ...folder.split("/")) : this.root;
    for await (const key of walk(start, folder)) {
      if (!key.startsWith(prefix)) continue;
      try {
        const info = await stat(path.join(this.root, ...key.split("/")));
        yield { key, size: info.size, lastModified: info.mtime };
      } catch (error) {
        // Deleted while we walked.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }

  async signedDownloadUrl(key: string, options: SignOptions) {
    assertValidKey(key);
    const expires = expiryOf(options);
    const name = options.downloadName;
    const signature = this.sign({ method: "GET", key, expires, downloadName: name });
    const named = name ? `&name=${encodeURIComponent(name)}` : "";
    return `${this.publicBaseUrl}${LOCAL_STORAGE_ROUTE}/${key}?expires=${expires}${named}&signature=${signature}`;
  }

  async signedUploadUrl(key: string, options: UploadOptions): Promise<SignedUpload> {
    assertValidKey(key);
    const expires = expiryOf(options);
    const maxBytes = Math.floor(options.maxBytes);
    const signature = this.sign({ method: "PUT", key, expires, contentType: options.contentType, maxBytes });
    return {
      url: `${this.publicBaseUrl}${LOCAL_STORAGE_ROUTE}/${key}?expires=${expires}&max=${maxBytes}&signature=${signature}`,
      method: "PUT",
      headers: { "Content-Type": options.contentType },
      fields: {},
      expiresAt: new Date(expires * 1000),
    };
  }

  verify(request: SignedRequest): VerificationResult {
    const expires = Number(request.expires);
    if (!request.signature || !Number.isInteger(expires)) return { ok: false, reason: "invalid" };
    const maxBytes = request.method === "PUT" ? Number(request.maxBytes) : null;
    if (maxBytes !== null && !(Number.isSafeInteger(maxBytes) && maxBytes > 0)) return { ok: false, reason: "invalid" };
    const expected = Buffer.from(
      this.sign({
        method: request.method,
        key: request.key,
        expires,
        contentType: request.contentType ?? undefined,
        maxBytes: maxBytes ?? undefined,
        downloadName: request.method === "GET" ? (request.downloadName ?? undefined) : undefined,
      }),
    );
    const given = Buffer.from(request.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
    const now = Math.floor((request.now ?? clock.now()).getTime() / 1000);
    if (now > expires) return { ok: false, reason: "expired" };
    return { ok: true, maxBytes };
  }

  private sign(input: { method: string; key: string; expires: number; contentType?: string; maxBytes?: number; downloadName?: string | undefined }) {
    const payload =
      input.method === "PUT"
        ? [input.method, input.key, input.expires, input.contentType ?? "", input.maxBytes ?? ""]
        : [input.method, input.key, input.expires, input.downloadName ?? ""];
    return createHmac("sha256", this.secret).update(payload.join("\n")).digest("base64url");
  }
}

function expiryOf(options: SignOptions) {
  const now = options.now ?? clock.now();
  return Math.floor(now.getTime() / 1000) + options.expiresInSeconds;
}

/** Keys of the objects under a folder (the driver's own side files left out). */
async function* walk(directory: string, keyPrefix: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(path.join(directory, entry.name), key);
    else if (entry.isFile() && !entry.name.endsWith(TYPE_SUFFIX) && !entry.name.endsWith(PARTIAL_SUFFIX)) yield key;
  }
}
