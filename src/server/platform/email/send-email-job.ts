import "server-only";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { deliverEmail, emailJobSchema } from "./deliver-email";

// Every email goes out through this job (docs/decisions/013-email.md), never inside a request;
// queueEmail (queue-email.ts) sends it. The job's key is the email's Message-ID: the queue never
// holds two waiting copies of one email ("stately"), and a copy that runs after the first was
// accepted finds its delivery and sends nothing.

export const sendEmailJob = defineJob({
  name: "send-email",
  schema: emailJobSchema,
  handler: async (job) => ({ status: (await deliverEmail(job)).status }),
  // A mail server that is down for a while: waits of 30 s, 1 min, 2 min… up to about two hours in all.
  retryLimit: 8,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: "stately",
});
