import "server-only";
import { tryAgain, type RateLimitRule } from "@/server/platform/http/rate-limit";

// How often a password reset may be asked for and tried (docs/decisions/013-email.md), on the
// counters of docs/decisions/010-sign-in-throttling.md. Requests are counted per address asked
// about whether or not it has an account, so a refusal says nothing about which addresses do.

const requestMessage = (minutes: number) => `Too many password reset emails asked for. ${tryAgain(minutes)}`;
const confirmMessage = (minutes: number) => `Too many attempts to choose a new password. ${tryAgain(minutes)}`;

export const passwordResetRules = {
  /** Reset emails asked for from one place, whichever addresses. */
  requestsByAddress: { name: "reset-request-address", limit: 20, windowSeconds: 60 * 60, message: requestMessage },
  /** Reset emails asked for one email address: its inbox is not flooded. */
  requestsByAccount: { name: "reset-request-account", limit: 5, windowSeconds: 60 * 60, message: requestMessage },
  /** New passwords sent from one place, with any link. */
  confirmsByAddress: { name: "reset-confirm-address", limit: 30, windowSeconds: 15 * 60, message: confirmMessage },
  /** New passwords sent for one account, from anywhere. */
  confirmsByAccount: { name: "reset-confirm-account", limit: 10, windowSeconds: 15 * 60, message: confirmMessage },
} satisfies Record<string, RateLimitRule>;
