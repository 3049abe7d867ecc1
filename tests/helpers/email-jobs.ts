import { afterAll, beforeAll } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { jobDefinitions, type JobName } from "@/server/job-list";
import { setClock } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { closeMailTransport } from "@/server/platform/email/mail-transport";
import { resetEnvForTests } from "@/server/platform/env";
import { JOBS_SCHEMA, type JobQueue } from "@/server/platform/jobs/job-queue";
import { startInboundSmtp, type InboundSmtp } from "@/server/questions/weekly-email-replies/inbound-smtp";
import { advanceUntil, startTestQueue, TestClock } from "./jobs";
import { INBOUND_TEST_DOMAIN, INBOUND_TEST_SECRET } from "./replies";
import { startSmtpServer, type RunningSmtp } from "./smtp-server";

// Workers for the app's own jobs in a test file: routes queue emails as they do in production
// (enqueueJob), and these workers send them when the test moves the queue's clock.

const EMAIL_JOBS = ["send-email", "password-reset-email", "confirmation-email", "relative-joined-emails", "weekly-question-email", "weekly-digest-email"];

/** Email jobs (or the named ones) still waiting, retrying or running. */
async function unfinishedEmailJobs(names: readonly string[] = EMAIL_JOBS) {
  const prisma = await getDb();
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM ${Prisma.raw(`"${JOBS_SCHEMA}".job`)}
     WHERE name IN (${Prisma.join(names)}) AND state IN ('created', 'retry', 'active')`;
  return row?.count ?? 0;
}

const appQueue = globalThis as typeof globalThis & { __familyBookJobs?: Promise<JobQueue> };

export async function startJobWorkers() {
  const clock = new TestClock();
  const queue = await startTestQueue({ definitions: jobDefinitions, clock });
  // The app sends its jobs on the workers' clock too: a job due "in a minute" is due a minute of
  // this clock later. Sent on the system's clock, it would look long due to workers whose clock
  // the test has already moved on (on PostgreSQL, where every connection keeps its own time).
  await (await appQueue.__familyBookJobs)?.stop();
  const sender = await startTestQueue({ definitions: jobDefinitions, clock, workers: false });
  appQueue.__familyBookJobs = Promise.resolve(sender);
  return {
    /** Moves the queue's clock until `done` holds (the jobs it needs have run). */
    runUntil: (done: () => boolean | Promise<boolean>) => advanceUntil(clock, done, { queues: [queue] }),
    /** Moves the queue's clock until every email job queued so far has finished, sent or not. */
    runUntilIdle: () => advanceUntil(clock, async () => (await unfinishedEmailJobs()) === 0, { queues: [queue] }),
    async stop() {
      if (appQueue.__familyBookJobs && (await appQueue.__familyBookJobs) === sender) appQueue.__familyBookJobs = undefined;
      await sender.stop();
      await queue.stop();
    },
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

/**
 * A test file that simulates weeks on one clock the test moves: the app's clock and the job
 * queues' are `clock`. Two queues work `emailJob` and send-email side by side, as two instances
 * would, and the app sends its jobs through a third queue on the same clock (on PostgreSQL each
 * connection keeps its own time, and jobs sent on the real one would look long expired to these
 * workers). Only those email jobs run: the test runs its scheduler itself, and housekeeping would
 * judge the file's sessions by the simulated clock. Emails go over real SMTP to a server in the
 * test's process. Call at the top of the file.
 */
export function withSimulatedInstances(app: string, clock: TestClock, emailJob: JobName | readonly JobName[], { inbound = false }: { inbound?: boolean } = {}) {
  const emailJobs: readonly JobName[] = typeof emailJob === "string" ? [emailJob] : emailJob;
  const definitions = jobDefinitions.filter((definition) => definition.name === "send-email" || emailJobs.includes(definition.name));
  const state = {} as { smtp: RunningSmtp; inbound: InboundSmtp | null };
  let queues: JobQueue[] = [];
  beforeAll(async () => {
    state.smtp = await startSmtpServer();
    Object.assign(process.env, { SMTP_URL: state.smtp.url, MAIL_FROM: "Family Book <hello@familybook.example>", APP_URL: app });
    // Replies by email: the reply addresses' domain, the endpoint's secret, and the app's own SMTP listener on a free port.
    if (inbound) Object.assign(process.env, { INBOUND_DOMAIN: INBOUND_TEST_DOMAIN, INBOUND_EMAIL_SECRET: INBOUND_TEST_SECRET });
    resetEnvForTests();
    state.inbound = inbound ? await startInboundSmtp({ port: 0, host: "127.0.0.1", domain: INBOUND_TEST_DOMAIN }) : null;
    setClock(clock);
    const sender = await startTestQueue({ definitions: jobDefinitions, clock, workers: false });
    queues = [await startTestQueue({ definitions, clock }), await startTestQueue({ definitions, clock }), sender];
    appQueue.__familyBookJobs = Promise.resolve(sender);
  });
  afterAll(async () => {
    appQueue.__familyBookJobs = undefined;
    for (const queue of queues) await queue.stop();
    setClock();
    await state.inbound?.close();
    for (const name of ["SMTP_URL", "MAIL_FROM", "APP_URL", "INBOUND_DOMAIN", "INBOUND_EMAIL_SECRET"]) delete process.env[name];
    resetEnvForTests();
    closeMailTransport();
    await state.smtp.close();
  });
  return {
    get smtp() {
      return state.smtp;
    },
    /** The port of the app's SMTP listener for replies (with `inbound`). */
    get inboundPort() {
      if (!state.inbound) throw new Error("Started without inbound: true");
      return state.inbound.port;
    },
    /** Moves the clock until every email job queued so far has finished on the two instances. */
    runEmailJobs: () =>
      advanceUntil(clock, async () => (await unfinishedEmailJobs(definitions.map(({ name }) => name))) === 0, { queues, withinMs: 5 * 60_000 }),
  };
}
