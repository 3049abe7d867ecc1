// The production entry point, copied beside Next's standalone server.js by the build
// (scripts/start.mjs) and started by `npm start`: Next's own server, with the address of the
// connection each request arrived on recorded in a header that only this entry can set. Next
// passes a client's own X-Forwarded-For through untouched, so without this the app could not
// tell a connection's real address from one the client wrote (docs/decisions/009-client-addresses.md).
import http from "node:http";

export const PEER_ADDRESS_HEADER = "x-family-book-peer-address";

const createServer = http.createServer;
http.createServer = function createServerRecordingPeerAddresses(...args) {
  const server = createServer.apply(this, args);
  server.prependListener("request", (request) => {
    // Overwrites anything the client sent under the same name.
    request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  });
  return server;
};

await import("./server.js");
