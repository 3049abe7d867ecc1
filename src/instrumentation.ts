// Runs once when the server starts: checks the configuration, then opens the database
// (applying pending migrations), brings the question library up to date before the first request, and starts
// the background jobs. The worker entry (`npm run worker`) runs it too, with FAMILY_BOOK_ROLE=worker
// set by bin/family-book-server.mjs, and serves nothing.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./server/start-server");
  await startServer({ role: process.env.FAMILY_BOOK_ROLE === "worker" ? "worker" : "web" });
}
