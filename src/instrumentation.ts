// Runs once when the server starts: checks the configuration, then opens the database
// (applying pending migrations and the question library) before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./server/start-server");
  await startServer();
}
