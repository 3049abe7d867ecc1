import { randomUUID } from "node:crypto";
import { ZodError } from "zod";
import { StorageUnavailableError } from "@/server/platform/storage/object-storage";
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

// PostgreSQL SQLSTATEs and socket errors that mean "the server is not there (right now)":
// admin shutdown, crash shutdown, starting up, too many connections, connection failures.
const unavailableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "53300", "08006", "08001", "08003"]);
const unavailablePrismaCodes = new Set(["P1001", "P1002", "P1017", "P2024"]);
// What @prisma/adapter-pg reports (as the DriverAdapterError's cause) when a connection fails.
const unavailableAdapterKinds = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const unavailableMessage =
  /(connection terminated|connection refused|terminating connection|not queryable|timeout exceeded when trying to connect|Can't reach database server|the database system is (starting up|shutting down|in recovery mode))/i;

/**
 * True when the error (or anything it wraps) says the database cannot be reached. Errors from
 * queries through the driver adapter arrive as a PrismaClientKnownRequestError whose
 * meta.driverAdapterError holds the adapter's error, whose cause is { kind, code, originalCode }.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let visited = 0; pending.length > 0 && visited < 12; visited += 1) {
    const current = pending.shift();
    if (!current || typeof current !== "object") continue;
    const candidate = current as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: unknown };
    for (const code of [candidate.code, candidate.originalCode]) {
      if (typeof code === "string" && (unavailableCodes.has(code) || unavailablePrismaCodes.has(code))) return true;
    }
    if (typeof candidate.kind === "string" && unavailableAdapterKinds.has(candidate.kind)) return true;
    if (typeof candidate.message === "string" && unavailableMessage.test(candidate.message)) return true;
    pending.push(candidate.cause);
    if (candidate.meta && typeof candidate.meta === "object") pending.push((candidate.meta as { driverAdapterError?: unknown }).driverAdapterError);
  }
  return false;
}
