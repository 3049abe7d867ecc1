import "server-only";
import { jobDefinitions } from "@/server/job-list";
import { closeDatabase, getDatabase } from "@/server/platform/db/client";
import { assertConfiguration, ConfigurationError, s3Configured } from "@/server/platform/env";
import { startJobs, stopJobs } from "@/server/platform/jobs/queue";
import { checkBucketCors, type BucketCorsCheck } from "@/server/platform/storage/check-bucket-cors";
import { seedQuestionLibrary } from "@/server/questions/questionnaires/seed-question-library";
import { startInboundSmtp, type InboundSmtp } from "@/server/questions/weekly-email-replies/inbound-smtp";

/**
 * "web": the app (`npm start`), which also runs background jobs unless WORKERS=false.
 * "worker": `npm run worker`, the same build serving nothing and running background jobs only.
 */
export type ServerRole = "web" | "worker";

/** Answers once the server may take requests; the bucket's CORS check goes on in the background. */
export async function startServer({ role = "web" }: { role?: ServerRole } = {}): Promise<{ bucketCors: Promise<BucketCorsCheck | null> }> {
  try {
    const env = assertConfiguration();
    const database = await getDatabase();
    // The built-in questionnaires as this version has them, before the first request asks for one.
    await seedQuestionLibrary(database.prisma);
    const workers = role === "worker" || env.WORKERS;
    await startJobs({ workers, definitions: jobDefinitions });
    // Replies to weekly questions by SMTP (docs/decisions/022-answers-by-reply.md), where this process is told to listen.
    if (env.INBOUND_SMTP_PORT) {
      inboundSmtp = await startInboundSmtp({ port: env.INBOUND_SMTP_PORT, domain: env.INBOUND_DOMAIN });
      console.log(
        `Family Book takes replies by SMTP on port ${inboundSmtp.port}${env.INBOUND_DOMAIN ? ` for answers+…@${env.INBOUND_DOMAIN}` : " (no INBOUND_DOMAIN: every address is refused)"}.`,
      );
    }
    registerShutdown();
    const storage = s3Configured(env) ? `S3 bucket ${env.S3_BUCKET}` : "local files";
    const backend = env.EMBEDDED_DATABASE ? "embedded PostgreSQL" : "PostgreSQL";
    if (role === "worker") {
      // Before it says it is ready: a supervisor may stop it the moment it reads that line, and a
      // SIGTERM with no listener yet would end the process at once, in the middle of its work.
      stopOnSignals();
      console.log(`Family Book worker is ready: ${backend}, photos in ${storage}, running background jobs.`);
      return { bucketCors: Promise.resolve(null) };
    }
    const jobs = workers ? "background jobs run here" : "background jobs run elsewhere (WORKERS=false)";
    console.log(`Family Book is ready: ${backend}, photos in ${storage}, ${jobs}.`);
    // Not awaited: a slow or unreachable bucket must not hold up serving; it only warns.
    const bucketCors = checkBucketCors({ env }).catch((error) => {
      console.warn("Checking the bucket's CORS rules failed:", (error as Error).message);
      return null;
    });
    return { bucketCors };
  } catch (error) {
    console.error(error instanceof ConfigurationError ? error.message : error);
    // Serving requests without configuration or a database would only fail later, less clearly.
    process.exit(1);
  }
}

/**
 * What every instance does last when it is stopped: the queue finishes the jobs in hand (10 s at
 * most; what is still running then is retried by another instance), then the database closes.
 * The web entry (bin/family-book-server.mjs) calls it once it has stopped taking requests.
 */
export const SHUTDOWN = Symbol.for("family-book.shutdown");

let inboundSmtp: InboundSmtp | null = null;

/** Stops taking replies by SMTP (the messages under way are finished first). */
async function stopInboundSmtp() {
  const listener = inboundSmtp;
  inboundSmtp = null;
  await listener?.close();
}

function registerShutdown() {
  (globalThis as { [SHUTDOWN]?: () => Promise<void> })[SHUTDOWN] = () =>
    stopInboundSmtp()
      .then(() => stopJobs())
      .then(() => closeDatabase());
}

/** A worker stopped by its supervisor finishes the jobs in hand, closes the database and exits. */
function stopOnSignals() {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Family Book worker is stopping (${signal}): finishing the jobs in hand.`);
    stopInboundSmtp()
      .then(() => stopJobs())
      .then(() => closeDatabase())
      .then(
        () => process.exit(0),
        (error) => {
          console.error("Family Book worker could not stop cleanly:", error);
          process.exit(1);
        },
      );
  };
  // Kept for the whole shutdown: with no listener left, a second signal would end the process at once.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
