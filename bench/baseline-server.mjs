// The baseline for GET /api/memories/shared: plain node:http and pg, no framework, answering the
// same first page with the same JSON shape and the same bearer check against the same database
// (bench/bare-next/lib/shared-memories.mjs). Family Book's throughput is reported as a ratio to
// this one, measured in the same run.
import { createServer } from "node:http";
import { sharedMemoriesReader } from "./bare-next/lib/shared-memories.mjs";

const [databaseUrl, port, secret] = process.argv.slice(2);
const reader = sharedMemoriesReader({ databaseUrl, secret });

createServer(async (request, response) => {
  const [status, body] = await reader.answer(request.headers.authorization);
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}).listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
