import "server-only";
import { normalizeEmail, PASSWORD_RESET_SENT, type PasswordResetRequestValues } from "@/lib/schemas/auth";
import { newMessageId } from "@/server/platform/email/message-id";
import { countAndLimit } from "@/server/platform/http/rate-limit";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { passwordResetRules } from "./password-reset-limits";
import { passwordResetEmailJob } from "./send-password-reset-email";

/**
 * "Forgot your password?" (docs/product.md §4): counts the request, queues the job that emails a
 * link if an account uses the address, and answers the same either way. Nothing here looks the
 * address up, so neither the answer nor the time it takes tells who has an account.
 */
export async function requestPasswordReset({
  input,
  address,
  origin,
}: {
  input: PasswordResetRequestValues;
  address: string;
  origin: string;
}): Promise<{ message: string }> {
  await countAndLimit(passwordResetRules.requestsByAddress, address);
  await countAndLimit(passwordResetRules.requestsByAccount, normalizeEmail(input.email));
  await enqueueJob(passwordResetEmailJob, { email: input.email, messageId: newMessageId(), origin });
  return { message: PASSWORD_RESET_SENT };
}
