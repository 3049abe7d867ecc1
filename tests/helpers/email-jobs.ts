import { afterAll, beforeAll } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { JOBS_SCHEMA } from "@/server/jobs/job-queue";
import { jobDefinitions } from "@/server/jobs/definitions";
import { closeMailTransport } from "@/server/email/mail-transport";
import { resetEnvForTests } from "@/server/env";
import { advanceUntil, startTestQueue, TestClock } from "./jobs";
import { startSmtpServer, type RunningSmtp } from "./smtp-server";

// Workers for the app's own jobs in a test file: routes queue emails as they do in production
// (enqueueJob), and these workers send them when the test moves the queue's clock.

const EMAIL_JOBS = ["send-email", "password-reset-email", "confirmation-email", "relative-joined-emails", "weekly-question-email", "weekly-digest-email"];

/** Email jobs still waiting, retrying or running. */
async function unfinishedEmailJobs() {
  const prisma = await getDb();
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM ${Prisma.raw(`"${JOBS_SCHEMA}".job`)}
     WHERE name IN (${Prisma.join(EMAIL_JOBS)}) AND state IN ('created', 'retry', 'active')`;
  return row?.count ?? 0;
}

export async function startJobWorkers() {
  const clock = new TestClock();
  const queue = await startTestQueue({ definitions: jobDefinitions, clock });
  return {
    /** Moves the queue's clock until `done` holds (the jobs it needs have run). */
    runUntil: (done: () => boolean | Promise<boolean>) => advanceUntil(clock, done),
    /** Moves the queue's clock until every email job queued so far has finished, sent or not. */
    runUntilIdle: () => advanceUntil(clock, async () => (await unfinishedEmailJobs()) === 0),
    stop: () => queue.stop(),
  };
}

/**
 * A test file whose emails go over real SMTP to a server in the test's process, sent by the
 * app's own job workers on a clock the test moves. Call at the top of the file; read `smtp`
 * and `workers` from the returned object inside tests.
 */
export function withSmtpAndWorkers(app: string) {
  const state = {} as { smtp: RunningSmtp; workers: Awaited<ReturnType<typeof startJobWorkers>> };
  beforeAll(async () => {
    state.smtp = await startSmtpServer();
    Object.assign(process.env, { SMTP_URL: state.smtp.url, MAIL_FROM: "Family Book <hello@familybook.example>", APP_URL: app });
    resetEnvForTests();
    state.workers = await startJobWorkers();
  });
  afterAll(async () => {
    await state.workers.stop();
    for (const name of ["SMTP_URL", "MAIL_FROM", "APP_URL"]) delete process.env[name];
    resetEnvForTests();
    closeMailTransport();
    await state.smtp.close();
  });
  return state;
}
