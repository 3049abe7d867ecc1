import { sharedMemoriesReader } from "../../../../lib/shared-memories.mjs";

// What any Next.js app would pay for GET /api/memories/shared: a bare route handler running the
// very same queries as Family Book through `pg` (lib/shared-memories.mjs) against the same
// database, named by BENCH_DATABASE_URL, with the app's secret in BENCH_AUTH_SECRET.
let reader;

export async function GET(request) {
  if (!process.env.BENCH_DATABASE_URL) return Response.json({ success: false, data: null, error: "BENCH_DATABASE_URL is not set" }, { status: 500 });
  reader ??= sharedMemoriesReader({ databaseUrl: process.env.BENCH_DATABASE_URL, secret: process.env.BENCH_AUTH_SECRET ?? "" });
  const [status, body] = await reader.answer(request.headers.get("authorization"));
  return Response.json(body, { status });
}
