import { randomUUID } from "node:crypto";
import { ZodError } from "zod";
import { StorageUnavailableError } from "@/server/storage/object-storage";
import { AppError } from "./app-error";
import { failure } from "./envelope";

const DATABASE_UNAVAILABLE = "Family Book cannot reach its database right now. Please try again in a moment.";
const STORAGE_UNAVAILABLE = "Photo storage is unavailable right now. Please try again in a moment.";

/** Turns anything a handler threw into an envelope; internals never reach the client. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return failure(error.status, error.message, { fieldErrors: error.fieldErrors, headers: error.headers });
  }
  if (error instanceof ZodError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const field = issue.path.join(".") || "body";
      (fieldErrors[field] ??= []).push(issue.message);
    }
    return failure(400, error.issues[0]?.message ?? "Invalid input", { fieldErrors });
  }
  if (error instanceof StorageUnavailableError) {
    return failure(503, STORAGE_UNAVAILABLE, { headers: { "Retry-After": "5" } });
  }
  if (isDatabaseUnavailable(error)) {
    return failure(503, DATABASE_UNAVAILABLE, { headers: { "Retry-After": "5" } });
  }
  const requestId = randomUUID();
  console.error(`[request ${requestId}] unexpected error`, error);
  return failure(500, `Something went wrong on our side. Please try again. (reference ${requestId})`);
}

const unavailableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "08006", "08001", "08003"]);
const unavailablePrismaCodes = new Set(["P1001", "P1002", "P1017", "P2024"]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown };
    if (typeof candidate.code === "string" && (unavailableCodes.has(candidate.code) || unavailablePrismaCodes.has(candidate.code))) {
      return true;
    }
    if (
      typeof candidate.message === "string" &&
      /(connection terminated|connection refused|timeout exceeded when trying to connect|Can't reach database server|the database system is (starting up|shutting down))/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
