import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { EMAIL_TAKEN, normalizeEmail } from "@/lib/schemas/auth";
import {
  CONFIRMATION_SENT,
  EMAIL_ALREADY_CONFIRMED,
  EMAIL_CONFIRMED,
  EMAIL_LINK_EXPIRED,
  EMAIL_LINK_INVALID,
  EMAIL_LINK_OUTDATED,
  GOOGLE_ACCOUNT_EMAIL,
  SAME_EMAIL,
  WRONG_PASSWORD,
  type ChangeEmailValues,
} from "@/lib/schemas/email-address";
import type { UserDto } from "@/server/accounts/users/user-dto";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { deliverEmail, type DeliveryOutcome } from "@/server/platform/email/deliver-email";
import { newMessageId } from "@/server/platform/email/message-id";
import { AppError } from "@/server/platform/http/app-error";
import { countAndLimit, tryAgain, type RateLimitRule } from "@/server/platform/http/rate-limit";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { spendPasswordCheckTime, verifyPassword } from "./password";
import { hashToken } from "./sessions";

// Confirming that a person reads mail at their address (docs/decisions/017-verified-addresses.md):
// a link by email after registering or changing the address, a banner until it is followed, and
// no email a member may turn off goes to an address nobody confirmed.

/** How long a confirmation link works. */
export const CONFIRMATION_DAYS = 7;

export const emailAddressRules = {
  /** Confirmation emails asked for one account. */
  resendsByAccount: {
    name: "confirm-email-resend",
    limit: 5,
    windowSeconds: 60 * 60,
    message: (minutes: number) => `Too many confirmation emails asked for. ${tryAgain(minutes)}`,
  },
  /** Address changes tried by one account (each checks the password). */
  changesByAccount: {
    name: "change-email-account",
    limit: 10,
    windowSeconds: 60 * 60,
    message: (minutes: number) => `Too many attempts to change the email address. ${tryAgain(minutes)}`,
  },
} satisfies Record<string, RateLimitRule>;

export const confirmationEmailJobSchema = z.strictObject({ userId: z.uuid(), messageId: z.string(), origin: z.url() });

/**
 * Emails a confirmation link for the account's address as it is now. The token is made here, in
 * the job, so it never sits in the queue's tables; a retry of a job whose email went out sends nothing.
 */
export async function sendConfirmationEmail(job: z.output<typeof confirmationEmailJobSchema>): Promise<DeliveryOutcome | { status: "already-confirmed" }> {
  const prisma = await getDb();
  if (await prisma.emailDelivery.findUnique({ where: { message_id: job.messageId }, select: { message_id: true } })) return { status: "already-sent" };
  const user = await prisma.user.findUnique({
    where: { id: job.userId },
    select: { id: true, first_name: true, email_normalized: true, email_verified_at: true },
  });
  if (!user) return { status: "no-recipient" };
  if (user.email_verified_at) return { status: "already-confirmed" };
  const token = randomBytes(32).toString("base64url");
  await prisma.emailVerification.create({
    data: {
      user_id: user.id,
      email_normalized: user.email_normalized,
      token_hash: hashToken(token),
      expires_at: new Date(clock.now().getTime() + CONFIRMATION_DAYS * 86_400_000),
    },
  });
  return deliverEmail({
    messageId: job.messageId,
    template: "confirm-email",
    to: { userId: user.id },
    props: { firstName: user.first_name, confirmUrl: `${job.origin}/confirm-email?token=${token}`, validDays: CONFIRMATION_DAYS },
    origin: job.origin,
  });
}

export const confirmationEmailJob = defineJob({
  name: "confirmation-email",
  schema: confirmationEmailJobSchema,
  handler: async (job) => ({ status: (await sendConfirmationEmail(job)).status }),
  retryLimit: 6,
  retryBackoff: true,
  retryDelaySeconds: 15,
  expireInSeconds: 5 * 60,
});

/**
 * Queues the confirmation email. The account exists by then, so a queue that cannot be reached
 * is logged, not a failed registration: the banner's "Send the link again" asks once more.
 */
export async function queueConfirmationEmail({ userId, origin }: { userId: string; origin: string }) {
  try {
    await enqueueJob(confirmationEmailJob, { userId, messageId: newMessageId(), origin });
  } catch (error) {
    console.error(`The confirmation email for user ${userId} could not be queued:`, error);
  }
}

/** What Settings says of the address: confirmed or not, and whether Google owns it (no password to change it with). */
export async function readEmailAddress(userId: string) {
  const prisma = await getDb();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email_verified_at: true, password_hash: true } });
  return { confirmed: user.email_verified_at !== null, signsInWithGoogle: user.password_hash === null };
}

/** Whether the person confirmed their address (the banner shows until they have). */
export async function isEmailConfirmed(userId: string) {
  const prisma = await getDb();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { email_verified_at: true } });
  return Boolean(user?.email_verified_at);
}

/**
 * Following the link: confirms the address it was sent to, while the account still uses that
 * address. Works without signing in (the link is the proof); following it again says so.
 */
export async function confirmEmail({ token, now = clock.now() }: { token: string; now?: Date }): Promise<{ message: string }> {
  const refuse = (message: string) => new AppError("BAD_REQUEST", message, { token: [message] });
  const prisma = await getDb();
  const link = await prisma.emailVerification.findUnique({
    where: { token_hash: hashToken(token) },
    select: {
      id: true,
      used_at: true,
      expires_at: true,
      email_normalized: true,
      user: { select: { id: true, email_normalized: true, email_verified_at: true } },
    },
  });
  if (!link) throw refuse(EMAIL_LINK_INVALID);
  if (link.email_normalized !== link.user.email_normalized) throw refuse(EMAIL_LINK_OUTDATED);
  if (link.user.email_verified_at) return { message: EMAIL_ALREADY_CONFIRMED };
  if (link.used_at) return { message: EMAIL_ALREADY_CONFIRMED };
  if (link.expires_at <= now) throw refuse(EMAIL_LINK_EXPIRED);
  await prisma.$transaction([
    prisma.emailVerification.update({ where: { id: link.id }, data: { used_at: now } }),
    // Only while the address is still the one confirmed: a change at this moment wins.
    prisma.user.updateMany({ where: { id: link.user.id, email_normalized: link.email_normalized }, data: { email_verified_at: now } }),
  ]);
  return { message: EMAIL_CONFIRMED };
}

/** "Send the link again" on the banner: a new link for a signed-in person whose address waits. */
export async function resendConfirmationEmail({ viewer, origin }: { viewer: UserDto; origin: string }): Promise<{ message: string }> {
  if (await isEmailConfirmed(viewer.id)) return { message: EMAIL_ALREADY_CONFIRMED };
  await countAndLimit(emailAddressRules.resendsByAccount, viewer.id);
  await enqueueJob(confirmationEmailJob, { userId: viewer.id, messageId: newMessageId(), origin });
  return { message: CONFIRMATION_SENT(viewer.email) };
}

/**
 * Changing the address, from Settings: the password proves it is the person; the new address is
 * unconfirmed until its link is followed, and earlier links stop confirming anything. Accounts
 * that sign in with Google keep Google's address.
 */
export async function changeEmailAddress({
  viewer,
  input,
  origin,
}: {
  viewer: UserDto;
  input: ChangeEmailValues;
  origin: string;
}): Promise<{ email: string; message: string }> {
  await countAndLimit(emailAddressRules.changesByAccount, viewer.id);
  const prisma = await getDb();
  const account = await prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { password_hash: true, email_normalized: true } });
  if (!account.password_hash) {
    await spendPasswordCheckTime(input.password);
    throw new AppError("BAD_REQUEST", GOOGLE_ACCOUNT_EMAIL);
  }
  if (!(await verifyPassword(input.password, account.password_hash))) throw new AppError("BAD_REQUEST", WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
  const emailNormalized = normalizeEmail(input.email);
  if (emailNormalized === account.email_normalized) throw new AppError("BAD_REQUEST", SAME_EMAIL, { email: [SAME_EMAIL] });
  try {
    await prisma.user.update({ where: { id: viewer.id }, data: { email: input.email, email_normalized: emailNormalized, email_verified_at: null } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError("CONFLICT", EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
  await queueConfirmationEmail({ userId: viewer.id, origin });
  return { email: input.email, message: CONFIRMATION_SENT(input.email) };
}
