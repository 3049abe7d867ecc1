// The production entry point, copied beside Next's standalone server.js by the build
// (bin/start.mjs) and started by `npm start`: Next's own server, with the address of the
// connection each request arrived on recorded in a header that only this entry can set. Next
// passes a client's own X-Forwarded-For through untouched, so without this the app could not
// tell a connection's real address from one the client wrote (docs/decisions/009-client-addresses.md).
//
// With --worker (`npm run worker`) it serves nothing: it runs the build's start-up hook (the
// instrumentation, which opens the database) as a worker that only runs background jobs
// (docs/decisions/012-jobs.md), from the very same build as the web instances.
import { readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PEER_ADDRESS_HEADER = "x-family-book-peer-address";

/** How long an idle kept-alive connection stays open (Next's own KEEP_ALIVE_TIMEOUT, when set, wins). */
const KEEP_ALIVE_MS = 65_000;

/** How long a closing connection goes on reading (and dropping) what the client still sends. */
const LINGER_MS = 3_000;

if (process.argv.includes("--worker")) {
  await startWorker();
} else {
  const servers = [];
  const createServer = http.createServer;
  http.createServer = function createServerRecordingPeerAddresses(...args) {
    const server = createServer.apply(this, args);
    server.prependListener("request", (request) => {
      // Overwrites anything the client sent under the same name.
      request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    });
    server.on("connection", lingerBeforeClosing);
    // An idle kept-alive connection is closed by the server after this long. Node's 5 s let a client
    // that reused one at that very moment have its request reset; clients and load balancers keep
    // theirs up to a minute, so the server keeps them a little longer than that.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    servers.push(server);
    return server;
  };
  // Next would exit at once on SIGTERM; this entry stops the instance in order instead.
  process.env.NEXT_MANUAL_SIG_HANDLE = "true";
  stopOnSignals(servers);
  // @ts-expect-error -- Next's standalone server.js: beside this file once built, never in bin/
  await import("./server.js");
}

/**
 * A refused body (413, docs/decisions/007-bounded-requests.md) is answered before it has arrived,
 * with `Connection: close`. Node then closes the socket as soon as the answer is written; the bytes
 * still arriving make the kernel reset the connection, and a reset throws away the answer the client
 * had not read yet — a browser shows "connection reset" instead of the message. Like nginx's
 * lingering close, the socket is half-closed and goes on reading and dropping what arrives until the
 * client closes its side, for 3 s at most.
 */
function lingerBeforeClosing(socket) {
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function lingeringDestroySoon() {
    if (this.readableEnded || this.destroyed) return destroySoon.call(this);
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once("end", () => this.destroy());
    this.once("close", () => clearTimeout(timer));
    this.resume();
  };
}

/** How long requests under way get to finish once the instance is told to stop. */
const REQUESTS_GRACE_MS = 5_000;

/**
 * A stopped web instance (a deployment, Ctrl-C) takes no new requests, lets those under way finish
 * (5 s at most), lets its workers finish the jobs in hand, closes the database and exits — so no
 * answer is cut off, no job runs twice needlessly and the embedded database is closed cleanly.
 */
function stopOnSignals(servers) {
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`Family Book is stopping (${signal}): finishing the requests and jobs in hand.`);
    try {
      const closed = Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve()))));
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, REQUESTS_GRACE_MS).unref())]);
      for (const server of servers) server.closeAllConnections();
      await globalThis[Symbol.for("family-book.shutdown")]?.();
      process.exit(0);
    } catch (error) {
      console.error("Family Book could not stop cleanly:", error);
      process.exit(1);
    }
  };
  // Kept for the whole shutdown: with no listener left, a second signal would end the process at once.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/** What server.js does before it listens (the build's configuration, the working folder), then the start-up hook alone. */
async function startWorker() {
  const folder = path.dirname(fileURLToPath(import.meta.url));
  Object.assign(process.env, { NODE_ENV: "production", FAMILY_BOOK_ROLE: "worker" });
  process.chdir(folder);
  const { config } = JSON.parse(readFileSync(path.join(folder, ".next", "required-server-files.json"), "utf8"));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  const require = createRequire(import.meta.url);
  require("next");
  // Loading Next's server sets up the process as the web server has it (AsyncLocalStorage on
  // globalThis, its console and error handling), which the app's modules expect; nothing listens.
  require("next/dist/server/next-server.js");
  const { ensureInstrumentationRegistered } = require("next/dist/server/lib/router-utils/instrumentation-globals.external.js");
  await ensureInstrumentationRegistered(folder, config.distDir);
}
