// GET|PUT /api/storage/{key} – the local storage driver's signed download and upload URLs
import { Readable } from "node:stream";
import { MAX_PHOTO_BYTES } from "@/lib/constants";
import { assertUploadPending } from "@/server/memories/assert-upload-pending";
import { now } from "@/server/platform/clock";
import { AppError } from "@/server/platform/http/app-error";
import { parseByteRange } from "@/server/platform/http/byte-range";
import { otherMethods } from "@/server/platform/http/methods";
import { readBodyChunks } from "@/server/platform/http/read-body";
import { toErrorResponse } from "@/server/platform/http/to-error-response";
import { getStorage } from "@/server/platform/storage";
import type { LocalObjectStorage } from "@/server/platform/storage/local-storage";
import { attachmentDisposition } from "@/server/platform/storage/object-storage";

const PHOTO_TOO_LARGE = "Photos can be at most 5MB.";

type Context = { params: Promise<{ key: string[] }> };

async function authorise(request: Request, context: Context, method: "GET" | "PUT") {
  const configured = getStorage();
  // Not `instanceof`: each route bundle has its own copy of the class, and the shared instance
  // may have been created by another route's bundle.
  if (configured.driver !== "local") throw new AppError("NOT_FOUND", "Not found");
  const storage = configured as LocalObjectStorage;
  const key = (await context.params).key.join("/");
  const url = new URL(request.url);
  const verdict = storage.verify({
    method,
    key,
    expires: url.searchParams.get("expires"),
    signature: url.searchParams.get("signature"),
    contentType: method === "PUT" ? request.headers.get("content-type") : null,
    maxBytes: method === "PUT" ? url.searchParams.get("max") : null,
    downloadName: method === "GET" ? url.searchParams.get("name") : null,
  });
  if (!verdict.ok) {
    throw new AppError("FORBIDDEN", verdict.reason === "expired" ? "This link has expired." : "This link is not valid.");
  }
  return {
    storage,
    key,
    expires: Number(url.searchParams.get("expires")),
    maxBytes: verdict.maxBytes ?? MAX_PHOTO_BYTES,
    downloadName: url.searchParams.get("name"),
  };
}

export async function GET(request: Request, context: Context) {
  try {
    const { storage, key, expires, downloadName } = await authorise(request, context, "GET");
    const found = await storage.head(key);
    if (!found) throw new AppError("NOT_FOUND", "Not found");
    // One byte range, as S3 serves its signed addresses: a long recording starts at once and seeks.
    // An object never changes under its key, so If-Range has nothing to compare: the whole is sent.
    const range = request.headers.has("if-range") ? null : parseByteRange(request.headers.get("range"), found.size);
    if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${found.size}`, "Accept-Ranges": "bytes" } });
    // Streamed from its file: a printed book or an export is never read whole into memory.
    const object = await storage.open(key, range ?? undefined);
    if (!object) throw new AppError("NOT_FOUND", "Not found");
    const secondsLeft = Math.max(0, expires - Math.floor(now().getTime() / 1000));
    return new Response(Readable.toWeb(object.stream) as ReadableStream<Uint8Array>, {
      status: range ? 206 : 200,
      headers: {
        "Content-Type": object.contentType,
        "Content-Length": String(range ? range.end - range.start + 1 : object.size),
        ...(range && { "Content-Range": `bytes ${range.start}-${range.end}/${object.size}` }),
        "Accept-Ranges": "bytes",
        "Cache-Control": `private, max-age=${secondsLeft}, immutable`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        ...(downloadName && { "Content-Disposition": attachmentDisposition(downloadName) }),
      },
    });
  } catch (error) {
    return toErrorResponse(error);
  }
}

export async function PUT(request: Request, context: Context) {
  try {
    const { storage, key, maxBytes } = await authorise(request, context, "PUT");
    await assertUploadPending({ key });
    // Streamed to a partial file with a hard cap, chunked or not: nothing beyond the cap is read.
    const body = readBodyChunks(request, Math.min(maxBytes, MAX_PHOTO_BYTES), PHOTO_TOO_LARGE);
    await storage.putStream(key, body, request.headers.get("content-type") ?? "application/octet-stream");
    return new Response(null, { status: 200 });
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
