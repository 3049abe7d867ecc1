import { readFileSync } from "node:fs";

// The framework's floor for GET /api/memories/shared: a bare Next.js route handler answering the
// same JSON as Family Book (captured by the benchmark into BENCH_SHARED_BODY) after the same kind
// of bearer check, with no database. Measured beside the app and the raw baseline.
const body = process.env.BENCH_SHARED_BODY
  ? JSON.parse(readFileSync(process.env.BENCH_SHARED_BODY, "utf8"))
  : { success: true, data: { memories: [], next_cursor: null }, error: null };

export function GET(request) {
  if (!/^Bearer \S+$/.test(request.headers.get("authorization") ?? "")) {
    return Response.json({ success: false, data: null, error: "Please sign in to continue." }, { status: 401 });
  }
  return Response.json(body);
}
