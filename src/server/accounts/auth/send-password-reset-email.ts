import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { normalizeEmail } from "@/lib/schemas/auth";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { deliverEmail, type DeliveryOutcome } from "@/server/platform/email/deliver-email";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { hashToken } from "./sessions";

/** How long a reset link works. */
export const PASSWORD_RESET_MINUTES = 60;

export const passwordResetEmailJobSchema = z.strictObject({
  /** As typed in the form; whether an account uses it is only looked up here, in the job. */
  email: z.string().max(254),
  messageId: z.string(),
  origin: z.url(),
});

export type PasswordResetEmailJob = z.output<typeof passwordResetEmailJobSchema>;

/**
 * The work behind "Forgot your password?", run as a job (docs/decisions/013-email.md): when an
 * account uses the address, a new single-use link is made (only its token's SHA-256 is kept)
 * and emailed. The request itself did the same work either way (count, queue, answer), so
 * neither its answer nor its timing says whether the address has an account. The token is made
 * here rather than in the request so that it never sits in the queue's tables.
 */
export async function sendPasswordResetEmail(job: PasswordResetEmailJob): Promise<DeliveryOutcome | { status: "no-account" }> {
  const prisma = await getDb();
  // A retry of a job whose email went out must not make (and send) a second link.
  if (await prisma.emailDelivery.findUnique({ where: { message_id: job.messageId }, select: { message_id: true } })) return { status: "already-sent" };
  const user = await prisma.user.findUnique({ where: { email_normalized: normalizeEmail(job.email) }, select: { id: true, first_name: true } });
  if (!user) return { status: "no-account" };

  const token = randomBytes(32).toString("base64url");
  await prisma.passwordReset.create({
    data: { user_id: user.id, token_hash: hashToken(token), expires_at: new Date(now().getTime() + PASSWORD_RESET_MINUTES * 60_000) },
  });
  return deliverEmail({
    messageId: job.messageId,
    template: "password-reset",
    to: { userId: user.id },
    props: { firstName: user.first_name, resetUrl: `${job.origin}/reset-password?token=${token}`, validMinutes: PASSWORD_RESET_MINUTES },
    origin: job.origin,
  });
}

export const passwordResetEmailJob = defineJob({
  name: "password-reset-email",
  schema: passwordResetEmailJobSchema,
  handler: async (job) => ({ status: (await sendPasswordResetEmail(job)).status }),
  // Someone is waiting for this one: tried again within seconds, then less often, for about an hour.
  retryLimit: 6,
  retryBackoff: true,
  retryDelaySeconds: 15,
  expireInSeconds: 5 * 60,
});
