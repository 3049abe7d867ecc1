import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { residentKb, startApp } from "../../scripts/lib/app-server.mjs";

// The built app as `npm start` runs it, for the server tests: a data folder of its own, and the
// test file's throwaway database on the run's PostgreSQL (tests/setup/test-environment.ts).

export type TestApp = Awaited<ReturnType<typeof startApp>> & { residentMb(): number; close(): Promise<void> };

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "family-book-server-test-"));
  const app = await startApp({
    label: "test app",
    env: {
      DATA_DIR: dataDirectory,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      DATABASE_URL: process.env.DATABASE_URL,
      ...env,
    },
  });
  return Object.assign(app, {
    residentMb: () => residentKb(app.child.pid!) / 1024,
    async close() {
      await app.stop();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  });
}

/** A request of its own connection (no keep-alive pool), from `localAddress` when given. */
function requestOptions(
  url: string,
  { method, localAddress, headers }: { method: string; localAddress?: string; headers: Record<string, string> },
): http.RequestOptions {
  const target = new URL(url);
  return { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method, localAddress, agent: false, headers };
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; bytesSent: number };

/**
 * Sends a request whose body is `totalBytes` of filler produced as it goes (never held whole),
 * with a Content-Length or chunked, and resolves with the answer as soon as it arrives, whether
 * or not the server read the rest. `localAddress` picks the loopback address to connect from.
 */
type SendBodyOptions = { method?: string; headers?: Record<string, string>; totalBytes: number; chunked?: boolean; prefix?: string; localAddress?: string };

export function sendBody(
  url: string,
  { method = "POST", headers = {}, totalBytes, chunked = false, prefix = "", localAddress }: SendBodyOptions,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      requestOptions(url, {
        method,
        localAddress,
        headers: { ...headers, ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(totalBytes) }) },
      }),
    );
    let bytesSent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString("utf8"), bytesSent });
        request.destroy();
      });
      response.on("error", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString("utf8"), bytesSent }),
      );
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      // The server half-closes the connection as it refuses: a write can fail (EPIPE) just before
      // its answer is read from the same socket. Give that answer a moment to arrive.
      if (error.code === "EPIPE" || error.code === "ECONNRESET") setTimeout(() => answered || reject(error), 2_000);
      else reject(error);
    });
    const filler = Buffer.alloc(64 * 1024, 0x61);
    const head = Buffer.from(prefix);
    const write = () => {
      while (!answered && bytesSent < totalBytes) {
        const piece =
          bytesSent === 0 && head.length
            ? Buffer.concat([head, filler]).subarray(0, Math.min(totalBytes, head.length + filler.length))
            : filler.subarray(0, Math.min(filler.length, totalBytes - bytesSent));
        bytesSent += piece.length;
        if (!request.write(piece)) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

/** A JSON request from a chosen loopback address, answered as { status, body }. */
export function requestFrom(
  url: string,
  { method = "POST", json, headers = {}, localAddress }: { method?: string; json?: unknown; headers?: Record<string, string>; localAddress?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: { success: boolean; data: Record<string, unknown> | null; error: string | null } }> {
  return new Promise((resolve, reject) => {
    const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const request = http.request(
      requestOptions(url, {
        method,
        localAddress,
        headers: { ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}), ...headers },
      }),
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => {
          const text = Buffer.concat(parts).toString("utf8");
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : null });
        });
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
